/**
 * Process operations: dispatch to a connected gateway (idempotent by operation id per gateway),
 * the output the gateway streams (kept as a tail of 256 KiB per stream, written to the database
 * in batches and at exit), cancel, and what survives a controller restart: the rows keep their
 * state, and when the gateway reconnects the controller asks it about every unfinished
 * operation (`sync`); it reports each as still running (output keeps streaming), finished (its
 * exit, with output it kept while disconnected), or unknown (the row becomes `interrupted`).
 *
 * An operation always settles: output is stored with each NUL replaced (`storable-text.ts`), and
 * when storing a gateway's frame fails anyway (the database refuses the write) the operation is
 * settled as `failed` with the reason, the process is cancelled on the gateway if it may still
 * run, and whoever waits for it (a `wait` dispatch, the `process_run` tool) is released.
 */
import { createHash } from 'node:crypto';
import type { ModDatabaseService as Database, LoggerService, OptionalService } from '../../../../sdk/index.js';
import { commandLineOf, type ExecutionBoundariesService } from '../../../settings/src/contract.js';
import type { Frame } from '../../gateway/protocol.js';
import { gatewayErrors as errors } from '../errors.js';
import type { GatewayConnection, Listener } from './listener.js';
import { storableText } from './storable-text.js';

export const OUTPUT_TAIL_BYTES = 256 * 1024;
export const OPERATION_ID_RE = /^[a-z0-9][a-z0-9._:-]{0,255}$/i;
const ACCEPT_WAIT_MS = 20_000;
const FLUSH_MS = 200;
/** Output events a dispatch answer carries at most (the stored tails have the rest). */
const MAX_EVENTS = 256;
const ACTIVE = ['dispatched', 'running'];
/** Frames after which the process no longer runs on the gateway. */
const FINAL_FRAMES = new Set(['exit', 'rejected', 'unknown']);
const INT32_MAX = 2 ** 31 - 1;

/** The driver's own words of a failed write, without the SQL statement knex puts before them. */
function storeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const words = message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message;
  return storableText(words).slice(0, 300);
}

export type OperationState = 'dispatched' | 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

export interface ProcessRequest {
  command?: string;
  executable?: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

interface OperationRow {
  gateway_id: string;
  operation_id: string;
  request: unknown;
  request_hash: string;
  state: OperationState;
  exit_code: number | null;
  signal: string | null;
  error: string | null;
  stdout: string;
  stderr: string;
  stdout_bytes: string | number;
  stderr_bytes: string | number;
  cancel_requested: boolean;
  agent_id: string | null;
  run_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

interface OutputEvent {
  stream: 'stdout' | 'stderr';
  data: string;
}

/** What is in memory of an operation while output arrives. */
interface Live {
  tails: { stdout: Buffer; stderr: Buffer };
  bytes: { stdout: number; stderr: number };
  events: OutputEvent[];
  dirty: boolean;
  timer?: NodeJS.Timeout;
  accepted: Array<(outcome: { accepted: boolean; reason?: string }) => void>;
  finished: Array<() => void>;
  cancelAck: Array<(found: boolean) => void>;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const TERMINAL = (state: string) => !ACTIVE.includes(state);

export function operationView(row: OperationRow) {
  const request = (typeof row.request === 'string' ? JSON.parse(row.request) : row.request) as ProcessRequest;
  const stdoutBytes = Number(row.stdout_bytes);
  const stderrBytes = Number(row.stderr_bytes);
  return {
    gatewayId: row.gateway_id,
    operationId: row.operation_id,
    state: row.state,
    request: { ...request, env: request.env ? Object.keys(request.env) : undefined },
    exitCode: row.exit_code,
    signal: row.signal,
    error: row.error,
    stdout: row.stdout,
    stderr: row.stderr,
    stdoutBytes,
    stderrBytes,
    outputTruncated: Buffer.byteLength(row.stdout) < stdoutBytes || Buffer.byteLength(row.stderr) < stderrBytes,
    cancelRequested: row.cancel_requested,
    agentId: row.agent_id,
    runId: row.run_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    finishedAt: iso(row.finished_at),
  };
}
export type OperationView = ReturnType<typeof operationView>;

function tail(buffer: Buffer, add: Buffer): Buffer {
  const joined = Buffer.concat([buffer, add]);
  if (joined.length <= OUTPUT_TAIL_BYTES) return joined;
  let cut = joined.subarray(joined.length - OUTPUT_TAIL_BYTES);
  // Do not start inside a UTF-8 sequence.
  let skip = 0;
  while (skip < 4 && skip < cut.length && (cut[skip]! & 0xc0) === 0x80) skip++;
  cut = cut.subarray(skip);
  return Buffer.from(cut);
}

/** Canonical JSON (sorted keys) so the same request hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export class Operations {
  private readonly table: string;
  private readonly live = new Map<string, Live>();
  /** Frames of one gateway are handled in order. */
  private readonly chains = new Map<string, Promise<void>>();
  private listener!: Listener;

