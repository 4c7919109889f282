import { defineErrorCatalog } from '../../../sdk/index.js';

/** Messages never carry an API key, a base URL (it may hold credentials) or an adapter's raw error. */
export const connectionErrors = defineErrorCatalog({
  modelConnectionNotFound: { status: 404, message: 'No model connection {connectionId}' },
  modelConnectionBaseUrlInvalid: { status: 400, message: 'baseUrl is not usable: {reason}' },
  modelConnectionModelsInvalid: { status: 400, message: 'Invalid models: {reason}' },
  modelConnectionApiTypeUnknown: { status: 400, message: 'No model provider adapter is registered for apiType {apiType}' },
  modelConnectionDiscoveryUnsupported: { status: 400, message: 'The {apiType} adapter cannot list models' },
  modelConnectionDiscoveryFailed: { status: 502, message: 'Model discovery failed for connection {connectionId}: {reason}' },
});
