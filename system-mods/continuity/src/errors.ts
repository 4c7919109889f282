import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the continuity mod answers with (besides the agent registry's `agent_not_found`). */
export const continuityErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing or unknown field, oversized value). */
  continuityRequestInvalid: { status: 400, message: 'Invalid continuity request {part}: {reason}' },
  /** A scope named by a chat turn that the route schema cannot check (control characters). */
  continuityScopeInvalid: { status: 400, message: 'Continuity scope is invalid: {reason}' },
  continuityScopeMismatch: { status: 409, message: 'Session {sessionId} of agent {agentId} belongs to continuity scope "{boundScope}", not "{requestedScope}"; unbind or rebind it first' },
});
