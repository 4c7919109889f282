import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the Brains mod answers with (besides the agent registry's `agent_not_found`). */
export const brainErrors = defineErrorCatalog({
  brainRecordNotFound: { status: 404, message: 'No Brain record {id} for agent {agentId}' },
  /** A `/api/brains` request whose shape fails the route schema (wrong type, missing field, too long, unknown field). */
  brainRecordInvalid: { status: 400, message: 'Invalid Brain request {part}: {reason}' },
  /** The same for `/api/settings/brain-embeddings`. */
  brainEmbeddingSettingsInvalid: { status: 400, message: 'Invalid Brain embeddings request {part}: {reason}' },
  brainRevisionConflictOrOperatorAuthority: {
    status: 409,
    message: 'Brain record {id} was not changed: {reason}',
  },
  brainTitleRequired: { status: 400, message: 'A Brain record needs a title that is not blank' },
  brainContentRequired: { status: 400, message: 'A Brain record needs content that is not blank' },
  brainSourceRefsInvalid: { status: 400, message: 'sourceRefs must be a list of non-empty strings: {reason}' },
  brainExpectedRevisionInvalid: { status: 400, message: 'expectedRevision must be a positive integer' },
  brainRevisionInvalid: { status: 400, message: '{field} must be a positive integer revision' },
  /** A restore names a revision the record never had. */
  brainRevisionNotFound: { status: 404, message: 'Brain record {id} has no revision {revision}' },
  /** A restore names the revision that deleted the record: delete it again instead. */
  brainRestoreTombstone: { status: 400, message: 'Revision {revision} of Brain record {id} is its deletion; restore a revision with content' },
  /** The operator asked to review agent writes, and nothing can hold them for review (the tiddle mod is off). */
  brainReviewUnavailable: { status: 503, message: 'Agent writes to Brains are held for review, but the promotion inbox (the tiddle mod) is not running' },
  brainLimitInvalid: { status: 400, message: 'limit must be a positive safe integer, got {limit}' },
  brainCursorInvalid: { status: 400, message: 'The cursor was not issued by this service for this request: {reason}' },
  brainCursorStale: { status: 400, message: 'The cursor no longer applies: {reason}; start again without a cursor' },
  brainQueryRequired: { status: 400, message: 'A search needs a query that is not blank' },
  brainEmbeddingSelectionIncomplete: {
    status: 400,
    message: 'Brain embeddings need both connectionId and model {when}',
  },
  brainEmbeddingConnectionUnknown: { status: 400, message: 'No model connection {connectionId} (is the model connections mod enabled?)' },
  brainEmbeddingRequestFailed: { status: 400, message: 'The embeddings request failed: {reason}' },
  /** An export whose Brain records alone pass the bound an import reads: refused whole, never cut short. */
  brainExportTooLarge: {
    status: 413,
    message: 'The Brain records take {bytes} bytes in a bundle, more than the {maxBytes} bytes an import reads; export without the brains category',
  },
});
