/**
 * The MCP connection manager: opens SDK clients (Streamable HTTP or stdio) for configured
 * connections, bounds every use by a deadline, closes what it opened, and supervises each
 * connection's health (see {@link ConnectionHealth}: states, circuit breaker, retries).
 *
 * - `ephemeral` connections (and disabled ones) are opened for one use and always closed
 *   after it, on success, error and timeout alike; closing a stdio client waits until the child
 *   process has exited, so no process outlives the use.
 * - `keep_alive` connections are opened on first use and kept ({@link KeptClients}). When the
 *   server goes away the client is torn down and reopened in the background on the
 *   supervisor's schedule (backoff with jitter, reset on success).
 * - Failed contacts in a row open the circuit: calls fail fast with `mcp_circuit_open` until a
 *   half-open probe (a background reconnect or ping, an operator's "try now", discover or
 *   diagnose) reaches the server again.
 * - Retries within a call: a request that provably never reached the server (connection
 *   refused, session unknown to a restarted server) is sent again once on a fresh client; a tool
 *   call whose server went away mid-call is sent again once only when the tool says it is
 *   read-only or idempotent (`readOnlyHint` / `idempotentHint` in the server's tool listing).
 *   Both stay within the same deadline.
 * - One deadline covers a whole use (connect + requests). Past it the use fails with
 *   `mcp_timeout` and the connection is torn down; a server that dies mid-call fails with
 *   `mcp_server_closed` at once instead of hanging.
 *
 * Error texts from servers are redacted of the connection's secret values before they reach an
 * error message, a state or a log line; an HTTP error answer is reported by its status only.
 * HTTP connections go through the egress guard; a stdio server is started only when the launch
 * policy (the operator's execution boundaries) allows its command line, checked on every start.
 */
import { isSvcError, type Disposable, type LoggerService } from '../../../../sdk/index.js';
import { raceAbort } from '../../../../sdk/helpers/index.js';
import type { McpConnectionStatus, McpStateChange } from '../contract.js';
import { mcpErrors as errors } from '../errors.js';
import { ConnectionHealth, DEFAULT_HEALTH_POLICY, type HealthPolicy } from './connection-health.js';
import { keeps, KeptClients, type FailureText, type KeptHost } from './kept-clients.js';
import { Link } from './mcp-link.js';
import { loadMcpSdk } from './mcp-sdk.js';
import { sessionFor, ToolHints } from './mcp-session.js';
import type { ConnectionManagerOptions, McpConnectionManager, McpConnectionTarget, McpSession, McpTimings, McpToolDescriptor, McpToolResult, McpUseOptions } from './mcp-types.js';
import { abortFailure, Deadline, LinkFailure, ManagerClosing, type FailureKind } from './use-deadline.js';

export type * from './mcp-types.js';

/** Failures that say the server could not be reached or went away (they count against it). */
const HEALTH_FAILURES = new Set<FailureKind>(['connect', 'closed', 'timeout', 'not_delivered']);
/** Catalogued codes of a use that reached for the server and failed: a probe reports them in its state. */
const CONTACT_CODES = new Set(['mcp_connect_failed', 'mcp_server_closed', 'mcp_request_failed', 'mcp_timeout']);

type Retry = (failure: LinkFailure, attempt: number) => boolean;

