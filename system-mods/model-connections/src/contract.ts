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
 * declare an id serves it. A consumer imports only this file of this mod.
 */
import { createListPointRef, createServiceRef } from '../../../sdk/index.js';
import type { ChatRequest, ModelStreamEvent, ProviderConnection } from '../../../sdk/index.js';

/** A model as a provider lists it. */
export interface ProviderModel {
  id: string;
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
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
  /** Every connection as gateway callers see it (never a credential), oldest first. */
  list(): Promise<Array<{ id: string; provider: string; apiType: string; models: Array<{ id: string; enabled: boolean }> }>>;
  /**
   * Runs `call` with the connection's base URL and credential (resolved now: a key change or a
   * provider login applies at once). The credential must go nowhere but that call's upstream
   * request. Rejects with an `UpstreamError` `connection_unavailable` when the connection does not exist.
   */
  withConnection<T>(connectionId: string, call: (connection: ProviderConnection, apiType: string) => Promise<T>): Promise<T>;
}

/**
 * Provided by `model-connections` (`model-connections.connection-access`) under the capability
 * `model-connections.credentials`, which a consumer lists in its manifest's `capabilities`. @public
 */
export const connectionAccessServiceRef = createServiceRef<ConnectionAccessService>({ id: 'model-connections.connection-access' });
