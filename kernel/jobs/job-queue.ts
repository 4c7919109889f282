/**
 * The kernel's durable job queue: pg-boss 10 on the runtime's own database, started at boot
 * (after the kernel migrations) and stopped at shutdown. Jobs survive restarts, each is claimed
 * once across replicas (`FOR UPDATE SKIP LOCKED`) and failed attempts retry with backoff.
 *
 * On PostgreSQL pg-boss gets its own small `pg` pool. On embedded PGlite it goes through
 * knex's single connection (see `sql-executor.ts`), so it never runs inside an open transaction.
 *
 * pg-boss's own timers are all switched off (`supervise`, `schedule` and the state monitor):
 * they are plain `setInterval`s that hold the process open and, with cron scheduling on, poll
 * every few seconds even when nothing is scheduled. What we need of them runs here on one
 * unref'd, jittered timer: maintenance (`expire` fails attempts whose worker vanished so they
 * retry, `archive` and `drop` age finished jobs out) every two minutes, pg-boss's own default.
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { JobHandler, JobInfo, JobSendOptions, JobWorkOptions } from '../../sdk/core-services.js';
import { toDisposable, type Disposable } from '../../sdk/disposable.js';
import type { ManifestJobQueue } from '../../sdk/manifest.js';
import { QueueWorker, type WorkerLog } from './queue-worker.js';
import { knexPoolExecutor, transactionExecutor } from './sql-executor.js';
import { takeCarrier, TRACE_FIELD } from './queue-worker.js';
import type { KernelTracing } from '../telemetry/tracing.js';

/** pg-boss's tables live in this schema, next to the kernel's `svc_*` tables. */
export const JOBS_SCHEMA = 'svc_jobs';

export type QueuePolicy = NonNullable<ManifestJobQueue['policy']>;

export interface JobQueueOptions {
  driver: 'pglite' | 'postgres';
  /** The runtime's knex: PGlite statements borrow its connection; transactional sends use its transactions. */
  knex: Knex;
  /** PostgreSQL: the connection string for pg-boss's own pool. */
  postgresUrl?: string;
  log: WorkerLog & { info(obj: object, msg: string): void };
  /** How long a stopping worker waits for the job in hand before aborting it. */
  stopGraceMs: number;
  /** Default 120 000 (pg-boss's own default). */
  maintenanceIntervalMs?: number;
  /**
   * Runs schema changes as the only process doing so (the database's schema lock): pg-boss
   * creates a queue's partition with DDL, and two processes creating one at once deadlock.
   */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** With traces on, a job carries its sender's trace context and runs in a consumer span under it. */
  tracing?: KernelTracing;
}

