/**
 * Trace retention: a policy bounds how old (`maxAgeDays`) or how large in all (`maxTotalMb`)
 * the kept run traces may be. Cleanup clears a finished run's `trace` and `tool_calls` and
 * stamps `trace_pruned_at`, and deletes its stored stream events (`chat_run_events`); the run row, its status and the session's transcript stay, and
 * running runs are never touched. It works in short batches (one statement each, a pause
 * between them) so the runs table is never locked for long while turns keep finishing.
 */
import type { ChangesService, JobsService, ModDatabaseService } from '../../../../../sdk/index.js';
import { chatErrors as errors } from '../../errors.js';

export interface RetentionPolicy {
  enabled: boolean;
  maxAgeDays?: number;
  maxTotalMb?: number;
}

/** What a policy would clear now (preview) or what a cleanup cleared (report, with `batches`). */
export interface RetentionPreview {
  /** Runs whose trace the policy removes. */
  runs: number;
  /** Bytes of those traces (the JSON text of trace and tool calls). */
  bytes: number;
  oldestEndedAt: string | null;
  newestEndedAt: string | null;
  /** Every kept trace of a finished run, before the cleanup. */
  totalRuns: number;
  totalBytes: number;
}

export interface RetentionReport {
  runs: number;
  bytes: number;
  batches: number;
  oldestEndedAt: string | null;
  newestEndedAt: string | null;
  startedAt: string;
  finishedAt: string;
}

export const DEFAULT_BATCH_SIZE = 500;
/** Runs picked by one read of a cleanup; a larger backlog takes further passes. */
const PASS_MAX = 50_000;
const DEFAULT_PAUSE_MS = 50;
const MB = 1024 * 1024;

interface PolicyRow {
  enabled: boolean;
  max_age_days: number | null;
  max_total_mb: number | null;
}

/** Bounds as statement parameters: the age cutoff (fixed for one cleanup) and the byte budget. */
interface Bounds {
  cutoff: string | null;
  maxBytes: number | null;
}

/**
 * The finished, unpruned runs the bounds select, each with its trace size; `newer` is the size
 * of it and every newer trace, so "over the size bound" drops the oldest first.
 */
const AFFECTED = `
  with c as (
    select run_id, ended_at, octet_length(trace::text) + octet_length(tool_calls::text) as bytes
      from chat_runs
     where trace_pruned_at is null and status <> 'running' and ended_at is not null
  ), w as (
    select c.*, sum(bytes) over (order by ended_at desc, run_id desc rows unbounded preceding) as newer from c
  ), a as (
    select run_id, ended_at, bytes from w
     where (?::timestamptz is not null and ended_at < ?::timestamptz)
        or (?::bigint is not null and newer > ?::bigint)
  )`;

const iso = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());

function bounds(policy: RetentionPolicy, now: Date): Bounds {
  return {
    cutoff: policy.maxAgeDays !== undefined ? new Date(now.getTime() - policy.maxAgeDays * 86_400_000).toISOString() : null,
    maxBytes: policy.maxTotalMb !== undefined ? Math.floor(policy.maxTotalMb * MB) : null,
  };
}

const boundParams = (b: Bounds) => [b.cutoff, b.cutoff, b.maxBytes, b.maxBytes];

/** Refuses an enabled policy without a bound (400 `chat_retention_bound_required`). */
export function checkPolicy(policy: RetentionPolicy): RetentionPolicy {
  if (policy.enabled && policy.maxAgeDays === undefined && policy.maxTotalMb === undefined) throw errors.chatRetentionBoundRequired();
  return {
    enabled: policy.enabled,
    ...(policy.maxAgeDays !== undefined ? { maxAgeDays: policy.maxAgeDays } : {}),
    ...(policy.maxTotalMb !== undefined ? { maxTotalMb: policy.maxTotalMb } : {}),
  };
}

export class TraceRetention {
  constructor(private readonly db: ModDatabaseService) {}

