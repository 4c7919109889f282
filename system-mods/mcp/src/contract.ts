/**
 * MCP tools as other mods use them (provided by the `mcp` system mod): list a connection's
 * tools and call one, each use bounded by the connection's call timeout and the caller's signal.
 */
import { createServiceRef } from '../../../sdk/index.js';

/** A tool as the MCP server describes it. @public */
export interface McpToolInfo {
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
}

/** The result of an MCP tool call; `isError` is the tool's own report of failure. @public */
export interface McpToolCallResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/** @public */
export interface McpToolsService {
  /** The tools of an enabled connection (404-style catalogued errors for unknown or disabled ones). */
  listTools(connectionId: string, options?: { signal?: AbortSignal }): Promise<McpToolInfo[]>;
  /** Calls a tool of an enabled connection. A call can have provider-side effects. */
  callTool(connectionId: string, toolName: string, args: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<McpToolCallResult>;
}

/** @public */
export const mcpToolsServiceRef = createServiceRef<McpToolsService>({ id: 'mcp.tools' });
