import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the Forge mod answers with. */
export const forgeErrors = defineErrorCatalog({
  /** A request whose shape fails the route schema (wrong type, missing field, too long, unknown field such as `attachments`). */
  forgeRequestInvalid: { status: 400, message: 'Invalid Forge request {part}: {reason}' },
  forgeSelectionIncomplete: { status: 400, message: 'A Forge job needs either mode alone (its saved selection) or both connectionId and modelId' },
  forgeSelectionNotSet: { status: 400, message: 'No connection and model are selected for mode {mode}: save a selection or send connectionId and modelId' },
  forgeModeRequired: { status: 400, message: 'Model {modelId} of connection {connectionId} serves several modes ({modes}): send mode too' },
  forgeModelIneligible: { status: 400, message: 'Model {modelId} of connection {connectionId} is not eligible for {mode}: {reason}' },
  forgeConnectionsUnavailable: { status: 503, message: 'Model connections are not available (is the model connections mod enabled?)' },
  forgeIdempotencyConflict: { status: 409, message: 'idempotencyKey {key} was already used for a different Forge request' },
  forgeJobNotFound: { status: 404, message: 'No Forge job {id}' },
  forgeArtifactNotFound: { status: 404, message: 'No artifact {artifactId} in Forge job {id}' },
  forgeJobNotSucceeded: { status: 409, message: 'Forge job {id} is {status}: only the artifacts of a succeeded job can be attached' },
  forgeAttachUnavailable: { status: 503, message: 'Attaching needs the chat mod (is it enabled?)' },
  forgeCursorInvalid: { status: 400, message: 'The cursor was not issued by this service: start again without a cursor' },
});
