/**
 * The `openai-chat` adapter: OpenAI-compatible Chat Completions (OpenAI, Ollama, vLLM, LM Studio,
 * llama.cpp server, OpenRouter). `stream` never throws and never hangs: every failure, including
 * the caller's cancel, ends the stream with one `error` event; otherwise it ends with `finish`.
 */
import type {
  ChatRequest,
  LoggerService,
  ModelProviderAdapter,
  ModelStreamEvent,
  ProviderConnection,
  ProviderModel,
} from '../../../sdk/index.js';
import { chatCompletionsBody } from './chat-completions-body.js';
import { ChatStreamDecoder } from './chat-stream-decoder.js';
import { endpointUrl } from '../../../sdk/providers/index.js';
import { SseParser } from '../../../sdk/providers/index.js';
import { DEFAULT_TIMEOUTS, UpstreamCall, type UpstreamTimeouts } from '../../../sdk/providers/index.js';
import { isRecord, UpstreamError } from '../../../sdk/providers/index.js';

export interface OpenAiChatAdapterOptions extends Partial<UpstreamTimeouts> {
  /** Where failed calls are noted (code and status only, never the request). */
  log?: LoggerService;
}

export class OpenAiChatAdapter implements ModelProviderAdapter {
  readonly id = 'openai-chat';
  private readonly timeouts: UpstreamTimeouts;
  private readonly log: LoggerService | undefined;

  constructor(options: OpenAiChatAdapterOptions = {}) {
    this.timeouts = {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectTimeoutMs,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_TIMEOUTS.idleTimeoutMs,
    };
    this.log = options.log;
  }

  async *stream(connection: ProviderConnection, request: ChatRequest): AsyncGenerator<ModelStreamEvent> {
    const call = new UpstreamCall(request.signal, this.timeouts, secretsOf(connection));
    try {
      const url = endpointUrl(connection.baseUrl, 'chat/completions');
      const body = JSON.stringify(chatCompletionsBody(request));
      const response = await call.send(url, { method: 'POST', headers: requestHeaders(connection, 'text/event-stream'), body });
      if (!response.ok) throw await call.httpFailure(response);
      if (response.headers.get('content-type')?.includes('json')) {
        throw new UpstreamError('upstream_malformed', 'the provider answered with JSON instead of an event stream');
      }
      const parser = new SseParser();
      const decoder = new ChatStreamDecoder();
      for await (const bytes of call.chunks(response)) {
        for (const event of parser.push(bytes)) {
          for (const out of decoder.accept(event.data)) {
            // A cancel between two events of one chunk ends the stream there.
            call.throwIfStopped();
            yield out;
          }
          if (decoder.done) return;
        }
      }
      throw new UpstreamError('upstream_truncated', 'the stream ended before [DONE]');
    } catch (error) {
      const failure = call.failure(error, 'upstream_malformed');
      const note = { apiType: this.id, connectionId: connection.id, code: failure.code, status: failure.status };
      if (failure.code === 'aborted') this.log?.debug(note, 'model call cancelled');
      else this.log?.warn(note, 'model call failed');
      yield failure.toEvent();
    } finally {
      call.close();
    }
  }

  async listModels(connection: ProviderConnection, signal: AbortSignal): Promise<ProviderModel[]> {
    const answer = await this.getJson(connection, signal, 'models', { method: 'GET' });
    const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data : undefined;
    if (!data) throw new UpstreamError('upstream_malformed', 'the model list has no data array');
    return data.flatMap((entry): ProviderModel[] => {
      if (!isRecord(entry) || typeof entry.id !== 'string') return [];
      // OpenRouter: context_length; Groq, Together: context_window; vLLM: max_model_len.
      const window = [entry.context_length, entry.context_window, entry.max_model_len].find((v) => typeof v === 'number');
      return [{ id: entry.id, ...(typeof window === 'number' && { contextWindow: window }) }];
    });
  }

  async embed(connection: ProviderConnection, request: { model: string; input: string[]; signal: AbortSignal }): Promise<number[][]> {
    if (request.input.length === 0) return [];
    const body = JSON.stringify({ model: request.model, input: request.input });
    const answer = await this.getJson(connection, request.signal, 'embeddings', { method: 'POST', body });
    const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data : undefined;
    if (!data) throw new UpstreamError('upstream_malformed', 'the embeddings answer has no data array');
    const vectors: number[][] = new Array(request.input.length);
    data.forEach((entry, position) => {
      if (!isRecord(entry) || !Array.isArray(entry.embedding) || !entry.embedding.every((v) => typeof v === 'number')) {
        throw new UpstreamError('upstream_malformed', 'an embedding is not an array of numbers');
      }
      const index = typeof entry.index === 'number' ? entry.index : position;
      if (!Number.isInteger(index) || index < 0 || index >= vectors.length || vectors[index]) {
        throw new UpstreamError('upstream_malformed', `embedding index ${index} does not match the ${vectors.length} inputs`);
      }
      vectors[index] = entry.embedding as number[];
    });
    if (data.length !== request.input.length) {
      throw new UpstreamError('upstream_malformed', `asked for ${request.input.length} embeddings, got ${data.length}`);
    }
    return vectors;
  }

  /** One JSON request/response exchange; rejects with an {@link UpstreamError}. */
  private async getJson(
    connection: ProviderConnection,
    signal: AbortSignal,
    path: string,
    init: { method: 'GET' | 'POST'; body?: string },
  ): Promise<unknown> {
    const call = new UpstreamCall(signal, this.timeouts, secretsOf(connection));
    try {
      const response = await call.send(endpointUrl(connection.baseUrl, path), { ...init, headers: requestHeaders(connection, 'application/json') });
      if (!response.ok) throw await call.httpFailure(response);
      return await call.json(response);
    } catch (error) {
      throw call.failure(error, 'upstream_malformed');
    } finally {
      call.close();
    }
  }
}

/** Connection headers first, then what the protocol needs; `Headers` merges names case-insensitively. */
function requestHeaders(connection: ProviderConnection, accept: string): Headers {
  const headers = new Headers({ accept });
  for (const [name, value] of Object.entries(connection.headers ?? {})) headers.set(name, value);
  headers.set('content-type', 'application/json');
  if (connection.apiKey) headers.set('authorization', `Bearer ${connection.apiKey}`);
  return headers;
}

/** What no error message may contain. */
function secretsOf(connection: ProviderConnection): string[] {
  return [connection.apiKey ?? '', ...Object.values(connection.headers ?? {})];
}
