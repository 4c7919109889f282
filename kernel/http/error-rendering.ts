/**
 * Maps anything thrown on the request path to `{ok:false, error, message}` with the
 * catalogued status. Fastify's own request errors (`FST_ERR_*`) are mapped in
 * `framework-errors.ts`. Unknown errors become a bare 500 `internal_error`: their text may hold
 * details (paths, queries) that do not belong in a response.
 */
import { isSvcError, type SvcError } from '../../sdk/errors.js';
import { errors } from '../errors.js';
import { frameworkError, type FrameworkErrorLimits } from './framework-errors.js';

export function toSvcError(error: unknown, limits: FrameworkErrorLimits): SvcError | undefined {
  if (isSvcError(error)) return error;
  const framework = frameworkError(error, limits);
  if (framework) return framework;
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) return errors.invalidJson();
  return undefined;
}

export function errorBody(error: SvcError): Record<string, unknown> {
  return { ok: false, error: error.code, message: error.message, ...(error.details ?? {}) };
}