export class ConnectionManager implements McpConnectionManager, KeptHost {
  readonly health: ConnectionHealth;
  readonly log: LoggerService;
  private readonly kept: KeptClients;
  private readonly hints = new ToolHints();
  private readonly links = new Set<Link>();
  private readonly deadlines = new Set<Deadline>();
  /** The supervisor's policy as last read from the timings (background retries use it). */
  private policy: HealthPolicy = DEFAULT_HEALTH_POLICY;
  private closed = false;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.log = options.logger;
    this.health = new ConnectionHealth({ logger: options.logger, random: options.random });
    this.kept = new KeptClients(this);
  }

  use<T>(connectionId: string, work: (session: McpSession) => Promise<T>, options: McpUseOptions = {}): Promise<T> {
    return this.useWith(connectionId, work, options, () => options.retryable === true);
  }

  listTools(connectionId: string, options?: McpUseOptions): Promise<McpToolDescriptor[]> {
    return this.use(connectionId, (session) => session.listTools(), options);
  }

  callTool(connectionId: string, toolName: string, args: Record<string, unknown>, options: McpUseOptions = {}): Promise<McpToolResult> {
    return this.useWith(
      connectionId,
      (session) => session.callTool(toolName, args),
      options,
      (target) => options.retryable ?? this.hints.retryable(target.id, target.revision, toolName),
    );
  }

  status(connectionId: string): McpConnectionStatus {
    return this.health.status(connectionId);
  }

  states(): McpConnectionStatus[] {
    return this.health.states();
  }

  onStateChange(listener: (change: McpStateChange) => void): Disposable {
    return this.health.onChange(listener);
  }

  async probe(connectionId: string, options: { signal?: AbortSignal } = {}): Promise<McpConnectionStatus> {
    try {
      await this.use(connectionId, (session) => session.ping(), { throughOpenCircuit: true, signal: options.signal });
    } catch (error) {
      if (!isSvcError(error) || !CONTACT_CODES.has(error.code)) throw error;
    }
    return this.health.status(connectionId);
  }

  forget(connectionId: string): void {
    this.hints.forget(connectionId);
    this.health.forget(connectionId);
  }

  /** The connections with a kept client now. */
  keptIds(): string[] {
    return this.kept.ids();
  }

  async release(connectionId: string, options: { inFlight?: boolean } = {}): Promise<void> {
    this.hints.forget(connectionId);
    this.health.reset(connectionId);
    const closing: Promise<void>[] = [this.kept.release(connectionId)];
    if (options.inFlight) {
      for (const link of this.links) if (link.target.id === connectionId) closing.push(link.close());
    }
    await Promise.all(closing);
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    this.health.dispose();
    for (const deadline of this.deadlines) deadline.abort(new ManagerClosing('MCP connections are shutting down'));
    await this.kept.closeAll();
    await Promise.all([...this.links].map((link) => link.close()));
  }

  // ---- what the kept clients use (KeptHost) ----

  isClosed(): boolean {
    return this.closed;
  }

  load(connectionId: string): Promise<McpConnectionTarget | undefined> {
    return this.options.source.load(connectionId);
  }

  async timings(): Promise<McpTimings> {
    const timings = await this.options.timings();
    this.policy = {
      failureThreshold: timings.failureThreshold ?? DEFAULT_HEALTH_POLICY.failureThreshold,
      retryInitialMs: timings.retryInitialMs ?? DEFAULT_HEALTH_POLICY.retryInitialMs,
      retryMaxMs: timings.retryMaxMs ?? DEFAULT_HEALTH_POLICY.retryMaxMs,
    };
    return timings;
  }

  track(deadline: Deadline): Deadline {
    this.deadlines.add(deadline);
    return deadline;
  }

  untrack(deadline: Deadline): void {
    deadline.dispose();
    this.deadlines.delete(deadline);
  }

  /** Opens a link; on failure it is closed (child exited) and counted before the failure is thrown. */
  async open(target: McpConnectionTarget, deadline: Deadline): Promise<Link> {
    // Every start of a server process is checked, background reconnects included.
    if (target.transport === 'stdio') await this.options.stdioLaunch?.check(target.command, target.args);
    await loadMcpSdk();
    this.health.contacting(target.id);
    const link = new Link(target, this.options.clientInfo, this.options.egress);
    this.links.add(link);
    link.onClosed = () => this.links.delete(link);
    try {
      await link.connect(deadline);
      return link;
    } catch (error) {
      if (error instanceof LinkFailure) this.failedOn(link, error, deadline);
      await link.close();
      throw error;
    }
  }

  /** The deadline bounds the caller's work too, not only its requests; an answered request is a success. */
  async run<T>(work: (session: McpSession) => Promise<T>, link: Link, deadline: Deadline): Promise<T> {
    try {
      const result = await raceAbort(work(sessionFor(link, deadline, this.hints)), deadline.signal);
      this.health.succeeded(link.target.id);
      return result;
    } catch (error) {
      if (deadline.signal.aborted && error === deadline.signal.reason) throw abortFailure(error);
      // The server answered (an unknown tool, a tool error): it is reachable.
      if (!(error instanceof LinkFailure)) this.health.succeeded(link.target.id);
      throw error;
    }
  }

  lost(link: Link, failure: FailureText): void {
    if (link.failureCounted) return;
    link.failureCounted = true;
    const id = link.target.id;
    this.health.failed(id, failure, this.policy, (open) => this.retryFor(id, open));
  }

  catalogued(failure: LinkFailure, connectionId: string, timeoutMs: number) {
    switch (failure.kind) {
      case 'timeout':
        return errors.mcpTimeout({ connectionId, timeoutMs });
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

  // ---- internals ----

  private async useWith<T>(connectionId: string, work: (session: McpSession) => Promise<T>, options: McpUseOptions, retryable: (target: McpConnectionTarget) => boolean): Promise<T> {
    if (this.closed) throw errors.mcpUnavailable({ connectionId, reason: 'MCP connections are shutting down' });
    const timings = await this.timings();
    const deadline = this.track(new Deadline(options.timeoutMs ?? timings.callTimeoutMs, options.signal));
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
      if (options.throughOpenCircuit) this.health.probing(connectionId);
      else this.health.admit(connectionId);
      const retry: Retry = (failure, attempt) => attempt === 0 && !deadline.signal.aborted && (failure.kind === 'not_delivered' || (failure.kind === 'closed' && retryable(target)));
      return keeps(target) ? await this.kept.use(target, work, deadline, timings, retry) : await this.useOnce(target, work, deadline, retry);
    } catch (error) {
      if (!(error instanceof LinkFailure)) throw error;
      this.log.warn({ connectionId, kind: error.kind, reason: error.reason }, 'MCP connection use failed');
      throw this.catalogued(error, connectionId, deadline.timeoutMs);
    } finally {
      this.untrack(deadline);
      if (options.throughOpenCircuit) this.health.probeEnded(connectionId);
    }
  }

  private async useOnce<T>(target: McpConnectionTarget, work: (session: McpSession) => Promise<T>, deadline: Deadline, retry: Retry): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const link = await this.open(target, deadline);
      // A tool error or an unknown tool still ends the session politely; a dead or stuck link does not.
      let graceful = true;
      try {
        return await this.run(work, link, deadline);
      } catch (error) {
        if (!(error instanceof LinkFailure)) throw error;
        graceful = false;
        this.failedOn(link, error, deadline);
        if (retry(error, attempt)) continue;
        throw error;
      } finally {
        await link.close({ graceful });
      }
    }
  }

  /** Counts a failure of a link when it says the server is unreachable or went away. */
  private failedOn(link: Link, failure: LinkFailure, deadline: Deadline): void {
    if (HEALTH_FAILURES.has(failure.kind)) this.lost(link, this.catalogued(failure, link.target.id, deadline.timeoutMs));
  }

  /** What runs after a failure: a kept client reconnects; an open circuit of an ephemeral one is probed. */
  private retryFor(connectionId: string, circuitOpen: boolean): (() => void) | undefined {
    if (this.closed) return undefined;
    return this.kept.retryOf(connectionId) ?? (circuitOpen ? () => this.backgroundProbe(connectionId) : undefined);
  }

  private backgroundProbe(connectionId: string): void {
    if (this.closed) return;
    void this.use(connectionId, (session) => session.ping(), { throughOpenCircuit: true, requireEnabled: true }).catch((error: unknown) => {
      if (this.closed) return;
      if (isSvcError(error) && error.code === 'mcp_connection_not_found') return this.forget(connectionId);
      if (isSvcError(error) && error.code === 'mcp_connection_disabled') return this.health.reset(connectionId);
      const status = this.health.status(connectionId);
      if (status.state !== 'circuit_open' || status.nextRetryAt !== null) return; // counted and rescheduled where it failed
      // Refused before any contact (the boundaries, the egress guard): still not reachable; try again later.
      const failure = isSvcError(error) ? { code: error.code, message: error.message } : { code: 'mcp_connect_failed', message: String(error) };
      this.health.failed(connectionId, failure, this.policy, (open) => this.retryFor(connectionId, open));
    });
  }
}
