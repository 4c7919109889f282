/**
 * The `anthropic-messages` adapter: the Anthropic Messages API. `stream` never throws and never
 * hangs: every failure, including the caller's cancel, ends the stream with one `error` event;
 * otherwise it ends with `finish`.
 */
import type { LoggerService } from '../../../sdk/index.js';
import type { ModelProviderAdapter, ProviderModel, ChatRequest, ModelStreamEvent, ProviderConnection } from '../../model-connections/src/contract.js';
import { connectionSecrets, endpointUrl, isRecord, mergeHeaders, resolveTimeouts, streamSseCall, UpstreamCall, UpstreamError, type UpstreamTimeouts } from '../../../sdk/helpers/providers/index.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import { messagesBody } from './messages-request-body.js';
import { MessagesStreamDecoder } from './messages-stream-decoder.js';

/** The API version this adapter speaks (request and event shapes). */
export const ANTHROPIC_VERSION = '2023-06-01';
/** The model list is paged; this many pages is far beyond any real catalog. */
const MAX_MODEL_PAGES = 50;

export interface AnthropicMessagesAdapterOptions extends Partial<UpstreamTimeouts> {
  /** Where failed calls are noted (code and status only, never the request). */
  log?: LoggerService;
  /** The egress guard every request goes through (`core.egress`). */
  egress: EgressGuard;
}

export class AnthropicMessagesAdapter implements ModelProviderAdapter {
  readonly id = 'anthropic-messages';
  private readonly timeouts: UpstreamTimeouts;
  private readonly log: LoggerService | undefined;
  private readonly egress: EgressGuard;

  constructor(options: AnthropicMessagesAdapterOptions) {
    this.timeouts = resolveTimeouts(options);
    this.log = options.log;
    this.egress = options.egress;
  }

  stream(connection: ProviderConnection, request: ChatRequest): AsyncGenerator<ModelStreamEvent> {
    const decoder = new MessagesStreamDecoder();
    return streamSseCall({
      apiType: this.id,
      connection,
      request,
      timeouts: this.timeouts,
      log: this.log,
      egress: this.egress,
      build: () => ({
        url: endpointUrl(connection.baseUrl, 'messages'),
        headers: requestHeaders(connection, 'text/event-stream'),
        body: JSON.stringify(messagesBody(request)),
      }),
      decoder: decoder,
      truncated: 'the stream ended before message_stop',
    });
  }

  async listModels(connection: ProviderConnection, signal: AbortSignal): Promise<ProviderModel[]> {
    const models: ProviderModel[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_MODEL_PAGES; page++) {
      const answer = await this.getJson(connection, signal, 'models', { limit: '1000', ...(after !== undefined && { after_id: after }) });
      const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data : undefined;
      if (!isRecord(answer) || !data) throw new UpstreamError('upstream_malformed', 'the model list has no data array');
      for (const entry of data) {
        if (isRecord(entry) && typeof entry.id === 'string') models.push({ id: entry.id });
      }
      if (answer.has_more !== true || typeof answer.last_id !== 'string') break;
      after = answer.last_id;
    }
    return models;
  }

  /** One GET with a JSON answer; rejects with an {@link UpstreamError}. */
  private async getJson(connection: ProviderConnection, signal: AbortSignal, path: string, query: Record<string, string>): Promise<unknown> {
    const call = new UpstreamCall(signal, this.timeouts, connectionSecrets(connection), this.egress);
    try {
      const response = await call.send(endpointUrl(connection.baseUrl, path, query), { method: 'GET', headers: requestHeaders(connection, 'application/json') });
      if (!response.ok) throw await call.httpFailure(response);
      return await call.json(response);
    } catch (error) {
      throw call.failure(error, 'upstream_malformed');
    } finally {
      call.close();
    }
  }
}

/**
 * The API version first, so a connection can pin another or add `anthropic-beta`; then the
 * connection's headers; then what the protocol needs. Names merge case-insensitively.
 */
function requestHeaders(connection: ProviderConnection, accept: string): Record<string, string> {
  return mergeHeaders({ accept, 'anthropic-version': ANTHROPIC_VERSION }, connection.headers, { 'content-type': 'application/json' }, connection.apiKey ? { 'x-api-key': connection.apiKey } : undefined);
}
