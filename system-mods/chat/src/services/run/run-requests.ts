/**
 * The run engine's requests from other mods, checked against the same schemas the chat routes
 * publish (a mod is not an HTTP client: nothing checked them before they reach the engine).
 */
import Ajv from 'ajv';
import { chatErrors as errors } from '../../errors.js';
import { runCancelRequest, runReplayRequest, runStartRequest, runSteerRequest } from '../../schemas/chat.schema.js';

const ajv = new Ajv.default({ strict: false, allErrors: false });
const validators = {
  start: ajv.compile(runStartRequest),
  cancel: ajv.compile(runCancelRequest),
  steer: ajv.compile(runSteerRequest),
  replay: ajv.compile(runReplayRequest),
};

/** Throws 400 `chat_run_request_invalid` naming the first problem. */
export function checkRunRequest(kind: keyof typeof validators, request: unknown): void {
  const validate = validators[kind];
  if (!validate(request)) throw errors.chatRunRequestInvalid({ reason: ajv.errorsText(validate.errors, { dataVar: 'request' }) });
}
