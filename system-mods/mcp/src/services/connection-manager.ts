/**
 * The MCP connection manager: opens SDK clients (Streamable HTTP or stdio) for configured
 * connections, bounds every use by a deadline, and closes what it opened.
 *
 * - `ephemeral` connections (and disabled ones) are opened for one use and always closed
 *   after it, on success, error and timeout alike; closing a stdio client waits until the child
 *   process has exited, so no process outlives the use.
 * - `keep_alive` connections are opened on first use and kept. When the server goes away (the
 *   stdio child exits, an HTTP stream drops, a ping fails, a request times out) the client is
 *   torn down and reopened in the background with backoff (250 ms doubling to 10 s, reset on
 *   success). A request that never reached the server (connection refused, session unknown to a
 *   restarted server) is retried once on a fresh connection within the same deadline; nothing
 *   else is retried, since a tool call may have effects.
 * - One deadline covers a whole use (connect + requests). Past it the use fails with
 *   `mcp_timeout` and the connection is torn down; a server that dies mid-call fails with
 *   `mcp_server_closed` at once instead of hanging.
 *
 * The interface ({@link McpConnectionManager}) speaks plain data, not SDK types, so the chat
 * runtime can later receive it as a service ref. Error texts from servers are redacted of the
 * connection's secret values before they reach an error message or a log line; an HTTP error
 * answer is reported by its status only, never its body.
 *
 * HTTP connections go through the egress guard (a refused address fails the use with
 * `egress_address_refused`). A stdio server is started only when the launch policy (the
 * operator's execution boundaries) allows its command line, checked on every start, and each
 * use of a stdio connection is also bounded by the boundaries' `maxCommandSeconds`.
 */
import type { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { findEgressRefusal, type EgressGuard, type EgressRefusedError } from '../../../../sdk/egress.js';
import { raceAbort, type LoggerService } from '../../../../sdk/index.js';
import { mcpErrors as errors } from '../errors.js';
import { loadMcpSdk, mcpSdk, type McpSdk } from './mcp-sdk.js';

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
}

/** A tool as the server describes it. */
export interface McpToolDescriptor {
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
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
}

/** Options of one use. */
export interface McpUseOptions {
  /** Cancels the use (e.g. the request's or the run's signal). */
  signal?: AbortSignal;
  /** Overrides the configured call timeout. */
  timeoutMs?: number;
  /** Refuse a disabled connection (`mcp_connection_disabled`); the operator's diagnosis allows it. */
  requireEnabled?: boolean;
}

/** State of a connection's kept client. */
export type McpKeptState = 'none' | 'connecting' | 'open' | 'reconnecting';

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
  state(connectionId: string): McpKeptState;
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
  /** The guard every HTTP request goes through; the SDK's plain fetch without one (unit tests). */
  egress?: EgressGuard;
  /** Asked before every stdio start and use; without one, stdio servers start unchecked (unit tests). */
  stdioLaunch?: StdioLaunchPolicy;
  timings: () => Promise<McpTimings>;
  logger: LoggerService;
  clientInfo: { name: string; version: string };
  /** Reconnect backoff of keep-alive clients. */
  backoff?: { initialMs: number; maxMs: number };
}

const DEFAULT_BACKOFF = { initialMs: 250, maxMs: 10_000 };
/** How long a graceful HTTP session end (DELETE) may take before the client is closed anyway. */
const TERMINATE_BOUND_MS = 1_000;
/** Past the SDK's own stdin-end → SIGTERM → SIGKILL sequence (about 4 s), give up waiting. */
const CLOSE_BOUND_MS = 10_000;
const MAX_TOOL_PAGES = 100;
const REASON_MAX = 300;

type FailureKind = 'timeout' | 'cancelled' | 'shutdown' | 'closed' | 'not_delivered' | 'refused' | 'connect' | 'egress';

/** A failed use of a link, classified; turned into a catalogued error at the edge of `use`. */
class LinkFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly reason: string,
    /** The egress guard's refusal (kind `egress`). */
    readonly refusal?: EgressRefusedError,
  ) {
    super(reason);
  }
}

function egressFailure(refusal: EgressRefusedError): LinkFailure {
  return new LinkFailure('egress', refusal.message, refusal);
}

