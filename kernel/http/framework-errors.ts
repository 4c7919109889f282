/**
 * What the HTTP parser and Fastify refuse, answered from the error catalogue. Without this a
 * request the framework refuses on its own (an undeclared method such as `QUERY` without a
 * content type, an over-long path segment, a malformed header) was answered with Fastify's body
 * (`{error:"Bad Request", statusCode}`) or, worse, fell through to a 500 `internal_error`:
 * a client's mistake reported as the service's failure.
 *
 * Three places meet such requests, and each uses this file:
 * - `frameworkError()` for an `FST_ERR_*` error that reaches the error handler or Fastify's
 *   `frameworkErrors` hook: by code first, then by the status Fastify gave it;
 * - `clientErrorResponse()` for what Node's HTTP parser refuses before there is a request at
 *   all (`clientError`: bad methods, versions, header fields, framing, oversized headers);
 * - the messages never quote the request: the reasons are fixed text chosen by code.
 */
import type { Duplex } from 'node:stream';
import type { SvcError } from '../../sdk/errors.js';
import { errors } from '../errors.js';

export interface FrameworkErrorLimits {
  /** The configured request body budget, named in `request_body_too_large`. */
  requestMaxBytes: number;
}

/** The methods the dispatcher serves (and OPTIONS for preflights): the `Allow` of a 405. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

type Mapper = (limits: FrameworkErrorLimits, error: { message?: string }) => SvcError;

/** Fastify's request-time errors by code (lib/errors.js of Fastify 5). */
const BY_CODE: Readonly<Record<string, Mapper>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => errors.applicationJsonRequired(),
  // A body method (QUERY) without a content type: the service reads JSON bodies only.
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: () => errors.applicationJsonRequired(),
  FST_ERR_ROUTE_MISSING_CONTENT: () => errors.applicationJsonRequired(),
  FST_ERR_CTP_INVALID_JSON_BODY: () => errors.invalidJson(),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => errors.invalidJson(),
  FST_ERR_CTP_BODY_TOO_LARGE: (limits) => errors.requestBodyTooLarge({ limit: limits.requestMaxBytes }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => errors.requestMalformed({ reason: 'the body does not match its Content-Length' }),
  FST_ERR_BAD_URL: () => errors.pathMalformed(),
  FST_ERR_INVALID_URL: () => errors.pathMalformed(),
  FST_ERR_MAX_PARAM_LENGTH: () => errors.requestPathTooLong(),
  FST_ERR_VALIDATION: () => errors.requestValidationFailed({ part: 'request', reason: 'it does not match the route schema' }),
};

/** Any other `FST_ERR_*` a request caused, by the status Fastify gave it. */
function byStatus(status: number, limits: FrameworkErrorLimits): SvcError {
  switch (status) {
    case 404:
      return errors.routeNotFound({ method: 'this method', path: 'this path' });
    case 405:
      return errors.methodNotAllowed(undefined, { headers: { allow: ALLOWED_METHODS } });
    case 408:
      return errors.requestTimeout();
    case 413:
      return errors.requestBodyTooLarge({ limit: limits.requestMaxBytes });
    case 414:
      return errors.requestPathTooLong();
    case 415:
      return errors.applicationJsonRequired();
    case 431:
      return errors.requestHeadersTooLarge();
    default:
      return errors.requestMalformed({ reason: 'the framework refused it' });
  }
}

/**
 * The catalogued error for a Fastify framework error, or undefined when `error` is not one a
 * request can cause (a 5xx `FST_ERR_*` is a fault in how the service uses Fastify: it stays an
 * `internal_error` and is logged).
 */
export function frameworkError(error: unknown, limits: FrameworkErrorLimits): SvcError | undefined {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('FST_ERR_')) return undefined;
  const mapped = BY_CODE[code];
  if (mapped) return mapped(limits, error as { message?: string });
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return byStatus(statusCode, limits);
  return undefined;
}

/** Node's parser error codes (llhttp `HPE_*`) → a fixed reason: nothing of the request is quoted. */
const PARSER_REASONS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: 'unknown method',
  HPE_INVALID_VERSION: 'unsupported HTTP version',
  HPE_INVALID_URL: 'malformed request target',
  HPE_INVALID_HEADER_TOKEN: 'malformed header field',
  HPE_INVALID_CONSTANT: 'malformed request line',
  HPE_INVALID_CONTENT_LENGTH: 'malformed Content-Length',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'both Content-Length and Transfer-Encoding',
  HPE_INVALID_TRANSFER_ENCODING: 'unsupported Transfer-Encoding',
  HPE_INVALID_CHUNK_SIZE: 'malformed chunk size',
  HPE_STRICT: 'malformed request framing',
  HPE_LF_EXPECTED: 'malformed line ending',
  HPE_CR_EXPECTED: 'malformed line ending',
  HPE_UNEXPECTED_SPACE: 'malformed request line',
  HPE_INVALID_EOF_STATE: 'the request ended early',
};

/** The catalogued error for what Node's HTTP parser refused (`clientError`). */
export function clientErrorResponse(code: string | undefined): SvcError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT' || code === 'HPE_HEADERS_TIMEOUT') return errors.requestTimeout();
  if (code === 'HPE_HEADER_OVERFLOW') return errors.requestHeadersTooLarge();
  if (code === 'HPE_INVALID_METHOD') return errors.methodNotAllowed(undefined, { headers: { allow: ALLOWED_METHODS } });
  return errors.requestMalformed({ reason: (code && PARSER_REASONS[code]) ?? 'malformed request' });
}

/**
 * Fastify's `clientErrorHandler`: writes the catalogued answer on the raw socket (there is no
 * request object yet) and closes the connection once it is out, as Node's own handler does.
 */
export function writeClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody to answer; a response already under way cannot be replaced.
  const pending = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || socket.destroyed || pending?.headersSent) {
    socket.destroy();
    return;
  }
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const refused = clientErrorResponse(error.code);
  const body = JSON.stringify({ ok: false, error: refused.code, message: refused.message });
  const extra = Object.entries(refused.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${refused.status} ${STATUS_TEXT[refused.status] ?? 'Bad Request'}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      // Whatever path it was for, it is an answer of this service's API: same-origin only.
      'cross-origin-resource-policy: same-origin\r\n' +
      extra +
      'connection: close\r\n\r\n' +
      body,
    () => socket.destroy(),
  );
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
