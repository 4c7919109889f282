/**
 * Scheduled jobs as the operator edits them: create, read, change, delete, and their run history.
 * Keeps each job's `next_at` (the next occurrence not yet claimed) in step with its cron, zone
 * and enabled state; the scheduler claims from it. Plain data in and out; knows no HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { isIanaTimeZone, type ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { scheduleErrors as errors } from '../errors.js';
import { NEXT_OCCURRENCES } from '../schemas/scheduled-jobs.schema.js';
import { CronSyntaxError, nextOccurrence, nextOccurrences, parseCron, type CronSpec } from './cron.js';

export interface JobRow {
  id: string;
  agent_id: string;
  session_id: string;
  name: string;
  prompt: string;
  cron: string;
  timezone: string | null;
  enabled: boolean;
  next_at: Date | string | null;
  next_tz: string | null;
  /** Why a budget paused the job (its run's refusal); null when it is not paused. */
  paused_reason?: string | null;
  paused_at?: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface RunRow {
  id: string | number;
  job_id: string;
  trigger: 'schedule' | 'manual';
  occurrence_at: Date | string | null;
  status: RunStatus;
  run_id: string | null;
  started_at: Date | string | null;
  ended_at: Date | string | null;
  error: string | null;
  created_at: Date | string;
}

export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'skipped' | 'missed' | 'interrupted';

