/**
 * The kept clients of `keep_alive` connections: opened at first use and reused, pinged, torn
 * down when their server goes away and reopened in the background on the supervisor's schedule
 * (the reconnect of an open circuit is its half-open probe).
 */
import type { LoggerService } from '../../../../sdk/index.js';
import { raceAbort } from '../../../../sdk/helpers/index.js';
import { mcpErrors as errors } from '../errors.js';
import type { ConnectionHealth } from './connection-health.js';
import type { Link } from './mcp-link.js';
import type { McpConnectionTarget, McpSession, McpTimings } from './mcp-types.js';
import { abortFailure, Deadline, LinkFailure } from './use-deadline.js';

/** The kept client of one keep-alive connection. */
interface KeptEntry {
  id: string;
  revision: number;
  link?: Link;
  connecting?: Promise<Link>;
  pingTimer?: NodeJS.Timeout;
  /** Whether the client was open at least once (a reopening is logged). */
  everOpen: boolean;
  released: boolean;
}

/** A failure in words, as the supervisor records it. */
export interface FailureText {
  code: string;
  message: string;
}

/** What the kept clients need of the manager. */
export interface KeptHost {
  readonly log: LoggerService;
  readonly health: ConnectionHealth;
  isClosed(): boolean;
  load(connectionId: string): Promise<McpConnectionTarget | undefined>;
  timings(): Promise<McpTimings>;
  /** Opens a link; a failure to connect is counted by the supervisor. */
  open(target: McpConnectionTarget, deadline: Deadline): Promise<Link>;
  run<T>(work: (session: McpSession) => Promise<T>, link: Link, deadline: Deadline): Promise<T>;
  track(deadline: Deadline): Deadline;
  untrack(deadline: Deadline): void;
  /** Counts the loss of an open link (once per link) and schedules what follows. */
  lost(link: Link, failure: FailureText): void;
  catalogued(failure: LinkFailure, connectionId: string, timeoutMs: number): FailureText;
}

export const keeps = (target: McpConnectionTarget): boolean => target.lifecycle === 'keep_alive' && target.enabled;

export class KeptClients {
  private readonly entries = new Map<string, KeptEntry>();

  constructor(private readonly host: KeptHost) {}

  ids(): string[] {
    return [...this.entries.keys()];
  }

