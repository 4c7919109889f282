import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the Dreams mod answers with (besides the agent registry's `agent_not_found`). */
export const dreamErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing or unknown field, too long). */
  dreamRequestInvalid: { status: 400, message: 'Invalid Dream request {part}: {reason}' },
  dreamCycleInProgress: { status: 409, message: 'Agent {agentId} already has a Dream cycle running ({cycleId})' },
});
