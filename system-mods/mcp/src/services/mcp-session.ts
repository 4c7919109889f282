/**
 * One use's view of an open link ({@link McpSession}), every request bounded by the use's
 * deadline, and the tool hints the manager remembers from each listing (which tools say they
 * are read-only or idempotent, the only calls it retries after their server went away).
 */
import type { McpToolHints } from '../contract.js';
import type { Link } from './mcp-link.js';
import type { McpSession, McpToolDescriptor } from './mcp-types.js';
import type { Deadline } from './use-deadline.js';

const MAX_TOOL_PAGES = 100;
const HINT_KEYS = ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The annotations a server gave, kept to the known keys of the right types. */
function hintsOf(raw: unknown): McpToolHints | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const source = raw as Record<string, unknown>;
  const hints: Record<string, unknown> = {};
  for (const key of HINT_KEYS) {
    const value = source[key];
    if (key === 'title' ? typeof value === 'string' : typeof value === 'boolean') hints[key] = key === 'title' ? (value as string).slice(0, 200) : value;
  }
  return Object.keys(hints).length > 0 ? (hints as McpToolHints) : undefined;
}

/** Per connection and revision: the tools that may be retried (read-only or idempotent). */
export class ToolHints {
  private readonly byConnection = new Map<string, { revision: number; retryable: Set<string> }>();

  learn(connectionId: string, revision: number, tools: McpToolDescriptor[]): void {
    const retryable = new Set(tools.filter((tool) => tool.annotations?.readOnlyHint === true || tool.annotations?.idempotentHint === true).map((tool) => tool.name));
    this.byConnection.set(connectionId, { revision, retryable });
  }

  /** Unknown (never listed, or listed for an older revision) is not retryable. */
  retryable(connectionId: string, revision: number, toolName: string): boolean {
    const known = this.byConnection.get(connectionId);
    return known !== undefined && known.revision === revision && known.retryable.has(toolName);
  }

  forget(connectionId: string): void {
    this.byConnection.delete(connectionId);
  }
}

export function sessionFor(link: Link, deadline: Deadline, hints: ToolHints): McpSession {
  const options = () => ({ signal: deadline.signal, timeout: deadline.remaining() });
  const server = link.client.getServerVersion();
  const { id, revision } = link.target;
  return {
    connectionId: id,
    server: server ? { name: server.name, version: server.version } : null,
    async listTools() {
      const tools: McpToolDescriptor[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_TOOL_PAGES; page++) {
        const result = await link.request(() => link.client.listTools(cursor === undefined ? undefined : { cursor }, options()), deadline);
        for (const tool of result.tools) {
          const annotations = hintsOf(tool.annotations);
          tools.push({ name: tool.name, description: tool.description ?? null, inputSchema: tool.inputSchema as Record<string, unknown>, ...(annotations ? { annotations } : {}) });
        }
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      hints.learn(id, revision, tools);
      return tools;
    },
    async callTool(name, args = {}) {
      const result = await link.request(() => link.client.callTool({ name, arguments: args }, undefined, options()), deadline);
      if ('toolResult' in result && !('content' in result)) {
        // A server on the 2024-10-07 protocol answers with a bare toolResult.
        return { content: [{ type: 'text', text: JSON.stringify(result.toolResult) }], isError: false };
      }
      return {
        content: Array.isArray(result.content) ? result.content : [],
        ...(result.structuredContent ? { structuredContent: result.structuredContent as Record<string, unknown> } : {}),
        isError: result.isError === true,
      };
    },
    async ping() {
      await link.request(() => link.client.ping(options()), deadline);
    },
  };
}
