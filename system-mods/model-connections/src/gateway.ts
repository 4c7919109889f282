/**
 * The model gateway other mods call (chat, Brains embeddings): it resolves a connection's
 * adapter and credential per call, so a key change or a re-registered adapter takes effect on
 * the next call, and the credential never leaves this mod except inside the adapter's request.
 */
import type { ChatRequest, ModelGatewayService, ModelStreamEvent } from './contract.js';
import { UpstreamError } from '../../../sdk/helpers/providers/upstream-error.js';
import type { ConnectionService, ResolvedConnection } from './connections.js';

export function createModelGateway(connections: ConnectionService): ModelGatewayService {
  async function resolve(connectionId: string, need?: 'embed' | 'listModels'): Promise<ResolvedConnection & { adapter: NonNullable<ResolvedConnection['adapter']> }> {
    const resolved = await connections.resolve(connectionId);
    if (!resolved) throw new UpstreamError('connection_unavailable', `model connection ${connectionId.slice(0, 100)} does not exist`);
    const { adapter } = resolved;
    if (!adapter) throw new UpstreamError('connection_unavailable', `no enabled provider adapter serves API type ${resolved.view.apiType}`);
    if (need && typeof adapter[need] !== 'function') {
      throw new UpstreamError('connection_unavailable', `the ${resolved.view.apiType} adapter does not support ${need === 'embed' ? 'embeddings' : 'model listing'}`);
    }
    return { ...resolved, adapter };
  }

  return {
    async describe(connectionId) {
      return connections.describe(connectionId);
    },

    async *stream(connectionId: string, request: ChatRequest): AsyncIterable<ModelStreamEvent> {
      let resolved;
      try {
        resolved = await resolve(connectionId);
      } catch (error) {
        yield (error as UpstreamError).toEvent();
        return;
      }
      yield* resolved.adapter.stream(resolved.connection, request);
    },

    async embed(connectionId, request) {
      const { adapter, connection } = await resolve(connectionId, 'embed');
      return adapter.embed!(connection, request);
    },

    async listModels(connectionId, signal) {
      const { adapter, connection } = await resolve(connectionId, 'listModels');
      const models = await adapter.listModels!(connection, signal);
      return models.map((m) => ({ id: m.id, ...(m.contextWindow !== undefined ? { contextWindow: m.contextWindow } : {}) }));
    },
  };
}
