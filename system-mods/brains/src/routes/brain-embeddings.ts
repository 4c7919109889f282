/** `/api/settings/brain-embeddings`: optional embeddings that enrich `brain_search` (off by default). */
import { route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { brainErrors as errors } from '../errors.js';
import { modelsQuery, okModels, okStatus, okTest, selectionBody, testBody } from '../schemas/embeddings.schema.js';
import type { EmbeddingSettings } from '../services/embedding-settings.js';

const tags = ['brains'];

export function brainEmbeddingRoutes(settings: EmbeddingSettings): RouteTable<RouteId> {
  const routes: RouteTable<RouteId> = {
    'embeddings-get': route({
      schema: { tags, description: 'Selection, generation, indexing counts, vector storage and the last error.', response: { 200: okStatus } },
      handler: async () => ({ ok: true, ...(await settings.status()) }),
    }),
    'embeddings-put': route({
      schema: { tags, body: selectionBody, response: { 200: okStatus } },
      handler: async (req) => ({ ok: true, ...(await settings.update(req.body)) }),
    }),
    'embeddings-models': route({
      schema: {
        tags,
        description: "The connection's live model list (through the model gateway). A provider failure is 400 brain_embedding_request_failed.",
        querystring: modelsQuery,
        response: { 200: okModels },
      },
      handler: async (req) => {
        const { connectionId } = req.query;
        return { ok: true, connectionId, models: await settings.models(connectionId, req.signal) };
      },
    }),
    'embeddings-test': route({
      schema: {
        tags,
        description: 'Embeds a fixed text with the model; a provider failure is 400 brain_embedding_request_failed.',
        body: testBody,
        response: { 200: okTest },
      },
      handler: async (req) => {
        const { connectionId, model } = req.body;
        return { ok: true, dimensions: await settings.test(connectionId, model, req.signal) };
      },
    }),
    'embeddings-reindex': route({
      schema: { tags, description: 'Drops every vector, advances the generation and queues every active record again; returns the status.', response: { 200: okStatus } },
      handler: async () => ({ ok: true, ...(await settings.reindex()) }),
    }),
  };
  // Brains validation failures carry brain_* codes: a request failing a schema is 400 brain_embedding_settings_invalid.
  for (const binding of Object.values(routes)) binding.validationError = errors.brainEmbeddingSettingsInvalid;
  return routes;
}
