/**
 * Claims due occurrences of scheduled jobs and starts their runs through the chat mod's run
 * engine; records every occurrence's fate (run, skipped, missed) and every run's outcome.
 *
 * Why not pg-boss's cron: it keeps one schedule per queue name with classic cron's
 * day-of-month-OR-weekday rule, knows nothing of a zone that follows the operator's setting,
 * and would not record the occurrences it skips or misses. So each process ticks on a timer
 * (`tick()`, driven by tests with their own clock) and the database decides who runs what:
 *
 * 1. Due jobs are read through the index on `next_at` (`next_at <= now`), locked with
 *    `FOR UPDATE SKIP LOCKED` in batches: another process ticking at the same moment takes
 *    other jobs, never the same one, and the cost of a tick follows the due jobs, not the
 *    number of jobs.
 * 2. Each due occurrence becomes a run row through `insert … on conflict (job_id,
 *    occurrence_at) do nothing`: an occurrence is recorded once, whatever raced for it (a
 *    PATCH moving `next_at` back, a replica with a stale view). Only the process whose insert
 *    returned a `running` row starts the agent run.
 * 3. Only the latest due occurrence may run, and only within `graceSeconds` of its time; the
 *    earlier ones (the service was down, a long pause) are recorded `missed`, so a restart
 *    never fires a burst. An occurrence while the job's previous run is still `running` is
 *    recorded `skipped`.
 * 4. `next_at` moves to the first occurrence after now, in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService, TracingService } from '../../../../sdk/index.js';
import type { AgentRunsService } from '../../../chat/src/contract.js';
import { scheduleErrors as errors } from '../errors.js';
import { nextOccurrence } from './cron.js';
import { OccurrenceRunner, type Launch } from './occurrence-runner.js';
import { ScheduledRunLiveness } from './run-liveness.js';
import { cronSpec, toRun, type JobRow, type RunRow, type RunStatus, type ScheduledRun } from './scheduled-jobs.js';

/** Jobs locked per transaction of a tick. */
const BATCH = 200;
/** Missed occurrences recorded per job and tick at most (the latest ones); older ones are only counted in the log. */
const MAX_MISSED_ROWS = 100;
/** Occurrences walked per job and tick before giving up on recording the rest as missed. */
const MAX_WALK = 10_000;

export interface SchedulerTiming {
  graceSeconds: number;
  staleRunSeconds: number;
}

export interface SchedulerDeps {
  db: ModDatabaseService;
  runs: Pick<AgentRunsService, 'start'>;
  operatorTimezone: () => Promise<string>;
  clock: () => number;
  timing: () => Promise<SchedulerTiming>;
  log: LoggerService;
  /** This process's name on the rows it runs (a random one by default). */
  owner?: string;
  /** A span per started occurrence (`schedule <jobId>`), parent of the run's span; off when absent. */
  tracing?: TracingService;
}

/** What one tick did (tests and the benchmark read it). */
export interface TickReport {
  /** Jobs whose due occurrences this tick handled. */
  jobs: number;
  /** Runs started. */
  started: number;
  skipped: number;
  missed: number;
  /** Runs of other (or earlier) processes marked interrupted. */
  interrupted: number;
}