  /** The saved policy; off when none was saved. */
  async policy(): Promise<RetentionPolicy> {
    const row = await this.db.knex<PolicyRow & { id: number }>('chat_trace_retention').where('id', 1).first();
    if (!row) return { enabled: false };
    return {
      enabled: row.enabled,
      ...(row.max_age_days !== null ? { maxAgeDays: row.max_age_days } : {}),
      ...(row.max_total_mb !== null ? { maxTotalMb: Number(row.max_total_mb) } : {}),
    };
  }

  async save(policy: RetentionPolicy): Promise<RetentionPolicy> {
    const checked = checkPolicy(policy);
    await this.db
      .knex('chat_trace_retention')
      .insert({ id: 1, enabled: checked.enabled, max_age_days: checked.maxAgeDays ?? null, max_total_mb: checked.maxTotalMb ?? null, updated_at: this.db.knex.fn.now() })
      .onConflict('id')
      .merge();
    return checked;
  }

  /** What `policy` would clear now; reads only. A policy without bounds clears nothing. */
  async preview(policy: RetentionPolicy, now = new Date()): Promise<RetentionPreview> {
    const b = bounds(policy, now);
    const result = await this.db.knex.raw(
      `${AFFECTED}
       select (select count(*) from a) as runs, (select coalesce(sum(bytes), 0) from a) as bytes,
              (select min(ended_at) from a) as oldest, (select max(ended_at) from a) as newest,
              (select count(*) from c) as total_runs, (select coalesce(sum(bytes), 0) from c) as total_bytes`,
      boundParams(b),
    );
    const row = (result.rows as Array<Record<string, string | number | Date | null>>)[0]!;
    return {
      runs: Number(row.runs),
      bytes: Number(row.bytes),
      oldestEndedAt: iso(row.oldest as Date | null),
      newestEndedAt: iso(row.newest as Date | null),
      totalRuns: Number(row.total_runs),
      totalBytes: Number(row.total_bytes),
    };
  }

  /**
   * Clears the traces `policy` selects, oldest first. One read picks the runs (up to
   * {@link PASS_MAX} a pass; the size window needs every trace's size, so it is read once, not
   * per batch), then `batchSize` of them are cleared per statement by primary key, with a pause
   * between statements, so no statement holds many row locks for long. A run that finishes
   * meanwhile is newer than every picked one and waits for the next cleanup.
   */
  async run(policy: RetentionPolicy, options: { batchSize?: number; pauseMs?: number; signal?: AbortSignal } = {}): Promise<RetentionReport> {
    const startedAt = new Date();
    const b = bounds(policy, startedAt);
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
    const report = { runs: 0, bytes: 0, batches: 0, oldestEndedAt: null as string | null, newestEndedAt: null as string | null };
    const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
    if (b.cutoff === null && b.maxBytes === null) return { ...report, startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString() };
    for (;;) {
      const picked = await this.db.knex.raw(`${AFFECTED} select run_id from a order by ended_at asc, run_id asc limit ?`, [...boundParams(b), PASS_MAX]);
      const ids = (picked.rows as Array<{ run_id: string }>).map((r) => r.run_id);
      for (let i = 0; i < ids.length && !options.signal?.aborted; i += batchSize) {
        if (i > 0) await pause();
        const result = await this.db.knex.raw(
          `with old as (
             select run_id, octet_length(trace::text) + octet_length(tool_calls::text) as bytes
               from chat_runs
              where run_id = any(?::text[]) and trace_pruned_at is null and status <> 'running'
              for update
           ), events as (
             delete from chat_run_events e using old where e.run_id = old.run_id
           )
           update chat_runs r
              set trace = '[]'::jsonb, tool_calls = '[]'::jsonb, trace_pruned_at = now()
             from old
            where r.run_id = old.run_id
            returning old.bytes, r.ended_at`,
          [ids.slice(i, i + batchSize)],
        );
        const rows = result.rows as Array<{ bytes: string | number; ended_at: Date | string }>;
        report.batches += 1;
        report.runs += rows.length;
        for (const row of rows) {
          report.bytes += Number(row.bytes);
          const ended = iso(row.ended_at)!;
          if (report.oldestEndedAt === null || ended < report.oldestEndedAt) report.oldestEndedAt = ended;
          if (report.newestEndedAt === null || ended > report.newestEndedAt) report.newestEndedAt = ended;
        }
      }
      if (ids.length < PASS_MAX || options.signal?.aborted) break;
      await pause();
    }
    return { ...report, startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString() };
  }
}

