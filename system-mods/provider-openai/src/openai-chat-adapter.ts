/**
 * The `openai-chat` adapter: OpenAI-compatible Chat Completions (OpenAI, Ollama, vLLM, LM Studio,
 * llama.cpp server, OpenRouter). `stream` never throws and never hangs: every failure, including
 * the caller's cancel, ends the stream with one `error` event; otherwise it ends with `finish`.
 */
import type { LoggerService } from '../../../sdk/index.js';
import type { ModelProviderAdapter, ProviderModel, ChatRequest, ModelStreamEvent, ProviderConnection } from '../../model-connections/src/contract.js';
import { connectionSecrets, endpointUrl, isRecord, mergeHeaders, resolveTimeouts, streamSseCall, UpstreamCall, UpstreamError, type UpstreamTimeouts, type SseEvent } from '../../../sdk/helpers/providers/index.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import { chatCompletionsBody } from './chat-completions-body.js';
import { ChatStreamDecoder } from './chat-stream-decoder.js';

export interface OpenAiChatAdapterOptions extends Partial<UpstreamTimeouts> {
  /** Where failed calls are noted (code and status only, never the request). */
  log?: LoggerService;
  /** The egress guard every request goes through (`core.egress`). */
  egress: EgressGuard;
}

export class OpenAiChatAdapter implements ModelProviderAdapter {
  readonly id = 'openai-chat';
  private readonly timeouts: UpstreamTimeouts;
  private readonly log: LoggerService | undefined;
  private readonly egress: EgressGuard;

  constructor(options: OpenAiChatAdapterOptions) {
    this.timeouts = resolveTimeouts(options);
    this.log = options.log;
    this.egress = options.egress;
  }

  stream(connection: ProviderConnection, request: ChatRequest): AsyncGenerator<ModelStreamEvent> {
    const decoder = new ChatStreamDecoder();
    return streamSseCall({
      apiType: this.id,
      connection,
      request,
      timeouts: this.timeouts,
      log: this.log,
      egress: this.egress,
      build: () => ({
        url: endpointUrl(connection.baseUrl, 'chat/completions'),
        headers: requestHeaders(connection, 'text/event-stream'),
        body: JSON.stringify(chatCompletionsBody(request)),
      }),
      decoder: {
        accept: (event: SseEvent) => decoder.accept(event.data),
        get done() {
          return decoder.done;
        },
      },
      truncated: 'the stream ended before [DONE]',
    });
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
  private async getJson(connection: ProviderConnection, signal: AbortSignal, path: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<unknown> {
    const call = new UpstreamCall(signal, this.timeouts, connectionSecrets(connection), this.egress);
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

/** Connection headers first, then what the protocol needs; names merge case-insensitively. */
function requestHeaders(connection: ProviderConnection, accept: string): Record<string, string> {
  return mergeHeaders({ accept }, connection.headers, { 'content-type': 'application/json' }, connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : undefined);
}
