import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the Dreams mod answers with (besides the agent registry's `agent_not_found`). */
export const dreamErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing or unknown field, too long). */
  dreamRequestInvalid: { status: 400, message: 'Invalid Dream request {part}: {reason}' },
  dreamCycleInProgress: { status: 409, message: 'Agent {agentId} already has a Dream cycle running ({cycleId})' },
  /** Consolidation: neither the Dream settings nor the agent name a model. */
  dreamMemoryModelNotConfigured: { status: 400, message: 'Agent {agentId} has no model for Dreams: select a chat model for the agent or a Dream model in its Dream settings' },
  /** Consolidation: the named model cannot be used now (connection gone, model disabled). */
  dreamMemoryModelUnusable: { status: 400, message: 'The Dream model {model} on {connectionId} cannot be used: {reason}' },
  dreamMemoryDiaryEmpty: { status: 409, message: 'Agent {agentId} has no Dream diary entries to consolidate' },
  dreamMemoryInProgress: { status: 409, message: 'A Dream memory consolidation of agent {agentId} is already running' },
  /** Consolidation: the model run failed or answered nothing; DREAM_MEMORY is unchanged. */
  dreamMemoryModelFailed: { status: 500, message: 'The Dream memory could not be written: {reason}' },
});
