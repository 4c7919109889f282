/**
 * The Tools panel's data: the agent's grants (`GET/PUT /api/agents/{id}/mcp-tools`), what can be
 * granted (the chat mod's tool catalog: built-in and mod tools; the mcp mod's connections, each
 * discovered on its own) and the grouping the panel shows — one group per MCP server or mod,
 * each tool with whether the agent has it, and the grants that point at nothing any more.
 */
import { call, type ApiResult } from '../../../../web/src/lib/api';

export interface ToolGrant {
  connectionId: string;
  toolName: string;
}

export interface BuiltinTool {
  name: string;
  description: string;
}

export interface ModTool {
  connectionId: string;
  modId: string;
  toolName: string;
  title: string;
  description: string;
}

export interface ToolCatalog {
  builtin: BuiltinTool[];
  mod: ModTool[];
}

export interface McpServer {
  id: string;
  name: string;
  transport: 'http' | 'stdio';
  enabled: boolean;
  baseUrl?: string;
  command?: string;
}

export interface DiscoveredTool {
  name: string;
  description: string | null;
}

/** One MCP server's tool list as last asked: still asking, the tools, or why there are none. */
export type Discovery = { state: 'loading' } | { state: 'ok'; tools: DiscoveredTool[] } | { state: 'failed'; problem: string };

export const toolsApi = {
  grants: (agentId: string) => call<{ ok: true; tools: ToolGrant[] }>('GET', `/api/agents/${encodeURIComponent(agentId)}/mcp-tools`),
  saveGrants: (agentId: string, tools: ToolGrant[]) => call<{ ok: true; tools: ToolGrant[] }>('PUT', `/api/agents/${encodeURIComponent(agentId)}/mcp-tools`, { tools }),
  catalog: () => call<{ ok: true } & ToolCatalog>('GET', '/api/chat/tool-catalog'),
  mcpServers: () => call<{ ok: true; connections: McpServer[] }>('GET', '/api/settings/mcp-connections'),
  discover: (connectionId: string) => call<{ ok: true; tools: DiscoveredTool[] }>('POST', '/api/settings/mcp-connections/discover', { connectionId }),
};

export const grantKey = (g: ToolGrant) => `${g.connectionId}\u0000${g.toolName}`;

export function fromKey(key: string): ToolGrant {
  const at = key.indexOf('\u0000');
  return { connectionId: key.slice(0, at), toolName: key.slice(at + 1) };
}

/** A 404 of a route means its mod is not enabled. */
export const modMissing = (result: ApiResult<unknown>) => !result.ok && result.status === 404;

export interface GroupTool {
  key: string;
  name: string;
  description: string;
}

/** What the panel lists for one MCP server or mod. */
export interface ToolGroup {
  /** The grant's connection id: the MCP connection id, or `mod.<id>`. */
  connectionId: string;
  kind: 'mcp' | 'mod';
  title: string;
  /** A line under the title: the server's address or command, or the mod id. */
  detail: string;
  /** `ok`; `disabled` (the connection is off: its tools cannot be called); `failing` (no list); `loading`. */
  state: 'ok' | 'disabled' | 'failing' | 'loading';
  problem?: string;
  tools: GroupTool[];
  /** Granted tools of this server the server does not list (only known when its list came). */
  stale: string[];
}

export function buildGroups(catalog: ToolCatalog | undefined, servers: McpServer[], discovery: Record<string, Discovery>, granted: ToolGrant[], modNames: Record<string, string>): ToolGroup[] {
  const groups: ToolGroup[] = [];
  const grantedOf = (connectionId: string) => granted.filter((g) => g.connectionId === connectionId).map((g) => g.toolName);
  for (const server of servers) {
    const found = discovery[server.id] ?? { state: 'loading' as const };
    const tools = found.state === 'ok' ? found.tools.map((t) => ({ key: grantKey({ connectionId: server.id, toolName: t.name }), name: t.name, description: t.description ?? '' })) : [];
    const names = new Set(tools.map((t) => t.name));
    groups.push({
      connectionId: server.id,
      kind: 'mcp',
      title: server.name,
      detail: server.transport === 'http' ? (server.baseUrl ?? '') : (server.command ?? ''),
      state: found.state === 'loading' ? 'loading' : found.state === 'failed' ? 'failing' : server.enabled ? 'ok' : 'disabled',
      problem: found.state === 'failed' ? found.problem : undefined,
      tools,
      stale: found.state === 'ok' ? grantedOf(server.id).filter((name) => !names.has(name)) : [],
    });
  }
  const byMod = new Map<string, ModTool[]>();
  for (const tool of catalog?.mod ?? []) byMod.set(tool.connectionId, [...(byMod.get(tool.connectionId) ?? []), tool]);
  for (const [connectionId, tools] of byMod) {
    const modId = tools[0]!.modId;
    const names = new Set(tools.map((t) => t.toolName));
    groups.push({
      connectionId,
      kind: 'mod',
      title: modNames[modId] ?? modId,
      detail: `mod ${modId}`,
      state: 'ok',
      tools: tools.map((t) => ({ key: grantKey({ connectionId, toolName: t.toolName }), name: t.toolName, description: t.description || t.title })),
      stale: grantedOf(connectionId).filter((name) => !names.has(name)),
    });
  }
  return groups;
}

/**
 * Grants whose server or mod is gone: an MCP connection that no longer exists, or a mod tool of
 * a mod that is not enabled. Known only once the lists they are checked against came.
 */
export function orphanGrants(granted: ToolGrant[], groups: ToolGroup[], listsKnown: { mcp: boolean; mod: boolean }): ToolGrant[] {
  const known = new Set(groups.map((g) => g.connectionId));
  return granted.filter((g) => !known.has(g.connectionId) && (g.connectionId.startsWith('mod.') ? listsKnown.mod : listsKnown.mcp));
}
