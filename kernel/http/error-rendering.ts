/**
 * Maps anything thrown on the request path to `{ok:false, error, message}` with the
 * catalogued status. Unknown errors become a bare 500 `internal_error`: their text may hold
 * details (paths, queries) that do not belong in a response.
 */
import { isSvcError, type SvcError } from '../../sdk/errors.js';
import { errors } from '../errors.js';

const FASTIFY_CODES: Record<string, () => SvcError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => errors.applicationJsonRequired(),
  FST_ERR_CTP_INVALID_JSON_BODY: () => errors.invalidJson(),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => errors.invalidJson(),
};

export function toSvcError(error: unknown): SvcError | undefined {
  if (isSvcError(error)) return error;
  const code = (error as { code?: string }).code;
  if (code && FASTIFY_CODES[code]) return FASTIFY_CODES[code]!();
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) return errors.invalidJson();
  return undefined;
}

export function errorBody(error: SvcError): Record<string, unknown> {
  return { ok: false, error: error.code, message: error.message, ...(error.details ?? {}) };
}
