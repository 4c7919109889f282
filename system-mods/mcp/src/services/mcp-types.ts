/** The plain-data face of MCP connections: targets, timings, sessions and the manager's interface. */
import type { EgressGuard } from '../../../../sdk/core/egress.js';
import type { Disposable, LoggerService } from '../../../../sdk/index.js';
import type { McpConnectionStatus, McpStateChange, McpToolHints } from '../contract.js';

interface TargetBase {
  id: string;
  lifecycle: 'ephemeral' | 'keep_alive';
  enabled: boolean;
  /** Grows on every change of the connection; an open client of an older revision is replaced. */
  revision: number;
}

/** An http connection with its header values opened. */
export interface McpHttpTarget extends TargetBase {
  transport: 'http';
  baseUrl: string;
  headers: Record<string, string>;
}

/** A stdio connection with its env values opened. */
export interface McpStdioTarget extends TargetBase {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Everything needed to open a connection, secrets included: never log or return it. */
export type McpConnectionTarget = McpHttpTarget | McpStdioTarget;

/** Where the manager reads connections from (on every use, so changes apply at once). */
export interface McpConnectionSource {
  load(connectionId: string): Promise<McpConnectionTarget | undefined>;
}

/** Bounds, read on every use. */
export interface McpTimings {
  /** Deadline of one use: connect plus requests. */
  callTimeoutMs: number;
  /** Ping interval of open keep-alive clients; 0 disables the ping. */
  keepAlivePingMs: number;
  /** Failed contacts in a row that open the circuit (default 3). */
  failureThreshold?: number;
  /** First delay of a background reconnect or probe (default 250 ms); doubles up to `retryMaxMs`. */
  retryInitialMs?: number;
  /** Longest delay between background reconnects or probes (default 30 s). */
  retryMaxMs?: number;
}

/** A tool as the server describes it. */
export interface McpToolDescriptor {
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
  /** The server's annotations of the tool, when it gives any. */
  annotations?: McpToolHints;
}

/** The result of a tool call; `isError` is the tool's own report of failure. */
export interface McpToolResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/** What the server said about itself during initialization. */
export interface McpServerIdentity {
  name: string;
  version: string;
}

/** An open connection during one use; every request is bounded by the use's deadline. */
export interface McpSession {
  readonly connectionId: string;
  readonly server: McpServerIdentity | null;
  listTools(): Promise<McpToolDescriptor[]>;
  callTool(name: string, args?: Record<string, unknown>): Promise<McpToolResult>;
  /** An MCP ping: the server answers, or the use fails. */
  ping(): Promise<void>;
}

/** Options of one use. */
export interface McpUseOptions {
  /** Cancels the use (e.g. the request's or the run's signal). */
  signal?: AbortSignal;
  /** Overrides the configured call timeout. */
  timeoutMs?: number;
  /** Refuse a disabled connection (`mcp_connection_disabled`); the operator's diagnosis allows it. */
  requireEnabled?: boolean;
  /** Go through an open circuit (the operator's discover, diagnose and "try now", and probes): the use is its probe. */
  throughOpenCircuit?: boolean;
  /**
   * Whether the work may run again on a fresh client after its server went away mid-request
   * (the tool said it is read-only or idempotent). A request that provably never reached the
   * server is sent again regardless.
   */
  retryable?: boolean;
}

/** The manager's public face (what the chat runtime will use). */
export interface McpConnectionManager {
  /** Runs `work` on an open connection: a fresh one (ephemeral) or the kept one (keep_alive). */
  use<T>(connectionId: string, work: (session: McpSession) => Promise<T>, options?: McpUseOptions): Promise<T>;
  listTools(connectionId: string, options?: McpUseOptions): Promise<McpToolDescriptor[]>;
  callTool(connectionId: string, toolName: string, args: Record<string, unknown>, options?: McpUseOptions): Promise<McpToolResult>;
  /**
   * Closes the kept client of a connection (after a change, or before a delete) and waits until
   * it is closed; with `inFlight`, also every client currently open for it.
   */
  release(connectionId: string, options?: { inFlight?: boolean }): Promise<void>;
  /** Closes every client and refuses further use (mod disable, shutdown). */
  closeAll(): Promise<void>;
  /** The supervisor's state of a connection (`closed` when this process knows nothing of it). */
  status(connectionId: string): McpConnectionStatus;
  /** Every connection the supervisor has a record of. */
  states(): McpConnectionStatus[];
  onStateChange(listener: (change: McpStateChange) => void): Disposable;
  /**
   * Contacts the server now (connect and ping), through an open circuit: a success closes it.
   * Resolves to the state afterwards; a failure to reach the server is in that state, not thrown.
   */
  probe(connectionId: string, options?: { signal?: AbortSignal }): Promise<McpConnectionStatus>;
  /** Drops what the supervisor knows of a deleted connection. */
  forget(connectionId: string): void;
}

/** What the execution boundaries say about starting a stdio server. */
export interface StdioLaunchPolicy {
  /**
   * Throws a catalogued error when `command args` may not be started; otherwise resolves to the
   * longest one use of the server may take (ms).
   */
  check(command: string, args: readonly string[]): Promise<{ maxUseMs: number }>;
}

export interface ConnectionManagerOptions {
  source: McpConnectionSource;
  /** The guard every HTTP request goes through (`core.egress`). */
  egress: EgressGuard;
  /** Asked before every stdio start and use; without one, stdio servers start unchecked (unit tests). */
  stdioLaunch?: StdioLaunchPolicy;
  timings: () => Promise<McpTimings>;
  logger: LoggerService;
  clientInfo: { name: string; version: string };
  /** Jitter source of retry delays (tests pass `() => 1` for exact delays). */
  random?: () => number;
}
