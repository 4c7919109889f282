/**
 * The model gateway (provided by the `model-connections` system mod): one call surface over
 * every configured connection. It resolves the connection's adapter by `apiType`, decrypts its
 * credential for the call only, and never hands the credential to the caller.
 */
import { createServiceRef } from '../service-ref.js';
import type { ChatRequest, ModelStreamEvent } from './model-providers.js';

/** A model of a connection as the gateway reports it. @public */
export interface GatewayModel {
  id: string;
  enabled: boolean;
  /** The effective context window (override, discovered or catalog), when known. */
  contextWindow?: number;
  reasoningEfforts?: string[];
  inputModalities?: string[];
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
   * Streams one model call. Never throws: an unknown connection, a missing adapter and every
   * upstream failure end the stream with one `error` event.
   */
  stream(connectionId: string, request: ChatRequest): AsyncIterable<ModelStreamEvent>;
  /**
   * Embeddings through the connection's adapter (`/embeddings` for OpenAI-compatible APIs).
   * Throws an `UpstreamError` (from `sdk/providers/upstream-error`) with a stable `code` on
   * failure; `model_connection_not_found` / `embeddings_unsupported` codes for local refusals.
   */
  embed(connectionId: string, request: { model: string; input: string[]; signal: AbortSignal }): Promise<number[][]>;
  /** The provider's live model list (no catalog merge, nothing saved). Throws like `embed`. */
  listModels(connectionId: string, signal: AbortSignal): Promise<Array<{ id: string; contextWindow?: number }>>;
}

/** @public */
export const modelGatewayServiceRef = createServiceRef<ModelGatewayService>({ id: 'model-connections.gateway' });
