/** `/api/settings/mcp-connections*`: list, create/update, delete, discover, diagnose, status, probe. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { mcpErrors as errors } from '../errors.js';
import { connectionIdParams, diagnoseBody, diagnoseResponse, discoverBody, discoverResponse, listResponse, okConnection, probeBody, probeResponse, statusResponse, upsertBody } from '../schemas/mcp-connections.schema.js';
import type { McpConnectionManager, McpToolResult } from '../services/connection-manager.js';
import type { ConnectionStore } from '../services/connection-store.js';

const TAGS = ['settings', 'mcp'];

/** The text a tool gave with its error result (what the operator needs to read). */
function errorText(result: McpToolResult): string {
  const texts = result.content.filter((part): part is { type: 'text'; text: string } => typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text').map((part) => part.text);
  const text = texts.join('\n').trim();
  return text === '' ? 'no error text' : text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

/**
 * `changed` tells the other processes a connection was saved or deleted, so they close their
 * kept client of it too.
 */
export function mcpConnectionRoutes(store: ConnectionStore, manager: McpConnectionManager, changed: (connectionId: string) => Promise<void> = async () => undefined): RouteTable<RouteId> {
  return {
    list: route({
      schema: { tags: TAGS, response: { 200: listResponse } },
      handler: async () => ({ ok: true, connections: (await store.list()).map((connection) => ({ ...connection, status: manager.status(connection.id) })) }),
    }),
    status: route({
      schema: { tags: TAGS, response: { 200: statusResponse } },
      handler: async () => ({ ok: true, states: (await store.list()).map((connection) => manager.status(connection.id)) }),
    }),
    probe: route({
      schema: { tags: TAGS, body: probeBody, response: { 200: probeResponse } },
      handler: async (req) => ({ ok: true, status: await manager.probe(req.body.connectionId, { signal: req.signal }) }),
    }),
    upsert: route({
      schema: { tags: TAGS, body: upsertBody, response: { 200: okConnection, 201: okConnection } },
      handler: async (req) => {
        const { connection, created } = await store.upsert(req.body);
        // A kept client of the old settings must not serve the new ones.
        if (!created) {
          await manager.release(connection.id);
          await changed(connection.id);
        }
        return respond.json({ ok: true, connection }, { status: created ? 201 : 200 });
      },
    }),
    delete: route({
      schema: { tags: TAGS, params: connectionIdParams, response: { 200: okConnection } },
      handler: async (req) => {
        const { id } = req.params;
        const connection = await store.delete(id);
        // Awaited: the answer comes after every client of it is closed and a stdio child has exited.
        await manager.release(id, { inFlight: true });
        manager.forget(id);
        await changed(id);
        return { ok: true, connection };
      },
    }),
    discover: route({
      schema: { tags: TAGS, body: discoverBody, response: { 200: discoverResponse } },
      handler: async (req) => {
        const { connectionId } = req.body;
        return { ok: true, tools: await manager.listTools(connectionId, { signal: req.signal, throughOpenCircuit: true }) };
      },
    }),
    diagnose: route({
      schema: { tags: TAGS, body: diagnoseBody, response: { 200: diagnoseResponse } },
      handler: async (req) => {
        const { connectionId, toolName, arguments: args } = req.body;
        return manager.use(
          connectionId,
          async (session) => {
            const tools = await session.listTools();
            if (toolName === undefined) return { ok: true, check: { connected: true, server: session.server }, tools };
            if (!tools.some((tool) => tool.name === toolName)) throw errors.mcpToolNotFound({ connectionId, toolName });
            const result = await session.callTool(toolName, args ?? {});
            if (result.isError) throw errors.mcpToolFailed({ toolName, reason: errorText(result) }, { details: { toolName, result } });
            return { ok: true, result };
          },
          { signal: req.signal, throughOpenCircuit: true },
        );
      },
    }),
  };
}