export interface ScheduledJob {
  id: string;
  agentId: string;
  sessionId: string;
  name: string;
  prompt: string;
  cron: string;
  timezone: string | null;
  effectiveTimezone: string;
  enabled: boolean;
  nextAt: string | null;
  nextOccurrences: string[];
  /** Set while a budget keeps the job from running: its run's refusal, and since when. */
  paused: { reason: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduledRun {
  id: string;
  jobId: string;
  trigger: 'schedule' | 'manual';
  occurrenceAt: string | null;
  status: RunStatus;
  runId: string | null;
  startedAt: string | null;
  endedAt: string | null;
  error: string | null;
  createdAt: string;
}

export interface JobCreateInput {
  id?: string;
  agentId: string;
  name: string;
  prompt: string;
  cron: string;
  timezone?: string | null;
  sessionId?: string;
  enabled?: boolean;
}

export type JobUpdateInput = Partial<Pick<JobCreateInput, 'name' | 'prompt' | 'cron' | 'timezone' | 'sessionId' | 'enabled'>>;

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Parses a cron expression for a request: a refusal is 400 naming the field. */
export function requireCron(expression: string): CronSpec {
  try {
    return parseCron(expression);
  } catch (error) {
    if (error instanceof CronSyntaxError) throw errors.scheduledJobCronInvalid({ field: error.field, reason: error.reason }, { details: { field: error.field } });
    throw error;
  }
}

/** Cached parses: the scheduler and the views reparse the same few expressions all the time. */
const specs = new Map<string, CronSpec>();
export function cronSpec(expression: string): CronSpec {
  let spec = specs.get(expression);
  if (!spec) {
    spec = parseCron(expression);
    if (specs.size > 10_000) specs.clear();
    specs.set(expression, spec);
  }
  return spec;
}

export function toRun(row: RunRow): ScheduledRun {
  return {
    id: String(row.id),
    jobId: row.job_id,
    trigger: row.trigger,
    occurrenceAt: iso(row.occurrence_at),
    status: row.status,
    runId: row.run_id,
    startedAt: iso(row.started_at),
    endedAt: iso(row.ended_at),
    error: row.error,
    createdAt: iso(row.created_at)!,
  };
}

export interface ScheduledJobsDeps {
  db: ModDatabaseService;
  agents: Pick<AgentsService, 'require'>;
  /** The operator's time zone now. */
  operatorTimezone: () => Promise<string>;
  clock: () => number;
}

export class ScheduledJobs {
  private readonly jobs: string;
  private readonly runs: string;

  constructor(private readonly deps: ScheduledJobsDeps) {
    this.jobs = deps.db.table('jobs');
    this.runs = deps.db.table('runs');
  }

  private view(row: JobRow, operatorTz: string, now: number): ScheduledJob {
    const effectiveTimezone = row.timezone ?? operatorTz;
    const upcoming = row.enabled && !row.paused_reason ? nextOccurrences(cronSpec(row.cron), now, effectiveTimezone, NEXT_OCCURRENCES).map((t) => new Date(t).toISOString()) : [];
    return {
      id: row.id,
      agentId: row.agent_id,
      sessionId: row.session_id,
      name: row.name,
      prompt: row.prompt,
      cron: row.cron,
      timezone: row.timezone,
      effectiveTimezone,
      enabled: row.enabled,
      nextAt: upcoming[0] ?? null,
      nextOccurrences: upcoming,
      paused: row.paused_reason ? { reason: row.paused_reason, at: iso(row.paused_at ?? row.updated_at)! } : null,
      createdAt: iso(row.created_at)!,
      updatedAt: iso(row.updated_at)!,
    };
  }

  private async row(jobId: string, trx: Knex = this.deps.db.knex): Promise<JobRow> {
    const row = (await trx(this.jobs).where({ id: jobId }).first()) as JobRow | undefined;
    if (!row) throw errors.scheduledJobNotFound({ jobId: jobId.slice(0, 64) });
    return row;
  }

  async list(filter: { agentId?: string; enabled?: boolean; limit?: number } = {}): Promise<ScheduledJob[]> {
    const query = this.deps.db
      .knex(this.jobs)
      .select('*')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(filter.limit ?? 500);
    if (filter.agentId !== undefined) query.where('agent_id', filter.agentId);
    if (filter.enabled !== undefined) query.where('enabled', filter.enabled);
    const [rows, tz] = [(await query) as JobRow[], await this.deps.operatorTimezone()];
    const now = this.deps.clock();
    return rows.map((row) => this.view(row, tz, now));
  }

  async get(jobId: string): Promise<ScheduledJob> {
    const row = await this.row(jobId);
    return this.view(row, await this.deps.operatorTimezone(), this.deps.clock());
  }

  async create(input: JobCreateInput): Promise<ScheduledJob> {
    const spec = requireCron(input.cron);
    const timezone = input.timezone ?? null;
    if (timezone !== null && !isIanaTimeZone(timezone)) throw errors.scheduledJobTimezoneInvalid({ timezone: String(timezone).slice(0, 100) });
    this.requireText(input.name, 'name');
    this.requireText(input.prompt, 'prompt');
    await this.deps.agents.require(input.agentId);
    const operatorTz = await this.deps.operatorTimezone();
    const now = this.deps.clock();
    const enabled = input.enabled ?? true;
    const tz = timezone ?? operatorTz;
    const next = enabled ? nextOccurrence(spec, now, tz) : null;
    const id = input.id ?? `job-${randomBytes(6).toString('hex')}`;
    const rows = (await this.deps.db
      .knex(this.jobs)
      .insert({
        id,
        agent_id: input.agentId,
        session_id: input.sessionId ?? 'default',
        name: input.name,
        prompt: input.prompt,
        cron: spec.source,
        timezone,
        enabled,
        next_at: next === null ? null : new Date(next),
        next_tz: next === null ? null : tz,
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      .onConflict('id')
      .ignore()
      .returning('*')) as JobRow[];
    if (rows.length === 0) throw errors.scheduledJobExists({ jobId: id });
    return this.view(rows[0]!, operatorTz, now);
  }

  async update(jobId: string, input: JobUpdateInput): Promise<ScheduledJob> {
    const spec = input.cron !== undefined ? requireCron(input.cron) : undefined;
    if (input.timezone !== undefined && input.timezone !== null && !isIanaTimeZone(input.timezone)) {
      throw errors.scheduledJobTimezoneInvalid({ timezone: String(input.timezone).slice(0, 100) });
    }
    if (input.name !== undefined) this.requireText(input.name, 'name');
    if (input.prompt !== undefined) this.requireText(input.prompt, 'prompt');
    const operatorTz = await this.deps.operatorTimezone();
    const now = this.deps.clock();
    const row = await this.deps.db.transaction(async (trx) => {
      const current = (await trx(this.jobs).where({ id: jobId }).forUpdate().first()) as JobRow | undefined;
      if (!current) throw errors.scheduledJobNotFound({ jobId: jobId.slice(0, 64) });
      const changes: Partial<JobRow> = { updated_at: new Date(now) };
      if (input.name !== undefined) changes.name = input.name;
      if (input.prompt !== undefined) changes.prompt = input.prompt;
      if (input.sessionId !== undefined) changes.session_id = input.sessionId;
      if (spec) changes.cron = spec.source;
      if (input.timezone !== undefined) changes.timezone = input.timezone;
      if (input.enabled !== undefined) changes.enabled = input.enabled;
      const timing = spec !== undefined || input.timezone !== undefined || input.enabled !== undefined;
      if (timing) {
        const enabled = changes.enabled ?? current.enabled;
        const tz = (changes.timezone !== undefined ? changes.timezone : current.timezone) ?? operatorTz;
        // From now: changing the schedule never runs an occurrence it passed over.
        // A job a budget paused stays paused: raising the budget resumes it.
        const next = enabled && !current.paused_reason ? nextOccurrence(spec ?? cronSpec(current.cron), now, tz) : null;
        changes.next_at = next === null ? null : new Date(next);
        changes.next_tz = next === null ? null : tz;
      }
      return ((await trx(this.jobs).where({ id: jobId }).update(changes).returning('*')) as JobRow[])[0]!;
    });
    return this.view(row, operatorTz, now);
  }

  /**
   * Resumes the jobs a budget paused once the operator changed a budget that applies to them
   * (global: every paused job; an agent's: its jobs; a schedule's: that job), from now: the
   * occurrences passed over while paused are not run. Answers the resumed job ids. A job whose
   * budget is still short pauses again at its next run.
   */
  async resumePaused(scope: { scope: string; scopeId: string | null }): Promise<string[]> {
    if (scope.scope !== 'global' && scope.scope !== 'agent' && scope.scope !== 'schedule') return [];
    const operatorTz = await this.deps.operatorTimezone();
    const now = this.deps.clock();
    return this.deps.db.transaction(async (trx) => {
      const query = trx(this.jobs).whereNotNull('paused_reason').forUpdate();
      if (scope.scope === 'agent') query.where('agent_id', scope.scopeId ?? '');
      if (scope.scope === 'schedule') query.where('id', scope.scopeId ?? '');
      const paused = (await query) as JobRow[];
      for (const job of paused) {
        const tz = job.timezone ?? operatorTz;
        const next = job.enabled ? nextOccurrence(cronSpec(job.cron), now, tz) : null;
        await trx(this.jobs)
          .where({ id: job.id })
          .update({ paused_reason: null, paused_at: null, next_at: next === null ? null : new Date(next), next_tz: next === null ? null : tz, updated_at: new Date(now) });
      }
      return paused.map((j) => j.id);
    });
  }

  async remove(jobId: string): Promise<void> {
    // Runs go with the job (foreign key cascade), in the same statement.
    const deleted = await this.deps.db.knex(this.jobs).where({ id: jobId }).delete().returning('id');
    if (deleted.length === 0) throw errors.scheduledJobNotFound({ jobId: jobId.slice(0, 64) });
  }

  async runsOf(jobId: string, options: { limit?: number; status?: RunStatus } = {}): Promise<ScheduledRun[]> {
    await this.row(jobId);
    const query = this.deps.db
      .knex(this.runs)
      .where({ job_id: jobId })
      .orderBy('id', 'desc')
      .limit(options.limit ?? 50);
    if (options.status) query.where('status', options.status);
    return ((await query) as RunRow[]).map(toRun);
  }

  /** Deletes an agent's jobs (and their runs) in the agent deletion's transaction. */
  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.jobs).where({ agent_id: agentId }).delete();
  }

  private requireText(value: string, part: string): void {
    if (value.trim() === '') throw errors.scheduledJobInvalid({ part: 'body', reason: `${part} must not be blank` }, { details: { part: 'body' } });
  }
}
