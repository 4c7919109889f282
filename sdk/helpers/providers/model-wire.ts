/**
 * The wire language of model calls: requests, messages and the normalized event stream every
 * provider adapter answers with, shared by the model gateway, the chat runtime and this adapter
 * kit (`sdk/helpers/providers/`), which speaks it and so keeps it in the SDK. The adapters
 * themselves are contributions to the model connections mod's `model-connections.providers`
 * extension point; their type lives in that mod's contract
 * (`system-mods/model-connections/src/contract.ts`), which re-exports these types for the mods
 * that call the gateway.
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
  /** `cachedTokens`: the part of `inputTokens` the provider served from its prompt cache. */
  | { type: 'usage'; inputTokens?: number; outputTokens?: number; reasoningTokens?: number; cachedTokens?: number }
  /**
   * What the call cost, added by the model gateway after the provider's stream (never by an
   * adapter): `cost` in `currency` when the model has a price, else `priced: false`.
   */
  | { type: 'cost'; priced: boolean; cost?: number; currency?: string; budgets?: BudgetStateChange[] }
  | { type: 'finish'; reason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other' }
  /** `code`: `upstream_http_error`, `upstream_rate_limited`, `upstream_malformed`, `upstream_truncated`, `upstream_timeout`, `upstream_unreachable`, `aborted`. */
  | { type: 'error'; code: string; message: string; status?: number; retryAfterSeconds?: number };

/** A budget whose state a model call changed (reported by the gateway's `cost` event). @public */
export interface BudgetStateChange {
  budgetId: string;
  scope: string;
  scopeId: string | null;
  period: string;
  state: 'ok' | 'near' | 'exhausted';
  previousState: 'ok' | 'near' | 'exhausted';
  /** In words: what was spent of what, over which window. */
  reason: string;
}

/** The connection an adapter talks to (the credential already decrypted, never logged). @public */
export interface ProviderConnection {
  id: string;
  baseUrl: string;
  apiKey?: string;
  /** Extra request headers for this connection. */
  headers?: Record<string, string>;
}