const newRunId = () => `sched-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;

export class Scheduler {
  readonly owner: string;
  private readonly jobs: string;
  private readonly runs: string;
  /** The runs this process started and still follows. */
  private readonly runner: OccurrenceRunner;
  private followedTz: string | undefined;
  private readonly liveness: ScheduledRunLiveness;
  private stopped = false;

  constructor(private readonly deps: SchedulerDeps) {
    this.owner = deps.owner ?? `p-${randomBytes(8).toString('hex')}`;
    this.jobs = deps.db.table('jobs');
    this.runs = deps.db.table('runs');
    this.liveness = new ScheduledRunLiveness(deps.db, this.runs, this.owner, deps.clock);
    this.runner = new OccurrenceRunner(deps, this.jobs, this.runs);
  }

  private get knex(): Knex {
    return this.deps.db.knex;
  }

  /** At start on the embedded database (run-liveness.ts). */
  recoverAfterRestart(): Promise<number> {
    return this.liveness.recoverAfterRestart();
  }

  /**
   * The heartbeat of the runs this process follows, for the SDK's loop the mod starts: every
   * third of `staleRunSeconds`, 5 s at most, whatever `tickMs` is.
   */
  async beat(): Promise<void> {
    if (this.runner.following > 0) await this.liveness.beat();
  }

  /**
   * One pass: follow the operator's zone, mark runs of vanished processes, claim what is due.
   * The sweep stays in the tick, right before the claim, so a dead process's run does not make
   * its job's occurrence `skipped`; the heartbeat is the SDK's loop (`beat`, started by the mod).
   */
  async tick(): Promise<TickReport> {
    const report: TickReport = { jobs: 0, started: 0, skipped: 0, missed: 0, interrupted: 0 };
    if (this.stopped) return report;
    const now = this.deps.clock();
    const timing = await this.deps.timing();
    await this.followOperatorTimezone(now);
    report.interrupted = await this.liveness.sweep(now, timing.staleRunSeconds, this.runner.rowIds());
    for (;;) {
      const { count, launches } = await this.deps.db.transaction((trx) => this.claimBatch(trx, now, timing.graceSeconds, report));
      for (const launch of launches) await this.runner.launch(launch);
      report.started += launches.length;
      if (count < BATCH || this.stopped) break;
    }
    return report;
  }

  private async claimBatch(trx: Knex.Transaction, now: number, graceSeconds: number, report: TickReport): Promise<{ count: number; launches: Launch[] }> {
    const due = (await trx(this.jobs)
      .select('id', 'agent_id', 'session_id', 'prompt', 'cron', 'timezone', 'next_at', 'next_tz')
      .where('next_at', '<=', new Date(now))
      .orderBy('next_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()) as JobRow[];
    if (due.length === 0) return { count: 0, launches: [] };
    report.jobs += due.length;

    const busy = new Set(
      (
        (await trx(this.runs)
          .distinct('job_id')
          .where({ status: 'running' })
          .whereIn(
            'job_id',
            due.map((j) => j.id),
          )) as Array<{ job_id: string }>
      ).map((r) => r.job_id),
    );
    const inserts: Array<Partial<RunRow> & { owner?: string; heartbeat_at?: Date }> = [];
    const nextAts: Array<{ id: string; nextAt: Date | null }> = [];
    const byRunId = new Map<string, { job: JobRow; occurrence: number }>();
    for (const job of due) {
      const spec = cronSpec(job.cron);
      const tz = job.next_tz ?? job.timezone ?? 'UTC';
      // Walk the due occurrences: next_at, then every occurrence up to now.
      const occurrences: number[] = [];
      let walked = 0;
      let cursor: number | null = new Date(job.next_at!).getTime();
      let dropped = 0;
      while (cursor !== null && cursor <= now && walked < MAX_WALK) {
        occurrences.push(cursor);
        if (occurrences.length > MAX_MISSED_ROWS + 1) {
          occurrences.shift();
          dropped++;
        }
        walked++;
        cursor = nextOccurrence(spec, cursor, tz);
      }
      // Past the walk's end the rest is skipped over too: the next occurrence is the first after now.
      const following = cursor !== null && cursor > now ? cursor : nextOccurrence(spec, now, tz);
      nextAts.push({ id: job.id, nextAt: following === null ? null : new Date(following) });
      if (dropped > 0 || walked >= MAX_WALK) this.deps.log.warn({ jobId: job.id, notRecorded: dropped }, 'scheduled job: more missed occurrences than are recorded');

      const latest = occurrences[occurrences.length - 1]!;
      const runsLatest = now - latest <= graceSeconds * 1000;
      for (const occurrence of occurrences) {
        const base = { job_id: job.id, trigger: 'schedule' as const, occurrence_at: new Date(occurrence) };
        if (occurrence !== latest || !runsLatest) inserts.push({ ...base, status: 'missed' });
        else if (busy.has(job.id)) inserts.push({ ...base, status: 'skipped' });
        else {
          const runId = newRunId();
          byRunId.set(runId, { job, occurrence });
          inserts.push({ ...base, status: 'running', run_id: runId, started_at: new Date(now), owner: this.owner, heartbeat_at: new Date(now) });
        }
      }
    }

    const claimed = (await trx(this.runs).insert(inserts).onConflict(['job_id', 'occurrence_at']).ignore().returning(['id', 'status', 'run_id'])) as Array<{
      id: string | number;
      status: RunStatus;
      run_id: string | null;
    }>;
    await this.moveNextAt(trx, nextAts);

    const launches: Launch[] = [];
    for (const row of claimed) {
      if (row.status === 'missed') report.missed++;
      else if (row.status === 'skipped') report.skipped++;
      else if (row.status === 'running' && row.run_id) {
        const { job, occurrence } = byRunId.get(row.run_id)!;
        launches.push({
          rowId: String(row.id),
          jobId: job.id,
          trigger: 'schedule',
          occurrenceAt: new Date(occurrence).toISOString(),
          agentId: job.agent_id,
          sessionId: job.session_id,
          prompt: job.prompt,
          runId: row.run_id,
        });
      }
    }
    return { count: due.length, launches };
  }

  private async moveNextAt(trx: Knex.Transaction, nextAts: Array<{ id: string; nextAt: Date | null }>): Promise<void> {
    if (nextAts.length === 0) return;
    // One statement for the batch: (id, next_at) pairs joined as a VALUES list.
    const values = nextAts.map(() => '(?::varchar, ?::timestamptz)').join(', ');
    const bindings = nextAts.flatMap((n) => [n.id, n.nextAt === null ? null : n.nextAt.toISOString()]);
    await trx.raw(`update ${this.jobs} as j set next_at = v.next_at from (values ${values}) as v(id, next_at) where j.id = v.id`, bindings);
  }

  /**
   * Jobs without their own zone follow the operator's: when it changed since their `next_at`
   * was computed, recompute it from now in the new zone (every process does this idempotently).
   */
  private async followOperatorTimezone(now: number): Promise<void> {
    const tz = await this.deps.operatorTimezone();
    if (tz === this.followedTz) return;
    await this.deps.db.transaction(async (trx) => {
      const stale = (await trx(this.jobs).select('id', 'cron').whereNull('timezone').whereNotNull('next_at').whereNot('next_tz', tz).forUpdate().skipLocked()) as Array<Pick<JobRow, 'id' | 'cron'>>;
      if (stale.length === 0) return;
      const nextAts = stale.map((job) => {
        const next = nextOccurrence(cronSpec(job.cron), now, tz);
        return { id: job.id, nextAt: next === null ? null : new Date(next) };
      });
      await this.moveNextAt(trx, nextAts);
      await trx(this.jobs)
        .whereIn(
          'id',
          stale.map((j) => j.id),
        )
        .update({ next_tz: tz });
    });
    this.followedTz = tz;
  }

  /**
   * Runs a job now (`POST …/trigger`). One run per job at a time: a run in progress is 409.
   * Resolves once the run engine admitted the run (or refused it: then the row says why).
   */
  async trigger(jobId: string): Promise<ScheduledRun> {
    const now = this.deps.clock();
    const { row, launch } = await this.deps.db.transaction(async (trx) => {
      const job = (await trx(this.jobs).where({ id: jobId }).forUpdate().first()) as JobRow | undefined;
      if (!job) throw errors.scheduledJobNotFound({ jobId: jobId.slice(0, 64) });
      const running = (await trx(this.runs).where({ job_id: jobId, status: 'running' }).first('run_id')) as { run_id: string | null } | undefined;
      if (running) throw errors.scheduledJobRunInProgress({ jobId, runId: running.run_id ?? 'unknown' });
      const runId = newRunId();
      const [inserted] = (await trx(this.runs)
        .insert({ job_id: jobId, trigger: 'manual', occurrence_at: null, status: 'running', run_id: runId, started_at: new Date(now), owner: this.owner, heartbeat_at: new Date(now) })
        .returning('*')) as RunRow[];
      const launch: Launch = { rowId: String(inserted!.id), jobId, trigger: 'manual', occurrenceAt: null, agentId: job.agent_id, sessionId: job.session_id, prompt: job.prompt, runId };
      return { row: inserted!, launch };
    });
    await this.runner.launch(launch);
    const current = (await this.knex(this.runs).where({ id: row.id }).first()) as RunRow | undefined;
    return toRun(current ?? row);
  }

  /** Waits for the runs this process follows to record their outcome (tests, shutdown). */
  settled(): Promise<void> {
    return this.runner.settled();
  }

  stop(): void {
    this.stopped = true;
  }
}
