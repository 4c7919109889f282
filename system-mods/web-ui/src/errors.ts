import { defineErrorCatalog } from '../../../sdk/index.js';

export const webUiErrors = defineErrorCatalog({
  uiAssetNotFound: { status: 404, message: 'No UI asset {file}' },
});
