import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the tiddle mod answers with (besides the agent registry's `agent_not_found`). */
export const tiddleErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing or unknown field, out of bounds). */
  tiddleRequestInvalid: { status: 400, message: 'Invalid Tiddle request {part}: {reason}' },
  tiddleCandidateInvalid: { status: 400, message: 'Invalid promotion candidate: {reason}' },
  tiddleCandidateNotFound: { status: 404, message: 'No promotion candidate {id} for agent {agentId}' },
  tiddleCandidateDecided: { status: 409, message: 'Promotion candidate {id} was already {status}' },
  tiddleCardNotFound: { status: 404, message: 'No card {cardId} for agent {agentId}' },
});
