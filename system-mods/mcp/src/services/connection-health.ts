/**
 * The supervisor's book of every MCP connection this process has touched: its state, the
 * failures in a row, its last error and when it is tried next, with the circuit breaker over it.
 *
 * States: `closed` (nothing known: not used since the start, or released after a change),
 * `connecting` (its first contact is under way), `ready` (its last contact succeeded),
 * `degraded` (its last contacts failed, fewer than the failure threshold; calls still go
 * through) and `circuit_open` (the threshold was reached: calls fail fast with
 * `mcp_circuit_open` until a half-open probe reaches the server again). A keep-alive connection
 * is reconnected in the background while degraded or open; an ephemeral one is probed in the
 * background only while its circuit is open. Delays double from `retryInitialMs` to
 * `retryMaxMs`, each jittered between half and the whole of it.
 *
 * Every change of state is a log line and an event to the listeners (the chat runtime relays
 * it on the runs that use the connection; metrics read {@link ConnectionHealth.states}).
 */
import type { LoggerService } from '../../../../sdk/index.js';
import { toDisposable, type Disposable } from '../../../../sdk/index.js';
import { mcpErrors as errors } from '../errors.js';
import type { McpConnectionState, McpConnectionStatus, McpStateChange } from '../contract.js';

/** How failures open the circuit and how retries are spaced (the mod's settings). */
export interface HealthPolicy {
  failureThreshold: number;
  retryInitialMs: number;
  retryMaxMs: number;
}

export const DEFAULT_HEALTH_POLICY: HealthPolicy = { failureThreshold: 3, retryInitialMs: 250, retryMaxMs: 30_000 };

interface HealthRecord {
  id: string;
  state: McpConnectionState;
  circuit: 'closed' | 'open' | 'half_open';
  failures: number;
  lastError: { code: string; message: string; at: number } | null;
  nextRetryAt: number | null;
  since: number;
  timer?: NodeJS.Timeout;
}

