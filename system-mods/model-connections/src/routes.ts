/** The settings routes of model connections. */
import { respond, route, type RouteTable } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import type { ConnectionService } from './connections.js';
import type { ProviderAdapters } from './provider-adapters.js';
import { connectionSchema, discoverBody, idParams, okConnection, saveBody } from './schemas.js';

const tags = ['model-connections'];

export function connectionRoutes(connections: ConnectionService, providers: Pick<ProviderAdapters, 'list'>): RouteTable<RouteId> {
  return {
    'api-types': route({
      schema: {
        tags,
        description: 'The `apiType`s a connection can use now: one per provider adapter an enabled provider mod serves, with the name its manifest declares. Sorted by name.',
        response: {
          200: {
            type: 'object',
            required: ['ok', 'apiTypes'],
            properties: {
              ok: { const: true },
              apiTypes: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'modId', 'discovery'],
                  properties: { id: { type: 'string' }, name: { type: 'string' }, modId: { type: 'string' }, discovery: { type: 'boolean', description: 'The adapter can list models (discover, test)' } },
                },
              },
            },
          },
        },
      },
      handler: async () => ({ ok: true, apiTypes: providers.list().sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)) }),
    }),
    list: route({
      schema: {
        tags,
        response: { 200: { type: 'object', required: ['ok', 'connections'], properties: { ok: { const: true }, connections: { type: 'array', items: connectionSchema } } } },
      },
      handler: async () => ({ ok: true, connections: await connections.list() }),
    }),
    save: route({
      schema: { tags, body: saveBody, response: { 200: okConnection, 201: okConnection } },
      handler: async (req) => {
        const { created, connection } = await connections.save(req.body);
        return respond.json({ ok: true, connection }, { status: created ? 201 : 200 });
      },
    }),
    discover: route({
      schema: {
        tags,
        body: discoverBody,
        description:
          'Calls the adapter of the connection’s apiType with the stored key and merges the listed models: new ones are added (enabled), listed ones get fresh provider facts, explicit overrides (enabled, contextWindowOverride, reasoningEfforts, capabilities) are kept. Models are then enriched from the model catalog.',
        response: {
          200: {
            type: 'object',
            required: ['ok', 'connection', 'discovery', 'catalog'],
            properties: {
              ok: { const: true },
              connection: connectionSchema,
              discovery: { type: 'object', properties: { listed: { type: 'integer' }, added: { type: 'array' }, updated: { type: 'array' }, unlisted: { type: 'array' } } },
              catalog: { type: 'object', properties: { source: { type: 'string' }, snapshotAt: { type: 'string' }, matched: { type: 'integer' }, refresh: { type: 'object' } } },
            },
          },
        },
      },
      handler: async (req) => {
        const body = req.body;
        return { ok: true, ...(await connections.discover(body.connectionId, { refreshCatalog: body.refreshCatalog, signal: req.signal })) };
      },
    }),
    delete: route({
      schema: { tags, params: idParams, response: { 200: okConnection } },
      handler: async (req) => ({ ok: true, connection: await connections.delete(req.params.id) }),
    }),
  };
}