  async use<T>(target: McpConnectionTarget, work: (session: McpSession) => Promise<T>, deadline: Deadline, timings: McpTimings, retry: (failure: LinkFailure, attempt: number) => boolean): Promise<T> {
    let entry = this.entries.get(target.id);
    if (entry && entry.revision !== target.revision) {
      await this.releaseEntry(entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { id: target.id, revision: target.revision, everOpen: false, released: false };
      this.entries.set(target.id, entry);
    }
    for (let attempt = 0; ; attempt++) {
      const link = await this.acquire(entry, deadline, timings);
      try {
        return await this.host.run(work, link, deadline);
      } catch (error) {
        if (!(error instanceof LinkFailure)) throw error;
        if (error.kind === 'timeout' || error.kind === 'closed' || error.kind === 'not_delivered') {
          await this.drop(entry, link, this.host.catalogued(error, target.id, deadline.timeoutMs));
        }
        if (retry(error, attempt)) continue;
        throw error;
      }
    }
  }

  /** The reconnect to schedule after a failure of a kept connection; undefined when none is kept. */
  retryOf(connectionId: string): (() => void) | undefined {
    const entry = this.entries.get(connectionId);
    if (!entry || entry.released) return undefined;
    return () => void this.connect(entry).catch(() => undefined);
  }

  /** Closes the kept client of a connection; resolves once it is closed. */
  async release(connectionId: string): Promise<void> {
    const entry = this.entries.get(connectionId);
    if (entry) await this.releaseEntry(entry);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => this.releaseEntry(entry)));
  }

  private async acquire(entry: KeptEntry, deadline: Deadline, timings: McpTimings): Promise<Link> {
    if (entry.link && !entry.link.broken) return entry.link;
    try {
      return await raceAbort(this.connect(entry, timings), deadline.signal);
    } catch (error) {
      // The attempt goes on under its own deadline and is counted when it ends.
      if (deadline.signal.aborted) throw abortFailure(deadline.signal.reason);
      throw error;
    }
  }

  /** The current connect attempt of a kept client, or a new one (own deadline, not the caller's). */
  private connect(entry: KeptEntry, known?: McpTimings): Promise<Link> {
    if (entry.connecting) return entry.connecting;
    const { health, log } = this.host;
    health.cancelRetry(entry.id);
    health.probing(entry.id);
    const attempt = (async () => {
      const timings = known ?? (await this.host.timings());
      const target = await this.host.load(entry.id);
      if (!target || !keeps(target) || target.revision !== entry.revision) {
        // Deleted, disabled, switched to ephemeral or changed: this entry has nothing left to keep.
        entry.released = true;
        if (this.entries.get(entry.id) === entry) this.entries.delete(entry.id);
        if (!target) health.forget(entry.id);
        else if (target.revision === entry.revision) health.reset(entry.id);
        throw new LinkFailure('shutdown', 'the connection changed or was removed');
      }
      const deadline = this.host.track(new Deadline(timings.callTimeoutMs));
      let link: Link;
      try {
        link = await this.host.open(target, deadline);
      } finally {
        this.host.untrack(deadline);
      }
      if (entry.released || this.host.isClosed()) {
        await link.close({ graceful: true });
        throw new LinkFailure('shutdown', 'the connection was released');
      }
      entry.link = link;
      if (entry.everOpen) log.info({ connectionId: entry.id }, 'keep-alive MCP connection reopened');
      entry.everOpen = true;
      health.succeeded(entry.id);
      link.onLost = () => void this.drop(entry, link, errors.mcpServerClosed({ connectionId: entry.id, reason: link.redact(link.lostReason ?? 'the server went away') }));
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
        health.probeEnded(entry.id);
        log.debug({ connectionId: entry.id, reason: error instanceof Error ? error.message : String(error) }, 'keep-alive MCP connect failed');
      },
    );
    return attempt;
  }

  /** Tears down a kept link; the supervisor counts the loss and schedules the reconnect. */
  private async drop(entry: KeptEntry, link: Link, failure: FailureText): Promise<void> {
    if (entry.link === link) {
      entry.link = undefined;
      clearTimeout(entry.pingTimer);
      entry.pingTimer = undefined;
      this.host.log.info({ connectionId: entry.id, reason: failure.message }, 'keep-alive MCP connection lost');
    }
    const closing = link.close();
    if (!entry.released && !this.host.isClosed()) this.host.lost(link, failure);
    await closing;
  }

  private startPing(entry: KeptEntry, link: Link, timings: McpTimings): void {
    if (timings.keepAlivePingMs <= 0) return;
    const next = () => {
      entry.pingTimer = setTimeout(async () => {
        if (entry.link !== link || link.broken) return;
        const deadline = this.host.track(new Deadline(timings.callTimeoutMs));
        try {
          await link.request(() => link.client.ping({ signal: deadline.signal, timeout: deadline.remaining() }), deadline);
          next();
        } catch (error) {
          const reason = link.redact(`ping failed: ${error instanceof Error ? error.message : String(error)}`);
          if (entry.link === link) await this.drop(entry, link, errors.mcpServerClosed({ connectionId: entry.id, reason }));
        } finally {
          this.host.untrack(deadline);
        }
      }, timings.keepAlivePingMs);
      entry.pingTimer.unref();
    };
    next();
  }

  private async releaseEntry(entry: KeptEntry): Promise<void> {
    entry.released = true;
    if (this.entries.get(entry.id) === entry) this.entries.delete(entry.id);
    clearTimeout(entry.pingTimer);
    entry.pingTimer = undefined;
    const link = entry.link;
    entry.link = undefined;
    if (entry.connecting) await entry.connecting.catch(() => undefined); // closes its own link once it sees `released`
    if (link) await link.close({ graceful: true });
  }
}