/** The daily cleanup's queue (`contributes.jobs` of the chat manifest). */
export const RETENTION_QUEUE = 'trace-retention';

/**
 * When a process looks whether today's cleanup is due (chat mod settings): `retentionFirstCheckMs`
 * after its start (10 min by default, so a start is not slowed by it), then every
 * `retentionCheckEveryMs` (an hour by default).
 */
export interface RetentionTiming {
  retentionFirstCheckMs: number;
  retentionCheckEveryMs: number;
}
const DEFAULT_TIMING: RetentionTiming = { retentionFirstCheckMs: 10 * 60_000, retentionCheckEveryMs: 60 * 60_000 };

/**
 * Runs the cleanup once a UTC day when the policy is enabled. Every process sends a job keyed by
 * the day (the queue keeps at most one per key in each 12-hour window and claims each job once);
 * the worker then claims the day itself in the policy row, so a second job of the same day does
 * nothing. A settings change (`changes`, topic `kernel.settings`) re-plans the pending wait, so a
 * shorter period applies at once rather than after the old wait. Returns the disposer.
 */
export function scheduleDailyCleanup(deps: {
  jobs: JobsService;
  db: ModDatabaseService;
  retention: TraceRetention;
  log: { info(f: object, m: string): void; warn(f: object, m: string): void };
  timing?: () => Promise<RetentionTiming>;
  changes?: Pick<ChangesService, 'subscribe'>;
}): () => Promise<void> {
  const { jobs, db, retention, log } = deps;
  const timing = deps.timing ?? (async () => DEFAULT_TIMING);
  const warn = (what: string) => (err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, what);
  const worker = jobs.work(RETENTION_QUEUE, async (job) => {
    const policy = await retention.policy();
    if (!policy.enabled) return { skipped: 'disabled' };
    const claimed = await db
      .knex('chat_trace_retention')
      .where({ id: 1, enabled: true })
      .andWhere((w) => w.whereNull('last_run_on').orWhereRaw("last_run_on < (now() at time zone 'utc')::date"))
      .update({ last_run_on: db.knex.raw("(now() at time zone 'utc')::date") });
    if (claimed === 0) return { skipped: 'already ran today' };
    let report: RetentionReport;
    try {
      report = await retention.run(policy, { signal: job.signal });
    } catch (err) {
      // Give the day back so the job's retry cleans up instead of finding it claimed.
      await db.knex('chat_trace_retention').where({ id: 1 }).update({ last_run_on: null });
      throw err;
    }
    log.info({ runs: report.runs, bytes: report.bytes, batches: report.batches }, 'trace retention cleanup finished');
    return report;
  });
  const check = () => {
    const day = new Date().toISOString().slice(0, 10);
    void jobs.send(RETENTION_QUEUE, { day }, { singletonKey: `day:${day}`, singletonSeconds: 43_200, retryLimit: 2, retryDelay: 300 }).catch(warn('trace retention job was not queued'));
  };
  // The next check is due relative to the last one (or the start): re-planning with new
  // settings never checks twice early nor skips one.
  const startedAt = Date.now();
  let lastCheck: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = async () => {
    // Unreadable settings must not stop the daily cleanup: the defaults apply until the next plan.
    const t = await timing().catch((err: unknown) => (warn('trace retention timing was not read, defaults apply')(err), DEFAULT_TIMING));
    if (stopped) return;
    clearTimeout(timer);
    const due = lastCheck === undefined ? startedAt + t.retentionFirstCheckMs : lastCheck + t.retentionCheckEveryMs;
    timer = setTimeout(
      () => {
        lastCheck = Date.now();
        check();
        void plan();
      },
      Math.max(0, due - Date.now()),
    );
    timer.unref();
  };
  void plan();
  // Any settings write re-plans (a settings read, rare): cheaper than knowing the kernel's key format.
  const notices = deps.changes?.subscribe('kernel.settings', () => void plan());
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await notices?.dispose();
    await worker.dispose();
  };
}
