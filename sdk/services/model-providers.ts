/**
 * Model provider adapters: one normalized event stream out of every provider API. Adapter mods
 * declare `contributes.modelProviders: [{id, name}]` and register each declared id through
 * `coreServices.modelProviders`; the chat runtime and the model connections mod find them in
 * `coreServices.modelProviderCatalog` by the connection's `apiType`.
 */

/**
 * A provider's reasoning as it must be sent back within the same turn (Anthropic: thinking
 * blocks with their signature, redacted thinking), opaque to the runtime. @public
 */
export type ReasoningBlock = { kind: 'thinking'; text: string; signature: string } | { kind: 'redacted'; data: string };

/** A message in a chat request. @public */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** Text, or parts (text and images as data URLs) for user messages. */
  content: string | Array<{ type: 'text'; text: string } | { type: 'image'; dataUrl: string }>;
  /** Tool calls the assistant made (assistant messages). */
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
  /** The call this message answers (tool messages). */
  toolCallId?: string;
  /** Reasoning blocks of this assistant message, replayed as the provider received them. */
  reasoning?: ReasoningBlock[];
}

/** A tool the model may call. @public */
export interface ChatTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  inputSchema: Record<string, unknown>;
}

/** One model call. @public */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  temperature?: number;
  /** `off` or a provider effort value; adapters map it to the API's own field. */
  reasoningEffort?: string;
  maxOutputTokens?: number;
  /** Aborting closes the upstream request. */
  signal: AbortSignal;
}

/** What a provider answers, normalized. Exactly one `finish` or `error` ends every stream. @public */
export type ModelStreamEvent =
  | { type: 'text'; delta: string }
  | { type: 'thought'; delta: string }
  /** A finished reasoning block to hand back with the assistant message in the next call of the turn. */
  | { type: 'reasoning_block'; block: ReasoningBlock }
  /** A complete tool call (adapters assemble argument deltas first). */
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'usage'; inputTokens?: number; outputTokens?: number; reasoningTokens?: number }
  | { type: 'finish'; reason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other' }
  /** `code`: `upstream_http_error`, `upstream_rate_limited`, `upstream_malformed`, `upstream_truncated`, `upstream_timeout`, `upstream_unreachable`, `aborted`. */
  | { type: 'error'; code: string; message: string; status?: number; retryAfterSeconds?: number };

/** The connection an adapter talks to (the credential already decrypted, never logged). @public */
export interface ProviderConnection {
  id: string;
  baseUrl: string;
  apiKey?: string;
  /** Extra request headers for this connection. */
  headers?: Record<string, string>;
}

/** A model as a provider lists it. @public */
export interface ProviderModel {
  id: string;
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
}

/** One provider API (`apiType`). @public */
export interface ModelProviderAdapter {
  /** The `apiType` it serves, e.g. `openai-chat`, `anthropic-messages`; must be declared in the manifest. */
  id: string;
  /** Streams one model call; never throws for upstream failures (they end the stream with an `error` event). */
  stream(connection: ProviderConnection, request: ChatRequest): AsyncIterable<ModelStreamEvent>;
  /** The provider's model list (`/models`). */
  listModels?(connection: ProviderConnection, signal: AbortSignal): Promise<ProviderModel[]>;
  /** Embeddings for texts (OpenAI-compatible `/embeddings`). */
  embed?(connection: ProviderConnection, request: { model: string; input: string[]; signal: AbortSignal }): Promise<number[][]>;
}

/** Registers the adapters a mod declares in `contributes.modelProviders`. @public */
export interface ModelProviderRegistrarService {
  register(adapter: ModelProviderAdapter): import('../disposable.js').Disposable;
}

/** Every registered adapter, by `apiType`. @public */
export interface ModelProviderCatalogService {
  get(apiType: string): ModelProviderAdapter | undefined;
  list(): Array<{ id: string; modId: string }>;
}
