/**
 * The model connections mod's contract for provider mods: the `model-connections.providers`
 * extension point and the adapter type contributed to it. A provider mod declares the `apiType`s
 * it serves as data in its manifest and provides one adapter per declared id at run time:
 *
 * ```jsonc
 * "uses": { "extensionPoints": ["model-connections.providers"] },
 * "contributes": { "extensions": { "model-connections.providers": [{ "id": "openai-chat", "name": "OpenAI-compatible" }] } }
 * ```
 * ```ts
 * extensions.provide(modelProviderPoint, new MyAdapter());
 * ```
 *
 * Model connections use an adapter only when the same mod declared its id; the first mod to
 * declare an id serves it. It also holds the services the mod provides to the others: the model
 * catalog (agents), the model gateway (chat, forge, dreams, brains…), the connection directory
 * (provider logins) and connection access (forge's media providers). A consumer imports only
 * this file of this mod.
 *
 * The request and stream types of model calls (`ChatRequest`, `ModelStreamEvent`, …) are defined
 * with the adapter kit that speaks them (`sdk/helpers/providers/model-wire.ts`) and re-exported
 * here for the mods that call the gateway.
 */
import { createHookPointRef, createListPointRef, createServiceRef } from '../../../sdk/index.js';
import type { BudgetStateChange, ChatRequest, ModelStreamEvent, ProviderConnection } from '../../../sdk/helpers/providers/model-wire.js';

export type { BudgetStateChange, ChatMessage, ChatRequest, ChatTool, ModelStreamEvent, ProviderConnection, ReasoningBlock } from '../../../sdk/helpers/providers/model-wire.js';

/** A model as a provider lists it. */
export interface ProviderModel {
  id: string;
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
  /** From the model catalog, when it lists a price (the cost metrics read it). */
  pricing?: { currency: string; inputPerMillion?: number; outputPerMillion?: number };
}

/** One provider API (`apiType`), provided at run time by the mod that declares its id. */
export interface ModelProviderAdapter {
  /** The `apiType` it serves, e.g. `openai-chat`, `anthropic-messages`; declared in the mod's manifest. */
  id: string;
  /** Streams one model call; never throws for upstream failures (they end the stream with an `error` event). */
  stream(connection: ProviderConnection, request: ChatRequest): AsyncIterable<ModelStreamEvent>;
  /** The provider's model list (`/models`). */
  listModels?(connection: ProviderConnection, signal: AbortSignal): Promise<ProviderModel[]>;
  /** Embeddings for texts (OpenAI-compatible `/embeddings`). */
  embed?(connection: ProviderConnection, request: { model: string; input: string[]; signal: AbortSignal }): Promise<number[][]>;
}

/** What a provider mod's manifest declares for each `apiType` it serves (validated at boot and enable). */
export interface ModelProviderDeclaration {
  id: string;
  name: string;
}

/**
 * The point: manifest items are {@link ModelProviderDeclaration}s, run-time items are
 * {@link ModelProviderAdapter}s (told apart by the contribution's `source`).
 */
export const modelProviderPoint = createListPointRef<ModelProviderDeclaration | ModelProviderAdapter>('model-connections.providers');

// The directory of connections the `provider-logins` mod uses to link and create them.

/** A model connection as the directory describes it (never its key). @public */
export interface ConnectionSummary {
  id: string;
  provider: string;
  apiType: string;
  baseUrl: string;
  apiKeySet: boolean;
  createdAt: string;
}

/** Provided by `model-connections` (`model-connections.directory`). @public */
export interface ModelConnectionDirectoryService {
  /** Undefined when the connection does not exist. */
  get(connectionId: string): Promise<ConnectionSummary | undefined>;
  /** Creates a connection without an API key (its id is derived from `provider`, as through the API). */
  create(input: { provider: string; apiType: string; baseUrl: string }): Promise<ConnectionSummary>;
}

/** @public */
export const modelConnectionDirectoryServiceRef = createServiceRef<ModelConnectionDirectoryService>({ id: 'model-connections.directory' });

// Connection access for trusted in-process adapters that are not model providers (Forge's media
// providers): the connections and, for one call at a time, the decrypted credential.