/** An HTTP error answer by its status only: its body may be anything the URL's host serves. */
function httpErrorReason(status: number): string {
  return status > 0 ? `the server answered HTTP ${status}` : 'the server sent an answer the client cannot use';
}

class DeadlinePassed extends Error {}
class CallerCancelled extends Error {}
class ManagerClosing extends Error {}

/** One deadline for a whole use, also ended by the caller's signal or by the manager closing. */
class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;
  private endsAt: number;
  private readonly onOuterAbort = () => this.abort(new CallerCancelled('the caller cancelled the request'));

  constructor(
    public timeoutMs: number,
    private readonly outer?: AbortSignal,
  ) {
    this.endsAt = Date.now() + timeoutMs;
    this.timer = setTimeout(() => this.abort(new DeadlinePassed(`no answer within ${timeoutMs} ms`)), timeoutMs);
    if (outer?.aborted) this.onOuterAbort();
    else outer?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  remaining(): number {
    return Math.max(1, this.endsAt - Date.now());
  }

  /** Shortens the deadline to `ms` from its start when that is sooner (a stdio server's maxCommandSeconds). */
  tighten(ms: number): void {
    const endsAt = this.endsAt - this.timeoutMs + ms;
    if (endsAt >= this.endsAt) return;
    clearTimeout(this.timer);
    this.endsAt = endsAt;
    this.timeoutMs = ms;
    this.timer = setTimeout(() => this.abort(new DeadlinePassed(`no answer within ${ms} ms`)), Math.max(0, endsAt - Date.now()));
  }

  abort(reason: Error): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}

function abortFailure(reason: unknown): LinkFailure {
  if (reason instanceof DeadlinePassed) return new LinkFailure('timeout', reason.message);
  if (reason instanceof ManagerClosing) return new LinkFailure('shutdown', reason.message);
  return new LinkFailure('cancelled', reason instanceof Error ? reason.message : 'cancelled');
}

/** Waits for `promise` at most `ms`; never rejects. */
async function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Resolves once the child has exited (and been reaped), killing it if it still runs. */
async function reap(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill('SIGKILL');
  } catch {
    // already gone
  }
  await bounded(exited, CLOSE_BOUND_MS);
}

function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | undefined)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch says only "fetch failed"; the reason (refused, reset, bad port) is in its cause.
  const cause = error.cause instanceof Error && !error.message.includes(error.cause.message) ? `: ${error.cause.message}` : '';
  const code = errorCode(error);
  const text = `${error.message}${cause}`;
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * A transport error after which the link cannot be trusted (the peer went away). An HTTP error
 * answer (404 for an unknown session included) is not: it fails its own request, which is
 * classified there, so a request the server never handled can be told from one it did.
 */
function isFatalTransportError(error: Error): boolean {
  if (error instanceof mcpSdk().StreamableHTTPError) return false;
  return (
    error.message.startsWith('SSE stream disconnected') ||
    error.message.startsWith('Maximum reconnection attempts') ||
    errorCode(error) === 'EPIPE'
  );
}

/** One SDK client on one transport. */
class Link {
  readonly client: Client;
  private readonly transport: InstanceType<McpSdk['TrackedStdioTransport']> | StreamableHTTPClientTransport;
  private readonly secretValues: string[];
  private closing: Promise<void> | undefined;
  broken = false;
  lostReason: string | undefined;
  /** Called once when the peer goes away (not when we close). */
  onLost: ((link: Link) => void) | undefined;
  /** Called once the link is fully closed. */
  onClosed: (() => void) | undefined;

