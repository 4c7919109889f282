/**
 * `GET /api/chat/tool-catalog`: what an agent's runs can be given besides MCP tools. The
 * built-in workspace tools every run has, and every enabled mod's tools, which an agent calls
 * once granted (`PUT /api/agents/{id}/mcp-tools` with `connectionId: "mod.<modId>"`). MCP
 * tools are listed per connection by the mcp mod (`discover`). Reads only; starts nothing.
 */
import { route, type RouteTable, type ToolCatalogService } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import type { BuiltinTool } from '../services/run/workspace-tools.js';

const text = { type: 'string' } as const;

export const toolCatalogResponse = {
  type: 'object',
  required: ['ok', 'builtin', 'mod'],
  properties: {
    ok: { const: true },
    builtin: {
      type: 'array',
      description: 'Tools every run has, without a grant (workspace tools act in the agent workspace)',
      items: { type: 'object', required: ['name', 'description'], properties: { name: text, description: text } },
    },
    mod: {
      type: 'array',
      description: 'Enabled mods’ tools; grant one as {connectionId, toolName}',
      items: {
        type: 'object',
        required: ['connectionId', 'modId', 'toolName', 'title', 'description'],
        properties: { connectionId: { type: 'string', description: 'mod.<modId>' }, modId: text, toolName: text, title: text, description: text },
      },
    },
  },
} as const;

export function toolCatalogRoutes(deps: { catalog: ToolCatalogService; builtin: () => BuiltinTool[] }): RouteTable<RouteId> {
  return {
    'tool-catalog': route({
      schema: { tags: ['chat'], response: { 200: toolCatalogResponse } },
      handler: async () => {
        const prefix = (modId: string) => `mod.${modId}.`;
        const mod = deps.catalog
          .list()
          .map((t) => ({ connectionId: `mod.${t.modId}`, modId: t.modId, toolName: t.name.startsWith(prefix(t.modId)) ? t.name.slice(prefix(t.modId).length) : t.name, title: t.title, description: t.description }))
          .sort((a, b) => a.modId.localeCompare(b.modId) || a.toolName.localeCompare(b.toolName));
        return { ok: true as const, builtin: deps.builtin().map((t) => ({ name: t.name, description: t.description })), mod };
      },
    }),
  };
}