export interface HealthOptions {
  logger: LoggerService;
  /** Jitter source (tests pass `() => 1` for exact delays). */
  random?: () => number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export class ConnectionHealth {
  private readonly records = new Map<string, HealthRecord>();
  private readonly listeners = new Set<(change: McpStateChange) => void>();
  private readonly random: () => number;
  private readonly log: LoggerService;

  constructor(options: HealthOptions) {
    this.random = options.random ?? Math.random;
    this.log = options.logger;
  }

  status(id: string): McpConnectionStatus {
    const record = this.records.get(id);
    if (!record) return { connectionId: id, state: 'closed', circuit: 'closed', failures: 0, lastError: null, nextRetryAt: null, since: null };
    return {
      connectionId: id,
      state: record.state,
      circuit: record.circuit,
      failures: record.failures,
      lastError: record.lastError && { code: record.lastError.code, message: record.lastError.message, at: iso(record.lastError.at)! },
      nextRetryAt: iso(record.nextRetryAt),
      since: iso(record.since),
    };
  }

  /** Every connection with a record in this process. */
  states(): McpConnectionStatus[] {
    return [...this.records.keys()].map((id) => this.status(id));
  }

  onChange(listener: (change: McpStateChange) => void): Disposable {
    this.listeners.add(listener);
    return toDisposable(() => void this.listeners.delete(listener));
  }

  /** Throws `mcp_circuit_open` while the circuit is open (a half-open probe in flight included). */
  admit(id: string): void {
    const record = this.records.get(id);
    if (record?.state !== 'circuit_open') return;
    const retryAt = iso(record.nextRetryAt);
    const waitSeconds = record.nextRetryAt === null ? 1 : Math.max(1, Math.ceil((record.nextRetryAt - Date.now()) / 1000));
    throw errors.mcpCircuitOpen(
      { connectionId: id, failures: record.failures, reason: record.lastError?.message ?? 'unknown', retryAt: retryAt ?? (record.circuit === 'half_open' ? 'under way' : 'when an operator tries it') },
      { details: { retryAt }, headers: { 'retry-after': String(waitSeconds) } },
    );
  }

  isOpen(id: string): boolean {
    return this.records.get(id)?.state === 'circuit_open';
  }

  /** A first contact begins (only `closed` shows it; a retry keeps its state). */
  contacting(id: string): void {
    const record = this.record(id);
    if (record.state === 'closed') this.move(record, 'connecting');
  }

  /** A probe of an open circuit begins: it is half open until the probe ends. */
  probing(id: string): void {
    const record = this.records.get(id);
    if (record?.state === 'circuit_open') record.circuit = 'half_open';
  }

  /** A probe ended without a verdict (refused before any contact, cancelled): the circuit is open again. */
  probeEnded(id: string): void {
    const record = this.records.get(id);
    if (record?.circuit === 'half_open') record.circuit = 'open';
  }

  /** A request reached the server and was answered. */
  succeeded(id: string): void {
    const record = this.record(id);
    this.clearTimer(record);
    record.failures = 0;
    record.circuit = 'closed';
    if (record.state !== 'ready') this.move(record, 'ready');
  }

  /**
   * A contact failed; the circuit opens at the threshold. `retry` says what runs next (given
   * whether the circuit is open now): it is scheduled after the backoff of the failures in a
   * row, jittered, replacing any retry already scheduled; `nextRetryAt` says when.
   */
  failed(id: string, error: { code: string; message: string }, policy: HealthPolicy, retry: (circuitOpen: boolean) => (() => void) | undefined): McpConnectionStatus {
    const record = this.record(id);
    record.failures += 1;
    record.lastError = { code: error.code, message: error.message, at: Date.now() };
    const opens = record.failures >= Math.max(1, policy.failureThreshold);
    if (opens) record.circuit = 'open';
    const next = retry(opens);
    if (next) this.schedule(record, policy, next);
    else this.clearTimer(record);
    const state: McpConnectionState = opens ? 'circuit_open' : 'degraded';
    if (record.state !== state) this.move(record, state);
    return this.status(id);
  }

  private schedule(record: HealthRecord, policy: HealthPolicy, retry: () => void): void {
    this.clearTimer(record);
    const initial = Math.max(1, policy.retryInitialMs);
    const cap = Math.max(initial, policy.retryMaxMs);
    const base = Math.min(cap, initial * 2 ** Math.min(30, Math.max(0, record.failures - 1)));
    const delay = Math.round(base / 2 + (base / 2) * Math.min(1, Math.max(0, this.random())));
    record.nextRetryAt = Date.now() + delay;
    record.timer = setTimeout(() => {
      record.timer = undefined;
      record.nextRetryAt = null;
      retry();
    }, delay);
    record.timer.unref();
    this.log.debug({ connectionId: record.id, retryInMs: delay, failures: record.failures }, 'MCP retry scheduled');
  }

  /** Drops a scheduled retry (a caller is connecting now). */
  cancelRetry(id: string): void {
    const record = this.records.get(id);
    if (record) this.clearTimer(record);
  }

  /** Back to `closed`, failures forgotten (the connection was saved, disabled or released). */
  reset(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.clearTimer(record);
    record.failures = 0;
    record.circuit = 'closed';
    if (record.state !== 'closed') this.move(record, 'closed');
  }

  /** The connection is gone: its record too. */
  forget(id: string): void {
    this.reset(id);
    this.records.delete(id);
  }

  dispose(): void {
    for (const record of this.records.values()) this.clearTimer(record);
    this.listeners.clear();
  }

  private record(id: string): HealthRecord {
    let record = this.records.get(id);
    if (!record) {
      record = { id, state: 'closed', circuit: 'closed', failures: 0, lastError: null, nextRetryAt: null, since: Date.now() };
      this.records.set(id, record);
    }
    return record;
  }

  private clearTimer(record: HealthRecord): void {
    clearTimeout(record.timer);
    record.timer = undefined;
    record.nextRetryAt = null;
  }

  private move(record: HealthRecord, to: McpConnectionState): void {
    const from = record.state;
    record.state = to;
    record.since = Date.now();
    const status = this.status(record.id);
    const level = to === 'degraded' || to === 'circuit_open' ? 'warn' : 'info';
    this.log[level]({ connectionId: record.id, from, to, failures: record.failures, lastError: record.lastError?.message }, 'MCP connection state changed');
    for (const listener of this.listeners) {
      try {
        listener({ connectionId: record.id, from, to, status });
      } catch (error) {
        this.log.warn({ err: error, connectionId: record.id }, 'an MCP state listener failed');
      }
    }
  }
}
