/**
 * One HTTP exchange with a provider: bounded in time (until the response head arrives, then
 * between body chunks) and tied to the caller's signal. Whatever goes wrong surfaces as an
 * {@link UpstreamError} with the code the SDK names, so callers never guess from error text.
 *
 */
import { defaultEgressGuard, findEgressRefusal, type EgressGuard } from '../egress.js';
import { httpFailure, redact, UpstreamError } from './upstream-error.js';

/** Time limits of one exchange. */
export interface UpstreamTimeouts {
  /** From sending until the status line and headers arrive (connect, upload, first byte). */
  connectTimeoutMs: number;
  /** Longest silence between two body chunks. */
  idleTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: UpstreamTimeouts = { connectTimeoutMs: 30_000, idleTimeoutMs: 120_000 };

/** Enough of an error body (in characters) to quote the provider's message. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** Model lists and embedding batches; larger answers are refused rather than buffered. */
const JSON_BODY_LIMIT = 64 * 1024 * 1024;

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  headers: Headers;
  body?: string;
}

export class UpstreamCall {
  private readonly controller = new AbortController();
  private stopped: { code: 'aborted' | 'upstream_timeout'; message: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly onCallerAbort = () => this.stop('aborted', 'the model call was cancelled');

  constructor(
    private readonly signal: AbortSignal,
    private readonly timeouts: UpstreamTimeouts,
    /** Values that must never appear in an error message (the api key, header values). */
    private readonly secrets: readonly string[],
    /** Every request goes through the egress guard (`core.egress`; the default policy without one). */
    private readonly egress: EgressGuard = defaultEgressGuard,
  ) {
    if (signal.aborted) this.onCallerAbort();
    else signal.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** Sends the request; resolves once the status and headers are in. */
  async send(url: string, request: UpstreamRequest): Promise<Response> {
    this.throwIfStopped();
    this.arm(this.timeouts.connectTimeoutMs, `the provider did not answer within ${this.timeouts.connectTimeoutMs} ms`);
    try {
      // `manual`: a redirect must not carry the credential to another origin.
      return await this.egress.fetch(url, { ...request, signal: this.controller.signal, redirect: 'manual' });
    } catch (error) {
      throw this.failure(error, 'upstream_unreachable');
    } finally {
      this.disarm();
    }
  }

  /** The response body chunk by chunk; a silence longer than the idle timeout ends it. */
  async *chunks(response: Response): AsyncGenerator<Uint8Array> {
    if (!response.body) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        this.arm(this.timeouts.idleTimeoutMs, `the provider sent nothing for ${this.timeouts.idleTimeoutMs} ms`);
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await reader.read();
        } catch (error) {
          throw this.failure(error, 'upstream_truncated');
        } finally {
          this.disarm();
        }
        this.throwIfStopped();
        if (result.done) return;
        yield result.value;
      }
    } finally {
      reader.releaseLock();
    }
  }

  /** The error for a non-2xx response, quoting what the provider said. */
  async httpFailure(response: Response): Promise<UpstreamError> {
    let body = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.chunks(response)) {
        body += decoder.decode(chunk, { stream: true });
        if (body.length >= ERROR_BODY_LIMIT) break;
      }
    } catch (error) {
      // A cancel wins; an error body that stalls or breaks off still tells what it got so far.
      if (error instanceof UpstreamError && error.code === 'aborted') throw error;
    }
    return httpFailure(response.status, response.headers, body.slice(0, ERROR_BODY_LIMIT), this.secrets);
  }

  /** The whole body as JSON; `upstream_malformed` when it is not. */
  async json(response: Response): Promise<unknown> {
    const text = await this.text(response, JSON_BODY_LIMIT);
    try {
      return JSON.parse(text);
    } catch {
      throw new UpstreamError('upstream_malformed', 'the provider answered with a body that is not JSON');
    }
  }

  /** Ends the exchange; closes the connection when the body was not read to the end. */
  close(): void {
    this.signal.removeEventListener('abort', this.onCallerAbort);
    this.disarm();
    this.controller.abort();
  }

  /**
   * Any failure of this exchange as an {@link UpstreamError} whose message holds no credential:
   * the caller's cancel first, then a failure already classified (an HTTP error whose body read
   * timed out stays an HTTP error), then our timeout, then `otherwise`.
   */
  failure(error: unknown, otherwise: 'upstream_unreachable' | 'upstream_truncated' | 'upstream_malformed'): UpstreamError {
    if (this.stopped?.code === 'aborted') return new UpstreamError(this.stopped.code, this.stopped.message);
    if (error instanceof UpstreamError) {
      // Provider text can quote anything, a credential included.
      const message = redact(error.message, this.secrets);
      return message === error.message ? error : new UpstreamError(error.code, message, error.status, error.retryAfterSeconds);
    }
    if (this.stopped) return new UpstreamError(this.stopped.code, this.stopped.message);
    const refused = findEgressRefusal(error);
    if (refused) return Object.assign(new UpstreamError('egress_address_refused', refused.message), { cause: refused });
    const cause = describeCause(error);
    switch (otherwise) {
      case 'upstream_unreachable':
        return new UpstreamError(otherwise, redact(`could not reach the provider${cause ? ` (${cause})` : ''}`, this.secrets));
      case 'upstream_truncated':
        return new UpstreamError(otherwise, 'the provider closed the connection before the answer was complete');
      case 'upstream_malformed':
        // Not the network: the request or answer could not be processed (e.g. a tool schema that is not JSON).
        return new UpstreamError(otherwise, redact(`could not process the model call${cause ? ` (${cause})` : ''}`, this.secrets));
    }
  }

  private async text(response: Response, limit: number): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    let bytes = 0;
    for await (const chunk of this.chunks(response)) {
      bytes += chunk.byteLength;
      if (bytes > limit) throw new UpstreamError('upstream_malformed', `the provider's answer is larger than ${limit} bytes`);
      text += decoder.decode(chunk, { stream: true });
    }
    return text + decoder.decode();
  }

  /** Throws the cancel or timeout that stopped this exchange, if any. */
  throwIfStopped(): void {
    if (this.stopped) throw new UpstreamError(this.stopped.code, this.stopped.message);
  }

  private stop(code: 'aborted' | 'upstream_timeout', message: string): void {
    this.stopped ??= { code, message };
    this.controller.abort();
  }

  private arm(ms: number, message: string): void {
    this.disarm();
    this.timer = setTimeout(() => this.stop('upstream_timeout', message), ms);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** `ECONNREFUSED`, `ENOTFOUND`… from undici's `fetch failed` cause, or the error's own message. */
function describeCause(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : undefined;
}