/** @public */
export interface ConnectionAccessService {
  /**
   * Every connection as gateway callers see it (never a credential), oldest first. A model's
   * `outputModalities` are the effective ones (operator, catalog, else inferred from the id), when known.
   */
  list(): Promise<Array<{ id: string; provider: string; apiType: string; models: Array<{ id: string; enabled: boolean; outputModalities?: string[] }> }>>;
  /**
   * Runs `call` with the connection's base URL and credential (resolved now: a key change or a
   * provider login applies at once). The credential must go nowhere but that call's upstream
   * request. Rejects with an `UpstreamError` `connection_unavailable` when the connection does not exist.
   * With `metered` (a model call that is not a chat stream or an embedding: Forge's media
   * generation), the call passes the same `beforeModelCall` taps as the gateway's (a budget may
   * refuse it: an `UpstreamError` of the veto's code, and `call` is not run) and ends with the
   * `settleModelCall` and `afterModelCall` notices (kind `media`; no tokens, so it is unpriced).
   */
  withConnection<T>(connectionId: string, call: (connection: ProviderConnection, apiType: string) => Promise<T>, metered?: MeteredCall): Promise<T>;
}

/** What a metered `withConnection` call is: its model and who it is made for. @public */
export interface MeteredCall {
  model: string;
  attribution: ModelCallAttribution;
}

/**
 * Provided by `model-connections` (`model-connections.connection-access`) under the capability
 * `model-connections.credentials`, which a consumer lists in its manifest's `capabilities`. @public
 */
export const connectionAccessServiceRef = createServiceRef<ConnectionAccessService>({ id: 'model-connections.connection-access' });

// What the agents registry asks about models (`model-connections.catalog`). Without the mod no
// connection is known, so model selections are refused.

/** A model as the catalog knows it. @public */
export interface CatalogModel {
  id: string;
  enabled: boolean;
  /** Supported reasoning-effort values; `[]` when the model advertises none (only `off` is allowed). Undefined: unknown, anything goes. */
  reasoningEfforts?: string[];
  contextWindow?: number;
}

/**
 * Lookup of connections and their enabled models. Callers may hold a database transaction
 * (setup checks a model inside its own), so providers answer without a database round trip:
 * on embedded PGlite there is one connection and a query would wait on the caller forever.
 * @public
 */
export interface ModelCatalogService {
  /** Undefined when the connection does not exist. */
  connection(connectionId: string): Promise<{ id: string; models: CatalogModel[] } | undefined>;
}

/** @public */
export const modelCatalogServiceRef = createServiceRef<ModelCatalogService>({ id: 'model-connections.catalog' });

// The model gateway (`model-connections.gateway`): one call surface over every configured
// connection. It resolves the connection's adapter by `apiType`, decrypts its credential for the
// call only, and never hands the credential to the caller.

/** A model of a connection as the gateway reports it. @public */
export interface GatewayModel {
  id: string;
  enabled: boolean;
  /** The effective context window (override, discovered or catalog), when known. */
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
  /** The effective price: the operator's override (`source: operator`), else the catalog's. */
  pricing?: ModelPricing;
}

/** A price per million tokens. @public */
export interface ModelPricing {
  currency: string;
  inputPerMillion?: number;
  outputPerMillion?: number;
  /** Prompt tokens served from the provider's cache; default: `inputPerMillion`. */
  cachedInputPerMillion?: number;
  source?: 'operator' | 'catalog';
}

/** A connection as callers may see it (never its credential). @public */
export interface GatewayConnection {
  id: string;
  provider: string;
  apiType: string;
  models: GatewayModel[];
}