  constructor(
    readonly target: McpConnectionTarget,
    clientInfo: { name: string; version: string },
    egress?: EgressGuard,
  ) {
    const { Client, StreamableHTTPClientTransport, TrackedStdioTransport } = mcpSdk();
    this.client = new Client(clientInfo, { capabilities: {} });
    if (target.transport === 'http') {
      this.secretValues = Object.values(target.headers);
      this.transport = new StreamableHTTPClientTransport(new URL(target.baseUrl), {
        requestInit: { headers: { ...target.headers } },
        ...(egress ? { fetch: egress.fetch } : {}),
        // The manager reconnects whole clients; the SDK must not silently retry streams itself.
        reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1_000, maxReconnectionDelay: 1_000, reconnectionDelayGrowFactor: 1 },
      });
    } else {
      this.secretValues = Object.values(target.env);
      // Only the SDK's short list of safe variables is inherited, never the runtime's own
      // environment (which holds its settings key); stderr is dropped, it may echo secrets.
      this.transport = new TrackedStdioTransport({ command: target.command, args: target.args, env: { ...target.env }, stderr: 'ignore' });
    }
    this.client.onclose = () => this.markLost(target.transport === 'stdio' ? 'the server process exited' : 'the connection closed');
    this.client.onerror = (error) => {
      if (isFatalTransportError(error)) this.markLost(describe(error));
    };
  }

  /** Secret values never leave in a message; long texts are cut. */
  redact(text: string): string {
    let out = text;
    for (const value of this.secretValues) if (value.length >= 4) out = out.split(value).join('[redacted]');
    return out.length > REASON_MAX ? `${out.slice(0, REASON_MAX)}…` : out;
  }

  async connect(deadline: Deadline): Promise<void> {
    try {
      await raceAbort(this.client.connect(this.transport, { signal: deadline.signal, timeout: deadline.remaining() }), deadline.signal);
    } catch (error) {
      if (deadline.signal.aborted) throw abortFailure(deadline.signal.reason);
      const { McpError, ErrorCode } = mcpSdk();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) throw new LinkFailure('timeout', 'no answer to initialize');
      const refused = findEgressRefusal(error);
      if (refused) throw egressFailure(refused);
      if (error instanceof mcpSdk().StreamableHTTPError) throw new LinkFailure('connect', httpErrorReason(error.code ?? 0));
      throw new LinkFailure('connect', this.redact(describe(error)));
    }
  }

  /** Runs one SDK request under the deadline and classifies its failure. */
  async request<T>(call: () => Promise<T>, deadline: Deadline): Promise<T> {
    if (this.broken) throw new LinkFailure('closed', this.redact(this.lostReason ?? 'the connection is closed'));
    try {
      return await raceAbort(call(), deadline.signal);
    } catch (error) {
      throw this.classify(error, deadline);
    }
  }

  private classify(error: unknown, deadline: Deadline): LinkFailure {
    if (deadline.signal.aborted) return abortFailure(deadline.signal.reason);
    if (error instanceof LinkFailure) return error;
    const { McpError, ErrorCode, StreamableHTTPError } = mcpSdk();
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout) return new LinkFailure('timeout', error.message);
      if (error.code === ErrorCode.ConnectionClosed) return new LinkFailure('closed', this.redact(this.lostReason ?? error.message));
      return new LinkFailure('refused', this.redact(error.message));
    }
    if (error instanceof StreamableHTTPError) {
      // 404 on a session request: the server no longer knows the session (it restarted); the request was not handled.
      if (error.code === 404) return new LinkFailure('not_delivered', 'the server no longer knows the session');
      return new LinkFailure('refused', httpErrorReason(error.code ?? 0));
    }
    const refused = findEgressRefusal(error);
    if (refused) return egressFailure(refused);
    if (errorCode(error) === 'ECONNREFUSED') return new LinkFailure('not_delivered', 'connection refused');
    return new LinkFailure('closed', this.redact(this.lostReason ?? describe(error)));
  }

  markLost(reason: string): void {
    if (this.broken) return;
    this.broken = true;
    this.lostReason = reason;
    // Closing rejects whatever is still pending (an HTTP stream that dropped would otherwise hang).
    void this.close();
    this.onLost?.(this);
  }

  /** Idempotent; resolves once the client is closed and a stdio child has exited. */
  close(options: { graceful?: boolean } = {}): Promise<void> {
    this.closing ??= this.shutdown(options.graceful === true && !this.broken);
    return this.closing;
  }

  private async shutdown(graceful: boolean): Promise<void> {
    this.broken = true;
    const { TrackedStdioTransport, StreamableHTTPClientTransport } = mcpSdk();
    const child = this.transport instanceof TrackedStdioTransport ? this.transport.child : undefined;
    if (graceful && this.transport instanceof StreamableHTTPClientTransport && this.transport.sessionId) {
      await bounded(this.transport.terminateSession(), TERMINATE_BOUND_MS);
    }
    await bounded(this.client.close(), CLOSE_BOUND_MS);
    if (child) await reap(child);
    this.onClosed?.();
  }
}