  constructor(
    private readonly db: Database,
    private readonly boundaries: OptionalService<ExecutionBoundariesService>,
    private readonly log: LoggerService,
  ) {
    this.table = db.table('operations');
  }

  attach(listener: Listener): void {
    this.listener = listener;
  }

  private key(gatewayId: string, operationId: string) {
    return `${gatewayId}\u0000${operationId}`;
  }

  private liveOf(gatewayId: string, operationId: string, row?: OperationRow): Live {
    const key = this.key(gatewayId, operationId);
    let live = this.live.get(key);
    if (!live) {
      live = {
        tails: { stdout: Buffer.from(row?.stdout ?? ''), stderr: Buffer.from(row?.stderr ?? '') },
        bytes: { stdout: Number(row?.stdout_bytes ?? 0), stderr: Number(row?.stderr_bytes ?? 0) },
        events: [],
        dirty: false,
        accepted: [],
        finished: [],
        cancelAck: [],
      };
      this.live.set(key, live);
    }
    return live;
  }

  async get(gatewayId: string, operationId: string): Promise<OperationRow | undefined> {
    return this.db.knex<OperationRow>(this.table).where({ gateway_id: gatewayId, operation_id: operationId.toLowerCase() }).first();
  }

  async list(gatewayId: string | undefined, limit: number): Promise<OperationView[]> {
    const q = this.db
      .knex<OperationRow>(this.table)
      .select('*')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'operation_id', order: 'asc' },
      ])
      .limit(limit);
    if (gatewayId !== undefined) q.where({ gateway_id: gatewayId });
    return (await q).map(operationView);
  }

  async runningCount(gatewayId: string): Promise<number> {
    const rows = await this.db.knex(this.table).where({ gateway_id: gatewayId }).whereIn('state', ACTIVE).count({ count: '*' });
    return Number(rows[0]?.count ?? 0);
  }

  /** Refuses what the operator's execution boundaries block; without them nothing runs. */
  private async check(request: ProcessRequest): Promise<number> {
    const service = this.boundaries.get();
    if (!service) throw errors.gatewayExecutionUnavailable({ reason: 'the execution boundaries are not available (the settings mod is not enabled)' });
    const command = request.command ?? request.executable!;
    const args = request.command !== undefined ? [] : (request.args ?? []);
    const refusal = await service.commandRefusal(command, args);
    if (refusal) throw errors.gatewayCommandBlocked({ patternIndex: refusal.patternIndex }, { details: { patternIndex: refusal.patternIndex, commandLine: commandLineOf(command, args) } });
    return (await service.get()).maxCommandSeconds * 1000;
  }

  /**
   * Dispatches `request` as `operationId` on `gatewayId`. A recorded operation id answers its
   * record (never runs twice); the same id with another request is a conflict.
   */
  async dispatch(gatewayId: string, operationIdInput: string, request: ProcessRequest, options: { wait?: boolean; waitMs?: number; signal?: AbortSignal; agentId?: string; runId?: string } = {}) {
    if (!OPERATION_ID_RE.test(operationIdInput)) throw errors.gatewayOperationIdInvalid();
    const operationId = operationIdInput.toLowerCase();
    const hasCommand = request.command !== undefined;
    const hasExecutable = request.executable !== undefined;
    if (hasCommand === hasExecutable) throw errors.gatewayProcessRequestInvalid({ reason: 'give exactly one of command or executable' });
    if (hasCommand && (request.command ?? '').trim() === '') throw errors.gatewayProcessRequestInvalid({ reason: 'command must not be empty' });
    if (hasExecutable && (request.executable ?? '').trim() === '') throw errors.gatewayProcessRequestInvalid({ reason: 'executable must not be empty' });
    if (hasCommand && request.args && request.args.length > 0) throw errors.gatewayProcessRequestInvalid({ reason: 'args go with executable, not with command' });
    // A process cannot receive NUL in its command line, arguments or environment (C strings), and
    // the request is stored as jsonb, which cannot hold it either.
    const texts = [request.command, request.executable, request.cwd, ...(request.args ?? []), ...Object.values(request.env ?? {})];
    if (texts.some((text) => typeof text === 'string' && text.includes('\u0000'))) throw errors.gatewayProcessRequestInvalid({ reason: 'command, executable, args, cwd and env values cannot contain the NUL character' });
    const stored: ProcessRequest = { ...request, ...(hasCommand ? { args: undefined } : { args: request.args ?? [] }) };
    const hash = createHash('sha256').update(canonical(stored)).digest('hex');

    const existing = await this.get(gatewayId, operationId);
    if (existing) return this.replay(existing, hash);
    const maxMs = await this.check(request);
    const connection = this.listener.connection(gatewayId);
    if (!connection) throw errors.gatewayNotConnected({ gatewayId });

    const inserted = await this.db.transaction(async (trx) =>
      trx(this.table)
        .insert({ gateway_id: gatewayId, operation_id: operationId, request: JSON.stringify(stored), request_hash: hash, state: 'dispatched', agent_id: options.agentId ?? null, run_id: options.runId ?? null })
        .onConflict(['gateway_id', 'operation_id'])
        .ignore()
        .returning('operation_id'),
    );
    if (inserted.length === 0) return this.replay((await this.get(gatewayId, operationId))!, hash);

    const live = this.liveOf(gatewayId, operationId);
    const accepted = new Promise<{ accepted: boolean; reason?: string }>((resolve) => {
      live.accepted.push(resolve);
      setTimeout(() => resolve({ accepted: false, reason: 'no answer from the gateway yet' }), ACCEPT_WAIT_MS).unref();
    });
    const timeoutMs = Math.min(request.timeoutMs ?? maxMs, maxMs);
    connection.send({ type: 'run', operationId, command: stored.command, executable: stored.executable, args: stored.args, cwd: stored.cwd ?? '', env: stored.env ?? {}, timeoutMs });
    const outcome = await accepted;
    if (!outcome.accepted && outcome.reason !== 'no answer from the gateway yet') {
      throw errors.gatewayDispatchFailed({ operationId, reason: outcome.reason ?? 'refused' }, { details: { operationId, gatewayId } });
    }
    if (outcome.accepted && options.wait) await this.waitFinished(gatewayId, operationId, options.waitMs ?? 100_000, options.signal);
    const row = (await this.get(gatewayId, operationId))!;
    const view = operationView(this.merge(row));
    return { operationId, dispatch: { accepted: outcome.accepted, replayed: false, response: view, events: [...live.events] } };
  }

  private replay(row: OperationRow, hash: string) {
    if (row.request_hash !== hash) throw errors.gatewayOperationConflict({ operationId: row.operation_id });
    return {
      operationId: row.operation_id,
      dispatch: {
        accepted: row.state !== 'dispatched' && !(row.state === 'failed' && row.exit_code === null && row.error !== null),
        replayed: true,
        response: operationView(this.merge(row)),
        events: [] as OutputEvent[],
      },
    };
  }

  /** The row with output that arrived but is not written yet. */
  private merge(row: OperationRow): OperationRow {
    const live = this.live.get(this.key(row.gateway_id, row.operation_id));
    if (!live || !live.dirty) return row;
    return { ...row, stdout: live.tails.stdout.toString('utf8'), stderr: live.tails.stderr.toString('utf8'), stdout_bytes: live.bytes.stdout, stderr_bytes: live.bytes.stderr };
  }

  /** Resolves when the operation is no longer running, after `waitMs`, or when `signal` aborts (then cancels it). */
  async waitFinished(gatewayId: string, operationId: string, waitMs: number, signal?: AbortSignal): Promise<void> {
    const row = await this.get(gatewayId, operationId);
    if (!row || TERMINAL(row.state)) return;
    const live = this.liveOf(gatewayId, operationId, row);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, waitMs);
      timer.unref();
      const onAbort = () => {
        this.cancel(gatewayId, operationId).catch(() => undefined);
      };
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      live.finished.push(done);
      // The exit may have been handled between the read above and now.
      this.get(gatewayId, operationId).then(
        (now) => (now && TERMINAL(now.state) ? done() : undefined),
        () => undefined,
      );
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async cancel(gatewayId: string, operationIdInput: string) {
    const row = OPERATION_ID_RE.test(operationIdInput) ? await this.get(gatewayId, operationIdInput) : undefined;
    if (!row) throw errors.gatewayOperationNotFound({ gatewayId, operationId: operationIdInput });
    const operationId = row.operation_id;
    if (TERMINAL(row.state)) return { operationId, dispatch: { accepted: false, response: operationView(this.merge(row)), events: [] as OutputEvent[] } };
    await this.db.knex(this.table).where({ gateway_id: gatewayId, operation_id: operationId }).update({ cancel_requested: true, updated_at: new Date() });
    const connection = this.listener.connection(gatewayId);
    if (!connection) throw errors.gatewayNotConnected({ gatewayId });
    const live = this.liveOf(gatewayId, operationId, row);
    const found = new Promise<boolean>((resolve) => {
      live.cancelAck.push(resolve);
      setTimeout(() => resolve(false), ACCEPT_WAIT_MS).unref();
    });
    connection.send({ type: 'cancel', operationId });
    const wasRunning = await found;
    const after = (await this.get(gatewayId, operationId))!;
    return { operationId, dispatch: { accepted: true, response: { found: wasRunning, operation: operationView(this.merge(after)) }, events: [] as OutputEvent[] } };
  }

  /** A gateway authenticated: ask it about every operation that is not finished. */
  async authenticated(connection: GatewayConnection): Promise<void> {
    const rows = await this.db.knex<OperationRow>(this.table).select('operation_id').where({ gateway_id: connection.gatewayId }).whereIn('state', ACTIVE);
    if (rows.length > 0) connection.send({ type: 'sync', operationIds: rows.map((r) => r.operation_id) });
  }

  frame(gatewayId: string, frame: Frame): void {
    const previous = this.chains.get(gatewayId) ?? Promise.resolve();
    const next = previous.then(() => this.handle(gatewayId, frame)).catch((error) => this.log.warn({ gatewayId, type: frame.type, err: (error as Error).message }, 'gateway frame not handled'));
    this.chains.set(gatewayId, next);
  }

  private async handle(gatewayId: string, frame: Frame): Promise<void> {
    const operationId = typeof frame.operationId === 'string' ? frame.operationId.toLowerCase() : undefined;
    // Only ids this controller could have sent (a gateway's other strings never reach a query).
    if (!operationId || !OPERATION_ID_RE.test(operationId)) return;
    const key = this.key(gatewayId, operationId);
    let live = this.live.get(key);
    if (!live) {
      const row = await this.get(gatewayId, operationId);
      if (!row || TERMINAL(row.state)) return;
      live = this.liveOf(gatewayId, operationId, row);
    }
    try {
      await this.apply(gatewayId, operationId, key, live, frame);
    } catch (error) {
      await this.settleFailed(gatewayId, operationId, key, live, frame.type, error);
    }
  }

  /** Stores what one frame of a known, unfinished operation says. */
  private async apply(gatewayId: string, operationId: string, key: string, live: Live, frame: Frame): Promise<void> {
    const where = () => this.db.knex(this.table).where({ gateway_id: gatewayId, operation_id: operationId }).whereIn('state', ACTIVE);
    switch (frame.type) {
      case 'accepted':
      case 'status':
        await where().update({ state: 'running', updated_at: new Date() });
        for (const resolve of live.accepted.splice(0)) resolve({ accepted: true });
        return;
      case 'rejected':
        const reason = storableText(String(frame.reason ?? 'refused')).slice(0, 2000);
        await where().update({ state: 'failed', error: reason, finished_at: new Date(), updated_at: new Date() });
        for (const resolve of live.accepted.splice(0)) resolve({ accepted: false, reason });
        return this.release(key, live);
      case 'output': {
        const stream = frame.stream === 'stderr' ? 'stderr' : 'stdout';
        const data = storableText(typeof frame.data === 'string' ? frame.data : '');
        const bytes = Buffer.from(data, 'utf8');
        live.tails[stream] = tail(live.tails[stream], bytes);
        live.bytes[stream] += bytes.length;
        if (live.events.length < MAX_EVENTS) live.events.push({ stream, data });
        live.dirty = true;
        live.timer ??= setTimeout(() => {
          live.timer = undefined;
          this.frame(gatewayId, { type: 'flush', operationId });
        }, FLUSH_MS);
        return;
      }
      case 'flush':
        return this.flush(gatewayId, operationId, live);
      case 'exit': {
        const row = await this.get(gatewayId, operationId);
        const cancelled = frame.cancelled === true || row?.cancel_requested === true;
        const exitCode = Number.isInteger(frame.exitCode) && Math.abs(frame.exitCode as number) <= INT32_MAX ? (frame.exitCode as number) : null;
        const state: OperationState = cancelled ? 'cancelled' : exitCode === 0 ? 'completed' : 'failed';
        const signal = typeof frame.signal === 'string' ? storableText(frame.signal).slice(0, 32) : null;
        await this.flush(gatewayId, operationId, live, { state, exit_code: exitCode, signal, finished_at: new Date() });
        for (const resolve of live.accepted.splice(0)) resolve({ accepted: true });
        return this.release(key, live);
      }
      case 'unknown':
        await this.flush(gatewayId, operationId, live, { state: 'interrupted', error: 'the gateway no longer knows this operation (it restarted, or never received it)', finished_at: new Date() });
        for (const resolve of live.accepted.splice(0)) resolve({ accepted: false, reason: 'unknown to the gateway' });
        return this.release(key, live);
      case 'cancel-ack':
        for (const resolve of live.cancelAck.splice(0)) resolve(frame.found === true);
        return;
    }
  }

  /**
   * Storing a frame of the operation failed: it settles as `failed` with the reason instead of
   * staying `running`. A process that may still run is cancelled on the gateway (its output could
   * not be kept). Waiters are released even when this write fails too (the database is away);
   * the row then settles when the gateway reports the exit again after a reconnect.
   */
  private async settleFailed(gatewayId: string, operationId: string, key: string, live: Live, frameType: string, error: unknown): Promise<void> {
    const stillRuns = !FINAL_FRAMES.has(frameType);
    const reason = `the controller could not store the ${frameType === 'output' || frameType === 'flush' ? 'output' : 'result'} of this operation (${storeFailure(error)})${stillRuns ? '; the process was cancelled' : ''}`;
    this.log.warn({ gatewayId, operationId, frame: frameType, err: storeFailure(error) }, 'gateway operation could not be stored; settled as failed');
    if (live.timer) clearTimeout(live.timer);
    live.timer = undefined;
    live.dirty = false;
    if (stillRuns) this.listener.connection(gatewayId)?.send({ type: 'cancel', operationId });
    try {
      await this.db
        .knex(this.table)
        .where({ gateway_id: gatewayId, operation_id: operationId })
        .whereIn('state', ACTIVE)
        .update({ state: 'failed', error: reason, ...(stillRuns ? { cancel_requested: true } : {}), finished_at: new Date(), updated_at: new Date() });
    } catch (again) {
      this.log.error({ gatewayId, operationId, err: storeFailure(again) }, 'gateway operation could not be settled as failed');
    } finally {
      // A dispatch waiting for acceptance goes on to read the settled row.
      for (const resolve of live.accepted.splice(0)) resolve({ accepted: true });
      this.release(key, live);
    }
  }

  private async flush(gatewayId: string, operationId: string, live: Live, extra: Record<string, unknown> = {}): Promise<void> {
    if (live.timer) {
      clearTimeout(live.timer);
      live.timer = undefined;
    }
    const output = live.dirty ? { stdout: live.tails.stdout.toString('utf8'), stderr: live.tails.stderr.toString('utf8'), stdout_bytes: live.bytes.stdout, stderr_bytes: live.bytes.stderr } : {};
    live.dirty = false;
    if (Object.keys(output).length === 0 && Object.keys(extra).length === 0) return;
    await this.db
      .knex(this.table)
      .where({ gateway_id: gatewayId, operation_id: operationId })
      .whereIn('state', ACTIVE)
      .update({ ...output, ...extra, updated_at: new Date() });
  }

  private release(key: string, live: Live): void {
    for (const resolve of live.cancelAck.splice(0)) resolve(false);
    for (const done of live.finished.splice(0)) done();
    this.live.delete(key);
  }

  /** Writes output not yet stored (the mod is stopping). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.chains.values()]);
    for (const [key, live] of this.live) {
      const [gatewayId = '', operationId = ''] = key.split('\u0000');
      await this.flush(gatewayId, operationId, live).catch(() => undefined);
      for (const done of live.finished.splice(0)) done();
      for (const resolve of live.accepted.splice(0)) resolve({ accepted: false, reason: 'no answer from the gateway yet' });
    }
    this.live.clear();
  }
}
