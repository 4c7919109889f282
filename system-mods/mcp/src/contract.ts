/**
 * MCP tools as other mods use them (provided by the `mcp` system mod): list a connection's
 * tools and call one, each use bounded by the connection's call timeout and the caller's signal.
 */
import { createServiceRef, type Disposable } from '../../../sdk/index.js';

/** What a server says about a tool's behaviour (MCP tool annotations); hints, not guarantees. @public */
export interface McpToolHints {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as the MCP server describes it. @public */
export interface McpToolInfo {
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
  /** Present when the server annotates the tool. */
  annotations?: McpToolHints;
}

/**
 * The supervisor's state of a connection: `closed` (nothing known in this process: not used
 * since the start, or released after a change), `connecting` (first contact under way), `ready`
 * (its last contact succeeded), `degraded` (its last contacts failed, fewer than the failure
 * threshold; calls still go through), `circuit_open` (calls fail fast with `mcp_circuit_open`
 * until a probe reaches the server again). @public
 */
/** The supervisor's states of a connection, in the order a connection passes through them. */
export const MCP_STATES = ['connecting', 'ready', 'degraded', 'circuit_open', 'closed'] as const;
export type McpConnectionState = (typeof MCP_STATES)[number];

/** One connection's state as this process sees it. @public */
export interface McpConnectionStatus {
  connectionId: string;
  state: McpConnectionState;
  /** The breaker: `half_open` while a probe of an open circuit is under way. */
  circuit: 'closed' | 'open' | 'half_open';
  /** Failed contacts in a row (0 after a success). */
  failures: number;
  /** The last failure in words (catalogued code and message; secret values redacted); kept after a recovery. */
  lastError: { code: string; message: string; at: string } | null;
  /** When the next background reconnect or probe is due (ISO), if one is scheduled. */
  nextRetryAt: string | null;
  /** When the current state began (ISO); null for a connection not touched since the start. */
  since: string | null;
}

/** A change of state, as `onStateChange` listeners receive it. @public */
export interface McpStateChange {
  connectionId: string;
  from: McpConnectionState;
  to: McpConnectionState;
  status: McpConnectionStatus;
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
  /**
   * The state of every connection this process has touched since the start (a configured
   * connection that is absent is `closed`). Each process supervises its own clients.
   */
  states(): McpConnectionStatus[];
  /** Runs `listener` on every change of state (not on every failure: see `states()` for counts). */
  onStateChange(listener: (change: McpStateChange) => void): Disposable;
}

/** @public */
export const mcpToolsServiceRef = createServiceRef<McpToolsService>({ id: 'mcp.tools' });