const DEFAULTS = { retryLimit: 3, retryDelay: 1, retryBackoff: true } as const;
const DEFAULT_POLLING_MS = 2_000;
/** pg-boss's floor for polling. */
const MIN_POLLING_MS = 500;
/** Largest job payload, as JSON. Jobs carry ids and small parameters, not documents. */
const MAX_DATA_BYTES = 1_000_000;
/** pg-boss caps expiry below 24 hours. */
const MAX_EXPIRE_SECONDS = 23 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class JobQueue {
  private readonly workers = new Set<QueueWorker>();
  /** Queues being created or checked (once per process), and those known to exist. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly existing = new Set<string>();
  private maintenanceTimer: NodeJS.Timeout | undefined;
  private maintaining: Promise<void> | undefined;
  private state: 'running' | 'stopping' | 'stopped' = 'running';

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobQueueOptions,
  ) {}

  /** Creates or migrates pg-boss's schema and starts maintenance. */
  static async start(options: JobQueueOptions): Promise<JobQueue> {
    const connection = options.driver === 'postgres' ? { connectionString: options.postgresUrl, max: 3, application_name: 'svc-jobs' } : { db: knexPoolExecutor(options.knex) };
    const boss = new PgBoss({
      ...(connection as PgBoss.DatabaseOptions),
      schema: JOBS_SCHEMA,
      migrate: true,
      supervise: false,
      schedule: false,
    });
    // pg-boss is an EventEmitter: an 'error' without a listener would crash the process.
    boss.on('error', (error: Error) => options.log.warn({ reason: error.message }, 'job queue error'));
    await boss.start();
    const queue = new JobQueue(boss, options);
    queue.scheduleMaintenance();
    return queue;
  }

  /** Enqueues a job on `name`; the id, or null when a singleton rule dropped it. */
  async send(name: string, data: unknown, options: JobSendOptions = {}, policy: QueuePolicy = 'standard'): Promise<string | null> {
    this.assertRunning();
    const payload = checkData(data);
    // The sender's trace goes with the job (to whichever process claims it); the worker takes it off again.
    const carrier = this.options.tracing?.enabled ? this.options.tracing.carrier() : undefined;
    if (carrier) (payload as Record<string, unknown>)[TRACE_FIELD] = carrier;
    const sendOptions = toSendOptions(options);
    if (options.transaction) {
      const trx = options.transaction;
      const executor = transactionExecutor(trx);
      // Not through the pool: on PGlite the caller's transaction holds the one connection, and
      // waiting for it here would never end. Creating the queue joins the transaction instead.
      if (!this.existing.has(name)) {
        await executor.executeSql(`select ${JOBS_SCHEMA}.create_queue($1, $2)`, [name, JSON.stringify({ policy })]);
        trx.executionPromise.then(
          () => this.existing.add(name),
          () => undefined,
        );
      }
      const id = await this.boss.send(name, payload, { ...sendOptions, db: executor } as PgBoss.SendOptions);
      // Wake local workers once the job is visible, i.e. after the commit.
      trx.executionPromise.then(
        () => this.notify(name),
        () => undefined,
      );
      return id;
    }
    await this.ensureQueue(name, policy);
    const id = await this.boss.send(name, payload, sendOptions);
    this.notify(name);
    return id;
  }

  /** Starts a worker on `name`; its disposer stops it (bounded by the stop grace). */
  work(name: string, shortName: string, owner: string, handler: JobHandler<any>, options: JobWorkOptions = {}, policy: QueuePolicy = 'standard'): Disposable {
    this.assertRunning();
    if (typeof handler !== 'function') throw new TypeError('a job handler must be a function');
    const pollingIntervalMs = options.pollingIntervalMs ?? DEFAULT_POLLING_MS;
    if (!Number.isInteger(pollingIntervalMs) || pollingIntervalMs < MIN_POLLING_MS) {
      throw new TypeError(`pollingIntervalMs must be an integer of at least ${MIN_POLLING_MS}`);
    }
    const worker = new QueueWorker({
      boss: this.boss,
      name,
      shortName,
      owner,
      handler,
      pollingIntervalMs,
      ready: () => this.ensureQueue(name, policy),
      log: this.options.log,
      tracing: this.options.tracing,
    });
    this.workers.add(worker);
    worker.start();
    return toDisposable(async () => {
      try {
        await worker.stop(this.options.stopGraceMs);
      } finally {
        this.workers.delete(worker);
      }
    });
  }

  async get(name: string, shortName: string, id: string): Promise<JobInfo | undefined> {
    if (typeof id !== 'string' || !UUID.test(id)) return undefined;
    if (!(await this.queueExists(name))) return undefined;
    const job = await this.boss.getJobById(name, id, { includeArchive: true });
    if (!job) return undefined;
    const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
    return {
      id: job.id,
      queue: shortName,
      state: job.state,
      data: takeCarrier(job.data).data,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      createdAt: iso(job.createdOn)!,
      startedAt: iso(job.startedOn),
      completedAt: iso(job.completedOn),
      output: job.output ?? null,
    };
  }

  /** The queue's newest jobs (live and archived), newest first. */
  async recent(name: string, shortName: string, limit: number): Promise<JobInfo[]> {
    if (!(await this.queueExists(name))) return [];
    const bounded = Math.max(1, Math.min(200, Math.floor(limit)));
    const columns = 'id, state, data, retry_count, retry_limit, created_on, started_on, completed_on, output';
    const sql = `select * from (select ${columns} from ${JOBS_SCHEMA}.job where name = ? union all select ${columns} from ${JOBS_SCHEMA}.archive where name = ?) jobs order by created_on desc, id desc limit ?`;
    const result = (await this.options.knex.raw(sql, [name, name, bounded])) as { rows: Array<Record<string, unknown>> };
    const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
    return result.rows.map((row) => ({
      id: String(row.id),
      queue: shortName,
      state: row.state as JobInfo['state'],
      data: row.data ?? null,
      retryCount: Number(row.retry_count),
      retryLimit: Number(row.retry_limit),
      createdAt: iso(row.created_on)!,
      startedAt: iso(row.started_on),
      completedAt: iso(row.completed_on),
      output: row.output ?? null,
    }));
  }

  async cancel(name: string, id: string): Promise<boolean> {
    if (typeof id !== 'string' || !UUID.test(id)) return false;
    if (!(await this.queueExists(name))) return false;
    // Typed as void, but pg-boss answers `{jobs, requested, affected}`.
    const result = (await this.boss.cancel(name, id)) as unknown as { affected: number } | undefined;
    return (result?.affected ?? 0) > 0;
  }

  /** Running workers of one mod (a disabled mod has none). */
  workerCount(owner: string): number {
    return [...this.workers].filter((w) => w.owner === owner).length;
  }

  /**
   * Graceful stop: no new work, workers finish (bounded by the grace) or have their attempt
   * failed so it retries, maintenance ends, pg-boss closes its pool (PostgreSQL).
   */
  async stop(): Promise<void> {
    if (this.state !== 'running') return;
    this.state = 'stopping';
    clearTimeout(this.maintenanceTimer);
    await Promise.all([...this.workers].map((worker) => worker.stop(this.options.stopGraceMs)));
    this.workers.clear();
    await this.maintaining;
    await this.boss.stop({ graceful: false, close: true, wait: true });
    this.state = 'stopped';
  }

  private notify(name: string): void {
    for (const worker of this.workers) if (worker.name === name) worker.notify();
  }

  private assertRunning(): void {
    if (this.state !== 'running') throw new Error('the job queue is stopped');
  }

  /** Creates the queue (or brings its policy in line with the manifest) once per process. */
  private ensureQueue(name: string, policy: QueuePolicy): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = (async () => {
        const existing = await this.boss.getQueue(name);
        if (!existing) {
          const exclusive = this.options.exclusive ?? ((fn) => fn());
          // Checked again under the lock: the process that held it may have created it.
          await exclusive(async () => {
            if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, { name, policy });
          });
        } else if (existing.policy !== policy) await this.boss.updateQueue(name, { name, policy });
        this.existing.add(name);
      })();
      this.queues.set(name, ready);
      // A failure (database away) is retried on next use.
      ready.catch(() => this.queues.delete(name));
    }
    return ready;
  }

  private async queueExists(name: string): Promise<boolean> {
    if (this.existing.has(name)) return true;
    return (await this.boss.getQueue(name)) !== null;
  }

  private scheduleMaintenance(): void {
    const interval = this.options.maintenanceIntervalMs ?? 120_000;
    // Jitter, so replicas started together do not all maintain at the same instant.
    const delay = Math.round(interval * (0.9 + randomInt(0, 201) / 1000));
    this.maintenanceTimer = setTimeout(() => {
      if (this.state !== 'running') return;
      this.maintaining = this.boss
        .maintain()
        .then(() => undefined)
        .catch((error: Error) => this.options.log.warn({ reason: error.message }, 'job queue maintenance failed'))
        .finally(() => {
          this.maintaining = undefined;
          if (this.state === 'running') this.scheduleMaintenance();
        });
    }, delay);
    this.maintenanceTimer.unref();
  }
}

