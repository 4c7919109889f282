import { defineErrorCatalog } from '../../../sdk/index.js';

export const agentErrors = defineErrorCatalog({
  agentNotFound: { status: 404, message: 'No agent {agentId}' },
  agentExists: { status: 409, message: 'An agent with id {agentId} already exists' },
  agentIdReserved: { status: 400, message: 'Agent id {agentId} is reserved: the workspaces folder uses it for shared content ({reserved} are reserved)' },
  agentIdInvalid: { status: 400, message: 'Agent id {agentId} is not valid: lower-case letters, digits, "-" and "_", at most 64 characters' },
  agentProfileDocumentsCompleteSetRequired: { status: 400, message: 'All six profile documents are required ({missing} missing)' },
  agentProfileDocumentsInvalid: { status: 400, message: 'Invalid profile documents: {reason}' },
  agentModelConnectionUnknown: { status: 400, message: 'No model connection {connectionId}' },
  agentModelNotEnabled: { status: 400, message: 'Model {model} is not enabled in connection {connectionId}' },
  agentReasoningEffortUnsupported: { status: 400, message: 'Model {model} does not support reasoning effort {reasoningEffort}' },
  agentExecutionEnvironmentInvalid: { status: 400, message: 'Invalid execution environment: {reason}' },
  agentDreamSettingsInvalid: { status: 400, message: 'Invalid Dream settings: {reason}' },
  agentProfileRevisionNotFound: { status: 404, message: 'No revision {revisionId} of {kind} for agent {agentId}' },
  agentProfileRevisionConflict: { status: 409, message: 'Revision {revisionId} of {kind} is {status}: {action} needs a {needed} revision' },
  agentMcpGrantsInvalid: { status: 400, message: 'Invalid MCP tool grants: {reason}' },
});