/** The kept client of one keep-alive connection, and its reconnect state. */
interface KeptEntry {
  id: string;
  revision: number;
  link?: Link;
  connecting?: Promise<Link>;
  retryTimer?: NodeJS.Timeout;
  pingTimer?: NodeJS.Timeout;
  backoffMs: number;
  /** Reconnect attempts failed in a row. */
  failures: number;
  /** Reconnecting in the background starts only once the client was open at least once. */
  everOpen: boolean;
  released: boolean;
}

export class ConnectionManager implements McpConnectionManager {
  private readonly kept = new Map<string, KeptEntry>();
  private readonly links = new Set<Link>();
  private readonly deadlines = new Set<Deadline>();
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly log: LoggerService;
  private closed = false;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.log = options.logger;
  }

  async use<T>(connectionId: string, work: (session: McpSession) => Promise<T>, options: McpUseOptions = {}): Promise<T> {
    if (this.closed) throw errors.mcpUnavailable({ connectionId, reason: 'MCP connections are shutting down' });
    const timings = await this.options.timings();
    const deadline = new Deadline(options.timeoutMs ?? timings.callTimeoutMs, options.signal);
    this.deadlines.add(deadline);
    try {
      const target = await this.options.source.load(connectionId);
      if (!target) throw errors.mcpConnectionNotFound({ connectionId });
      if (options.requireEnabled && !target.enabled) throw errors.mcpConnectionDisabled({ connectionId });
      if (target.transport === 'stdio' && this.options.stdioLaunch) {
        let limits: { maxUseMs: number };
        try {
          limits = await this.options.stdioLaunch.check(target.command, target.args);
        } catch (error) {
          // The boundaries changed: a kept server they now refuse does not stay up either.
          await this.release(connectionId);
          throw error;
        }
        deadline.tighten(limits.maxUseMs);
      }
      return this.keeps(target) ? await this.useKept(target, work, deadline, timings) : await this.useOnce(target, work, deadline);
    } catch (error) {
      if (!(error instanceof LinkFailure)) throw error;
      this.log.warn({ connectionId, kind: error.kind, reason: error.reason }, 'MCP connection use failed');
      throw this.catalogued(error, connectionId, deadline);
    } finally {
      deadline.dispose();
      this.deadlines.delete(deadline);
    }
  }

  listTools(connectionId: string, options?: McpUseOptions): Promise<McpToolDescriptor[]> {
    return this.use(connectionId, (session) => session.listTools(), options);
  }

  callTool(connectionId: string, toolName: string, args: Record<string, unknown>, options?: McpUseOptions): Promise<McpToolResult> {
    return this.use(connectionId, (session) => session.callTool(toolName, args), options);
  }

  state(connectionId: string): McpKeptState {
    const entry = this.kept.get(connectionId);
    if (!entry) return 'none';
    if (entry.link && !entry.link.broken) return 'open';
    if (entry.connecting) return entry.everOpen ? 'reconnecting' : 'connecting';
    return entry.everOpen ? 'reconnecting' : 'none';
  }

  async release(connectionId: string, options: { inFlight?: boolean } = {}): Promise<void> {
    const entry = this.kept.get(connectionId);
    const closing: Promise<void>[] = [];
    if (entry) closing.push(this.releaseEntry(entry));
    if (options.inFlight) {
      for (const link of this.links) if (link.target.id === connectionId) closing.push(link.close());
    }
    await Promise.all(closing);
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    for (const deadline of this.deadlines) deadline.abort(new ManagerClosing('MCP connections are shutting down'));
    await Promise.all([...this.kept.values()].map((entry) => this.releaseEntry(entry)));
    await Promise.all([...this.links].map((link) => link.close()));
  }

  private keeps(target: McpConnectionTarget): boolean {
    return target.lifecycle === 'keep_alive' && target.enabled;
  }

  private catalogued(failure: LinkFailure, connectionId: string, deadline: Deadline) {
    switch (failure.kind) {
      case 'timeout':
        return errors.mcpTimeout({ connectionId, timeoutMs: deadline.timeoutMs });
      case 'cancelled':
      case 'shutdown':
        return errors.mcpUnavailable({ connectionId, reason: failure.reason });
      case 'closed':
        return errors.mcpServerClosed({ connectionId, reason: failure.reason });
      case 'refused':
        return errors.mcpRequestFailed({ connectionId, reason: failure.reason });
      case 'egress':
        return failure.refusal!.toSvcError();
      default:
        return errors.mcpConnectFailed({ connectionId, reason: failure.reason });
    }
  }

  /** Opens a link; on failure it is closed (child exited) before the failure is thrown. */
  private async open(target: McpConnectionTarget, deadline: Deadline): Promise<Link> {
    // Every start of a server process is checked, background reconnects included.
    if (target.transport === 'stdio') await this.options.stdioLaunch?.check(target.command, target.args);
    await loadMcpSdk();
    const link = new Link(target, this.options.clientInfo, this.options.egress);
    this.links.add(link);
    link.onClosed = () => this.links.delete(link);
    try {
      await link.connect(deadline);
      return link;
    } catch (error) {
      await link.close();
      throw error;
    }
  }

  private async useOnce<T>(target: McpConnectionTarget, work: (session: McpSession) => Promise<T>, deadline: Deadline): Promise<T> {
    const link = await this.open(target, deadline);
    // A tool error or an unknown tool still ends the session politely; a dead or stuck link does not.
    let graceful = true;
    try {
      return await this.run(work, link, deadline);
    } catch (error) {
      if (error instanceof LinkFailure) graceful = false;
      throw error;
    } finally {
      await link.close({ graceful });
    }
  }

  private async useKept<T>(target: McpConnectionTarget, work: (session: McpSession) => Promise<T>, deadline: Deadline, timings: McpTimings): Promise<T> {
    let entry = this.kept.get(target.id);
    if (entry && entry.revision !== target.revision) {
      await this.releaseEntry(entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { id: target.id, revision: target.revision, backoffMs: this.backoff.initialMs, failures: 0, everOpen: false, released: false };
      this.kept.set(target.id, entry);
    }
    for (let attempt = 0; ; attempt++) {
      const link = await this.acquire(entry, deadline, timings);
      try {
        return await this.run(work, link, deadline);
      } catch (error) {
        if (!(error instanceof LinkFailure)) throw error;
        if (error.kind === 'timeout' || error.kind === 'closed' || error.kind === 'not_delivered') {
          await this.drop(entry, link, error.kind === 'timeout' ? 'torn down after a timeout' : error.reason);
        }
        // Only a request that provably never reached the server is tried again.
        if (error.kind === 'not_delivered' && attempt === 0 && !deadline.signal.aborted) continue;
        throw error;
      }
    }
  }

  /** The deadline bounds the caller's work too, not only its requests. */
  private async run<T>(work: (session: McpSession) => Promise<T>, link: Link, deadline: Deadline): Promise<T> {
    try {
      return await raceAbort(work(this.session(link, deadline)), deadline.signal);
    } catch (error) {
      if (deadline.signal.aborted && error === deadline.signal.reason) throw abortFailure(error);
      throw error;
    }
  }

  private async acquire(entry: KeptEntry, deadline: Deadline, timings: McpTimings): Promise<Link> {
    if (entry.link && !entry.link.broken) return entry.link;
    try {
      return await raceAbort(this.connectKept(entry, timings), deadline.signal);
    } catch (error) {
      if (deadline.signal.aborted) throw abortFailure(deadline.signal.reason);
      throw error;
    }
  }

  /** The current connect attempt of a kept client, or a new one (own deadline, not the caller's). */
  private connectKept(entry: KeptEntry, known?: McpTimings): Promise<Link> {
    if (entry.connecting) return entry.connecting;
    clearTimeout(entry.retryTimer);
    entry.retryTimer = undefined;
    const attempt = (async () => {
      const timings = known ?? (await this.options.timings());
      const target = await this.options.source.load(entry.id);
      if (!target || !this.keeps(target) || target.revision !== entry.revision) {
        // Deleted, disabled, switched to ephemeral or changed: this entry has nothing left to keep.
        entry.released = true;
        if (this.kept.get(entry.id) === entry) this.kept.delete(entry.id);
        throw new LinkFailure('connect', 'the connection changed or was removed');
      }
      const deadline = new Deadline(timings.callTimeoutMs);
      this.deadlines.add(deadline);
      let link: Link;
      try {
        link = await this.open(target, deadline);
      } finally {
        deadline.dispose();
        this.deadlines.delete(deadline);
      }
      if (entry.released || this.closed) {
        await link.close({ graceful: true });
        throw new LinkFailure('shutdown', 'the connection was released');
      }
      entry.link = link;
      entry.backoffMs = this.backoff.initialMs;
      entry.failures = 0;
      if (entry.everOpen) this.log.info({ connectionId: entry.id }, 'keep-alive MCP connection reopened');
      entry.everOpen = true;
      link.onLost = () => void this.drop(entry, link, link.lostReason ?? 'the server went away');
      this.startPing(entry, link, timings);
      return link;
    })();
    entry.connecting = attempt;
    attempt.then(
      () => {
        if (entry.connecting === attempt) entry.connecting = undefined;
      },
      (error: unknown) => {
        if (entry.connecting === attempt) entry.connecting = undefined;
        if (entry.everOpen && !entry.released && !this.closed) {
          // A server that stays away would log every 10 s forever: only the first failure is a warning.
          const level = entry.failures++ === 0 ? 'warn' : 'debug';
          this.log[level]({ connectionId: entry.id, reason: error instanceof LinkFailure ? error.reason : describe(error) }, 'keep-alive MCP reconnect failed');
          this.scheduleRetry(entry);
        }
      },
    );
    return attempt;
  }

  /** Tears down a kept link and, unless released, schedules its reconnection. */
  private async drop(entry: KeptEntry, link: Link, reason: string): Promise<void> {
    if (entry.link === link) {
      entry.link = undefined;
      clearTimeout(entry.pingTimer);
      entry.pingTimer = undefined;
      this.log.info({ connectionId: entry.id, reason: link.redact(reason) }, 'keep-alive MCP connection lost');
    }
    const closing = link.close();
    if (!entry.released && !this.closed) this.scheduleRetry(entry);
    await closing;
  }

  private scheduleRetry(entry: KeptEntry): void {
    if (entry.released || this.closed || entry.retryTimer || entry.connecting || (entry.link && !entry.link.broken)) return;
    const delay = entry.backoffMs;
    entry.backoffMs = Math.min(delay * 2, this.backoff.maxMs);
    this.log.debug({ connectionId: entry.id, retryInMs: delay }, 'keep-alive MCP reconnect scheduled');
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = undefined;
      this.connectKept(entry).catch(() => undefined);
    }, delay);
    entry.retryTimer.unref();
  }

  private startPing(entry: KeptEntry, link: Link, timings: McpTimings): void {
    if (timings.keepAlivePingMs <= 0) return;
    const next = () => {
      entry.pingTimer = setTimeout(async () => {
        if (entry.link !== link || link.broken) return;
        const deadline = new Deadline(timings.callTimeoutMs);
        this.deadlines.add(deadline);
        try {
          await link.request(() => link.client.ping({ signal: deadline.signal, timeout: deadline.remaining() }), deadline);
          next();
        } catch (error) {
          if (entry.link === link) await this.drop(entry, link, `ping failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          deadline.dispose();
          this.deadlines.delete(deadline);
        }
      }, timings.keepAlivePingMs);
      entry.pingTimer.unref();
    };
    next();
  }

  private async releaseEntry(entry: KeptEntry): Promise<void> {
    entry.released = true;
    if (this.kept.get(entry.id) === entry) this.kept.delete(entry.id);
    clearTimeout(entry.retryTimer);
    clearTimeout(entry.pingTimer);
    entry.retryTimer = entry.pingTimer = undefined;
    const link = entry.link;
    entry.link = undefined;
    if (entry.connecting) await entry.connecting.catch(() => undefined); // closes its own link once it sees `released`
    if (link) await link.close({ graceful: true });
  }

  private session(link: Link, deadline: Deadline): McpSession {
    const options = () => ({ signal: deadline.signal, timeout: deadline.remaining() });
    const server = link.client.getServerVersion();
    return {
      connectionId: link.target.id,
      server: server ? { name: server.name, version: server.version } : null,
      async listTools() {
        const tools: McpToolDescriptor[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MAX_TOOL_PAGES; page++) {
          const result = await link.request(() => link.client.listTools(cursor === undefined ? undefined : { cursor }, options()), deadline);
          for (const tool of result.tools) {
            tools.push({ name: tool.name, description: tool.description ?? null, inputSchema: tool.inputSchema as Record<string, unknown> });
          }
          cursor = result.nextCursor;
          if (!cursor) break;
        }
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
    };
  }
}
