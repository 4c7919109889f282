/**
 * One HTTP exchange with a provider: bounded in time (until the response head arrives, then
 * between body chunks) and tied to the caller's signal. Whatever goes wrong surfaces as an
 * {@link UpstreamError} with the code the SDK names, so callers never guess from error text.
 *
 */
import type { Dispatcher } from 'undici';
import { findEgressRefusal, type EgressGuard } from '../../core/egress.js';
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
/**
 * After a complete answer (the stream's end marker seen), what may still follow on the body
 * before its end (the chunked terminator, trailing blank lines) is read for this long and this
 * many bytes, so the connection stays open for the next call; past either it is closed.
 */
const DRAIN_TIMEOUT_MS = 2_000;
const DRAIN_MAX_BYTES = 64 * 1024;

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  headers: Headers | Record<string, string>;
  body?: string;
}

/** An answer of {@link UpstreamCall.post}: the status, the head (lower-case names) and the body as it arrives. */
export interface UpstreamStream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

/** Origin and path of recent request URLs (every model call of a connection asks again). */
const targets = new Map<string, { origin: string; path: string }>();

function target(url: string): { origin: string; path: string } {
  let found = targets.get(url);
  if (!found) {
    const parsed = new URL(url);
    found = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    if (targets.size >= 256) targets.clear();
    targets.set(url, found);
  }
  return found;
}

export class UpstreamCall {
  private readonly controller = new AbortController();
  private stopped: { code: 'aborted' | 'upstream_timeout'; message: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The body was read to its end: nothing is left in flight. */
  private finished = false;
  /** The answer is complete (see {@link complete}); its body may still have a tail to read. */
  private answered = false;
  /** The body of a {@link post} answer. */
  private stream: UpstreamStream['body'] | undefined;
  private readonly onCallerAbort = () => this.stop('aborted', 'the model call was cancelled');

  constructor(
    private readonly signal: AbortSignal,
    private readonly timeouts: UpstreamTimeouts,
    /** Values that must never appear in an error message (the api key, header values). */
    private readonly secrets: readonly string[],
    /** Every request goes through the egress guard (`core.egress`). */
    private readonly egress: EgressGuard,
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

  /**
   * A POST whose answer is read as it streams: through the egress guard's dispatcher, without
   * the WHATWG Request and Response of {@link send} (the hot path of model calls). Redirects
   * are not followed. Resolves once the status and head are in.
   */
  async post(url: string, request: { headers: Record<string, string>; body: string }): Promise<UpstreamStream> {
    this.throwIfStopped();
    this.arm(this.timeouts.connectTimeoutMs, `the provider did not answer within ${this.timeouts.connectTimeoutMs} ms`);
    try {
      const { origin, path } = target(url);
      const dispatcher = (await this.egress.dispatcher()) as Dispatcher;
      const answer = await dispatcher.request({
        origin,
        path,
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: this.controller.signal,
      });
      this.stream = answer.body;
      if (this.stopped) answer.body.destroy();
      return { status: answer.statusCode, headers: answer.headers, body: answer.body };
    } catch (error) {
      // As `fetch` reports it (`fetch failed`, the cause inside), so failures read the same.
      throw this.failure(error instanceof TypeError ? error : Object.assign(new TypeError('fetch failed'), { cause: error }), 'upstream_unreachable');
    } finally {
      this.disarm();
    }
  }

  /** The body of a {@link post} answer chunk by chunk; a silence longer than the idle timeout ends it. */
  async *streamChunks(answer: UpstreamStream): AsyncGenerator<Uint8Array> {
    const iterator = answer.body.iterator({ destroyOnReturn: false }) as AsyncIterator<Uint8Array>;
    try {
      for (;;) {
        this.arm(this.timeouts.idleTimeoutMs, `the provider sent nothing for ${this.timeouts.idleTimeoutMs} ms`);
        let result: IteratorResult<Uint8Array>;
        try {
          result = await iterator.next();
        } catch (error) {
          throw this.failure(error, 'upstream_truncated');
        } finally {
          this.disarm();
        }
        this.throwIfStopped();
        if (result.done) {
          this.finished = true;
          return;
        }
        yield result.value;
      }
    } finally {
      if (!this.finished) await iterator.return?.();
    }
  }

  /** The error for a non-2xx {@link post} answer, quoting what the provider said. */
  async streamFailure(answer: UpstreamStream): Promise<UpstreamError> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    }
    return this.readFailure(answer.status, headers, this.streamChunks(answer));
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
        if (result.done) {
          this.finished = true;
          return;
        }
        yield result.value;
      }
    } finally {
      reader.releaseLock();
    }
  }

  /** The error for a non-2xx response, quoting what the provider said. */
  async httpFailure(response: Response): Promise<UpstreamError> {
    return this.readFailure(response.status, response.headers, this.chunks(response));
  }

  private async readFailure(status: number, headers: Headers, chunks: AsyncIterable<Uint8Array>): Promise<UpstreamError> {
    let body = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of chunks) {
        body += decoder.decode(chunk, { stream: true });
        if (body.length >= ERROR_BODY_LIMIT) break;
      }
    } catch (error) {
      // A cancel wins; an error body that stalls or breaks off still tells what it got so far.
      if (error instanceof UpstreamError && error.code === 'aborted') throw error;
    }
    return httpFailure(status, headers, body.slice(0, ERROR_BODY_LIMIT), this.secrets);
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

  /**
   * The answer of {@link post} is complete (a stream's end marker arrived) though its body may
   * not have ended yet: {@link close} then reads the tail instead of cutting the connection.
   */
  complete(): void {
    this.answered = true;
  }

  /**
   * Ends the exchange. A body read to its end leaves nothing to stop (the connection goes back
   * to the pool); after {@link complete}, the body's tail is read in the background (bounded);
   * otherwise the request is aborted, which closes the connection.
   */
  close(): void {
    this.signal.removeEventListener('abort', this.onCallerAbort);
    this.disarm();
    if (this.finished) return;
    const stream = this.stream;
    if (stream && this.answered && !this.stopped && !stream.destroyed) {
      const timer = setTimeout(() => stream.destroy(), DRAIN_TIMEOUT_MS);
      timer.unref();
      stream.dump({ limit: DRAIN_MAX_BYTES }).then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
      return;
    }
    this.controller.abort();
    stream?.destroy();
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

/**
 * Request headers from layers, later ones winning, names lower-cased (HTTP names are
 * case-insensitive): a plain record, which both `fetch` and {@link UpstreamCall.post} take,
 * without a WHATWG `Headers` object's validation and sorting on every model call.
 * @public
 */
export function mergeHeaders(...layers: Array<Record<string, string> | undefined>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const layer of layers) if (layer) for (const [name, value] of Object.entries(layer)) merged[name.toLowerCase()] = value;
  return merged;
}