/** @public */
export interface ModelGatewayService {
  /** The connection, or undefined when it does not exist. */
  describe(connectionId: string): Promise<GatewayConnection | undefined>;
  /**
   * Streams one model call. Never throws: an unknown connection, a missing adapter, a veto of
   * {@link modelCallHookPoints.beforeModelCall} (the upstream is not called) and every upstream
   * failure end the stream with one `error` event. After the provider's events the gateway adds
   * one `cost` event. `attribution` says who is calling (accounting and budgets read it).
   */
  stream(connectionId: string, request: ChatRequest, attribution?: ModelCallAttribution): AsyncIterable<ModelStreamEvent>;
  /**
   * Embeddings through the connection's adapter (`/embeddings` for OpenAI-compatible APIs).
   * Throws an `UpstreamError` (from `sdk/helpers/providers/upstream-error`) with a stable `code` on
   * failure; `model_connection_not_found` / `embeddings_unsupported` codes for local refusals.
   */
  embed(connectionId: string, request: { model: string; input: string[]; signal: AbortSignal }, attribution?: ModelCallAttribution): Promise<number[][]>;
  /** The provider's live model list (no catalog merge, nothing saved). Throws like `embed`. */
  listModels(connectionId: string, signal: AbortSignal): Promise<Array<{ id: string; contextWindow?: number }>>;
}

/** @public */
export const modelGatewayServiceRef = createServiceRef<ModelGatewayService>({ id: 'model-connections.gateway' });

// Who makes a model call and what it cost: the gateway tells the taps of these hook points before
// and after every call (`stream` and `embed`), so accounting and budgets live in the mod that
// owns them (`usage`), not in every caller.

/** Who a model call is made for; callers fill in what they know. @public */
export interface ModelCallAttribution {
  /** What made the call: `chat`, `schedule`, `task`, `dream`, `compaction`, `embeddings`, … (a run's origin kind for run calls). */
  source: string;
  agentId?: string;
  sessionId?: string;
  runId?: string;
  scheduleId?: string;
  /** The mod the call is made for, when not the caller itself (an installed mod's tool, a channel). */
  modId?: string;
}

/** A model call about to be made. @public */
export interface ModelCallStart {
  /** Unique per call; the same in the `afterModelCall` notice. */
  callId: string;
  /** `media`: a call through `withConnection` with `metered` (Forge). */
  kind: 'chat' | 'embed' | 'media';
  connectionId: string;
  model: string;
  attribution: ModelCallAttribution;
  /** The worst case: estimated prompt tokens, and the output limit the request sends (else the gateway's default bound). */
  estimate: { inputTokens: number; maxOutputTokens: number };
  /** The model's effective price, when known. */
  pricing?: ModelPricing;
}

/** A tap's refusal of a call: the stream ends with an `error` event of this code, and the upstream is not called. @public */
export interface ModelCallVeto {
  code: string;
  message: string;
}

/** Token counts of one model call (`embed`: the estimated input; providers report none). @public */
export interface ModelCallUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
}

/** A model call that ended (also an aborted or failed one: what the provider reported so far). @public */
export interface ModelCallEnd extends ModelCallStart {
  usage: ModelCallUsage;
  /** `cost` in `currency` when the model has a price; `priced: false` otherwise. */
  cost: { priced: boolean; cost?: number; currency?: string };
  ok: boolean;
  /** The error code when not ok (`budget_exhausted` and other vetoes included). */
  errorCode?: string;
  /** True when a tap vetoed the call (nothing was sent upstream). */
  vetoed: boolean;
  durationMs: number;
}

/** What settling a call changed: the budgets whose state it moved (the stream's `cost` event reports them). @public */
export interface ModelCallSettlement {
  call: ModelCallEnd;
  budgets: BudgetStateChange[];
}

/**
 * `model-connections.beforeModelCall` (bail): the first tap that returns a {@link ModelCallVeto}
 * refuses the call. `model-connections.settleModelCall` (waterfall): a call that was made ended;
 * taps settle what they reserved with its real usage and return the settlement with the budget
 * state changes they caused appended. `model-connections.afterModelCall` (series): every call
 * that was made or refused, with its usage and cost. @public
 */
export const modelCallHookPoints = {
  beforeModelCall: createHookPointRef<[ModelCallStart], ModelCallVeto | undefined>('model-connections.beforeModelCall'),
  settleModelCall: createHookPointRef<[ModelCallSettlement], ModelCallSettlement>('model-connections.settleModelCall'),
  afterModelCall: createHookPointRef<[ModelCallEnd], void>('model-connections.afterModelCall'),
};
