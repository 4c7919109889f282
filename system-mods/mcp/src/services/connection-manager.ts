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
import type { LoggerService } from '../../../../sdk/index.js';
import { raceAbort } from '../../../../sdk/helpers/index.js';
import { mcpErrors as errors } from '../errors.js';
import { describe, Link } from './mcp-link.js';
import { loadMcpSdk } from './mcp-sdk.js';
import type { ConnectionManagerOptions, McpConnectionManager, McpConnectionTarget, McpKeptState, McpSession, McpTimings, McpToolDescriptor, McpToolResult, McpUseOptions } from './mcp-types.js';
import { abortFailure, Deadline, LinkFailure, ManagerClosing } from './use-deadline.js';

export type * from './mcp-types.js';

const DEFAULT_BACKOFF = { initialMs: 250, maxMs: 10_000 };
const MAX_TOOL_PAGES = 100;

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

  /** The connections with a kept client now. */
  keptIds(): string[] {
    return [...this.kept.keys()];
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
