/**
 * How a provider call fails: the terminal `error` event of a stream, and the error `listModels`
 * and `embed` reject with. A message says the HTTP status and at most a short summary: the
 * `message` field of a JSON error answer, flattened to printable text and cut at 200
 * characters, never a credential. Anything else the upstream sent (an HTML page, plain text,
 * other JSON) is not repeated: the URL may point at a service whose answer must not reach API
 * clients.
 *
 */
import type { ModelStreamEvent } from './model-wire.js';

/** The codes of the SDK's `error` stream event. */
export type UpstreamErrorCode =
  | 'upstream_http_error'
  | 'upstream_rate_limited'
  | 'upstream_malformed'
  | 'upstream_truncated'
  | 'upstream_timeout'
  | 'upstream_unreachable'
  /** The egress guard refused the address (link-local, metadata, or loopback/private by policy). */
  | 'egress_address_refused'
  /** The connection does not exist, or no adapter serves its API type (or the operation). */
  | 'connection_unavailable'
  /** A budget the call would cross refused it before anything was sent (the model gateway's taps). */
  | 'budget_exhausted'
  | 'aborted';

export type UpstreamErrorEvent = Extract<ModelStreamEvent, { type: 'error' }>;

/** Longest piece of provider error text quoted in a message. */
const MAX_PROVIDER_TEXT = 200;
/** Shorter values are too likely to occur in ordinary text to be masked. */
const MIN_SECRET_LENGTH = 4;

export class UpstreamError extends Error {
  constructor(
    readonly code: UpstreamErrorCode,
    message: string,
    readonly status?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  toEvent(): UpstreamErrorEvent {
    return {
      type: 'error',
      code: this.code,
      message: this.message,
      ...(this.status !== undefined && { status: this.status }),
      ...(this.retryAfterSeconds !== undefined && { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

/** The error for a non-2xx answer; `body` is the (bounded) response text. */
export function httpFailure(status: number, headers: Headers, body: string, secrets: readonly string[]): UpstreamError {
  const quoted = providerErrorText(body);
  const message = redact(`the provider answered HTTP ${status}${quoted ? `: ${quoted}` : ''}`, secrets);
  if (status === 429) return new UpstreamError('upstream_rate_limited', message, status, retryAfterSeconds(headers));
  return new UpstreamError('upstream_http_error', message, status);
}

/** Seconds to wait from `retry-after` (seconds or an HTTP date), else `retry-after-ms`. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms) / 1000);
  return undefined;
}

/**
 * The summary of an error body: the message of `{error: {message}}` (OpenAI, Anthropic,
 * llama.cpp), `{error: "…"}` (Ollama), `{message}` (vLLM), `{detail}` (FastAPI), with control
 * and formatting characters removed, blanks collapsed and cut at 200 characters. Any other body
 * (not JSON, or JSON without such a string) gives '': it is never quoted.
 */
export function providerErrorText(body: string): string {
  let text = '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed)) {
      const error = parsed.error;
      const candidate = isRecord(error) ? error.message : (error ?? parsed.message ?? parsed.detail);
      if (typeof candidate === 'string') text = candidate;
    }
  } catch {
    // not JSON: nothing is quoted
  }
  const flat = text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > MAX_PROVIDER_TEXT ? `${chars.slice(0, MAX_PROVIDER_TEXT).join('')}…` : flat;
}

/** Masks every occurrence of a credential (providers do echo keys, e.g. "Incorrect API key provided: sk-…"). */
export function redact(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.split(secret).join('[redacted]');
  }
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
