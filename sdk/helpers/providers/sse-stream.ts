/**
 * The skeleton every streaming adapter shares: one POST, the status and content-type checks,
 * SSE parsing, the adapter's own decoding, and the rule that every failure (HTTP, malformed,
 * truncated, timeout, abort) ends the stream with exactly one `error` event, logged without
 * the request.
 */
import type { EgressGuard } from '../../core/egress.js';
import type { ChatRequest, ModelStreamEvent, ProviderConnection } from './model-wire.js';
import { SseParser, type SseEvent } from './sse-parser.js';
import { DEFAULT_TIMEOUTS, UpstreamCall, type UpstreamTimeouts } from './upstream-call.js';
import { UpstreamError } from './upstream-error.js';

/** Where failed calls are noted (code and status only). */
export interface AdapterLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Timeouts with the defaults filled in. */
export function resolveTimeouts(options: Partial<UpstreamTimeouts> = {}): UpstreamTimeouts {
  return {
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs,
  };
}

/** Values that must never appear in an error message: the key and every connection header value. */
export function connectionSecrets(connection: ProviderConnection): string[] {
  return [connection.apiKey ?? '', ...Object.values(connection.headers ?? {})];
}

/** A stream decoder: events in, normalized events out; `done` once the provider's end marker arrived. */
export interface SseDecoder {
  accept(event: SseEvent): Iterable<ModelStreamEvent>;
  readonly done: boolean;
}

export async function* streamSseCall(options: {
  apiType: string;
  connection: ProviderConnection;
  request: Pick<ChatRequest, 'signal'>;
  timeouts: UpstreamTimeouts;
  log?: AdapterLog;
  /** The egress guard the request goes through (`core.egress`). */
  egress: EgressGuard;
  /** Builds the request inside the stream, so a bad base URL or body also ends as an `error` event. */
  build(): { url: string; headers: Record<string, string>; body: string };
  decoder: SseDecoder;
  /** Said when the stream ends before the decoder saw the end marker. */
  truncated: string;
}): AsyncGenerator<ModelStreamEvent> {
  const { connection, decoder } = options;
  const call = new UpstreamCall(options.request.signal, options.timeouts, connectionSecrets(connection), options.egress);
  try {
    const { url, headers, body } = options.build();
    const answer = await call.post(url, { headers, body });
    if (answer.status < 200 || answer.status > 299) throw await call.streamFailure(answer);
    const contentType = answer.headers['content-type'];
    if ((Array.isArray(contentType) ? contentType.join(', ') : contentType)?.includes('json')) {
      throw new UpstreamError('upstream_malformed', 'the provider answered with JSON instead of an event stream');
    }
    const parser = new SseParser();
    for await (const bytes of call.streamChunks(answer)) {
      for (const event of parser.push(bytes)) {
        for (const out of decoder.accept(event)) {
          // A cancel between two events of one chunk ends the stream there.
          call.throwIfStopped();
          yield out;
        }
        if (decoder.done) {
          // Complete: the body's tail is read after this, so the connection can be reused.
          call.complete();
          return;
        }
      }
    }
    throw new UpstreamError('upstream_truncated', options.truncated);
  } catch (error) {
    const failure = call.failure(error, 'upstream_malformed');
    const note = { apiType: options.apiType, connectionId: connection.id, code: failure.code, status: failure.status };
    if (failure.code === 'aborted') options.log?.debug(note, 'model call cancelled');
    else options.log?.warn(note, 'model call failed');
    yield failure.toEvent();
  } finally {
    call.close();
  }
}
