/**
 * What a tool call is called for an operator. The model calls an MCP tool by a name made from
 * its connection's id (`<uuid>__add`); a card shows the tool's own name and the server it
 * belongs to, by the server's name (read once per page, when the first MCP call is drawn).
 * The identity is the run event's `tool`: `builtin.<name>`, `mod.<modId>.<name>`,
 * `mcp:<connectionId>/<name>`.
 */
import { connectionsApi } from './connections-api.js';

export interface ToolTitle {
  /** The tool's own name. */
  title: string;
  /** Where it runs: the MCP server's name, or the mod; none for the runtime's own tools. */
  source?: string;
}

const serverNames = $state<{ byId: Record<string, string> }>({ byId: {} });
/** Not state: `toolTitle` runs inside derivations, which must not write state. */
let asked = false;

function askServerNames(): void {
  if (asked) return;
  asked = true;
  void connectionsApi.mcpConnections().then((result) => {
    if (!result.ok) return;
    serverNames.byId = Object.fromEntries(result.data.connections.map((c) => [c.id, c.name]));
  });
}

export function toolTitle(tool: string | undefined, fallback: string): ToolTitle {
  const mcp = tool?.match(/^mcp:([^/]+)\/(.+)$/);
  if (mcp) {
    askServerNames();
    return { title: mcp[2]!, source: serverNames.byId[mcp[1]!] ?? 'MCP server' };
  }
  const mod = tool?.match(/^mod\.([^.]+)\.(.+)$/);
  if (mod) return { title: mod[2]!, source: mod[1]! };
  const builtin = tool?.match(/^builtin\.(.+)$/);
  if (builtin) return { title: builtin[1]! };
  // A transcript keeps only the name the model called: `<connectionId>__<tool>` is an MCP tool's.
  const called = fallback.match(/^(?:mcp_)?([0-9a-fA-F-]{36})__(.+)$/);
  if (called) {
    askServerNames();
    return { title: called[2]!, source: serverNames.byId[called[1]!] ?? 'MCP server' };
  }
  return { title: fallback };
}