function checkData(data: unknown): object {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new TypeError('job data must be a JSON object');
  let json: string;
  try {
    json = JSON.stringify(data);
  } catch {
    throw new TypeError('job data must be JSON-serializable');
  }
  if (json.length > MAX_DATA_BYTES) throw new TypeError(`job data must be at most ${MAX_DATA_BYTES} bytes of JSON`);
  return JSON.parse(json) as object;
}

function wholeNumber(name: string, value: unknown, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    throw new TypeError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value as number;
}

function toSendOptions(options: JobSendOptions): PgBoss.SendOptions {
  const out: PgBoss.SendOptions = {
    retryLimit: wholeNumber('retryLimit', options.retryLimit, 0, 1_000) ?? DEFAULTS.retryLimit,
    retryDelay: wholeNumber('retryDelay', options.retryDelay, 0, 86_400) ?? DEFAULTS.retryDelay,
    retryBackoff: options.retryBackoff ?? DEFAULTS.retryBackoff,
  };
  if (typeof out.retryBackoff !== 'boolean') throw new TypeError('retryBackoff must be a boolean');
  if (options.startAfter !== undefined) {
    if (options.startAfter instanceof Date) {
      if (Number.isNaN(options.startAfter.getTime())) throw new TypeError('startAfter is not a valid date');
      out.startAfter = options.startAfter;
    } else {
      out.startAfter = wholeNumber('startAfter', options.startAfter, 0, 366 * 86_400);
    }
  }
  if (options.singletonKey !== undefined) {
    if (typeof options.singletonKey !== 'string' || options.singletonKey.length === 0 || options.singletonKey.length > 500) {
      throw new TypeError('singletonKey must be a string of 1 to 500 characters');
    }
    out.singletonKey = options.singletonKey;
  }
  const singletonSeconds = wholeNumber('singletonSeconds', options.singletonSeconds, 1, 43_200);
  if (singletonSeconds !== undefined) out.singletonSeconds = singletonSeconds;
  const expireInSeconds = wholeNumber('expireInSeconds', options.expireInSeconds, 1, MAX_EXPIRE_SECONDS);
  if (expireInSeconds !== undefined) out.expireInSeconds = expireInSeconds;
  const priority = wholeNumber('priority', options.priority, -1_000_000, 1_000_000);
  if (priority !== undefined) out.priority = priority;
  return out;
}
