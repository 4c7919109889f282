/**
 * The run of a claimed occurrence: started through the run engine inside the occurrence's span,
 * followed to its terminal event, and its outcome recorded on the occurrence's row. A run a
 * budget refused pauses its job (it neither runs nor retries until a budget change resumes it).
 */
import type { LoggerService, ModDatabaseService, TraceSpan, TracingService } from '../../../../sdk/index.js';
import { TERMINAL_RUN_EVENTS, type AgentRunEvent, type AgentRunsService } from '../../../chat/src/contract.js';
import { isBudgetRefusal } from '../../../usage/src/contract.js';
import { endOccurrenceSpan, startOccurrenceSpan } from './occurrence-trace.js';
import type { RunStatus } from './scheduled-jobs.js';

/** A claimed occurrence (or manual trigger) whose run is to start. */
export interface Launch {
  rowId: string;
  jobId: string;
  trigger: 'schedule' | 'manual';
  /** The occurrence's time (ISO); null for a manual trigger. */
  occurrenceAt: string | null;
  agentId: string;
  sessionId: string;
  prompt: string;
  runId: string;
}

/** What the runner uses of the scheduler's dependencies. */
export interface RunnerDeps {
  db: ModDatabaseService;
  runs: Pick<AgentRunsService, 'start'>;
  clock: () => number;
  log: LoggerService;
  tracing?: TracingService;
}

export class OccurrenceRunner {
  /** Rows of runs this process started and still follows. */
  private readonly active = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: RunnerDeps,
    private readonly jobs: string,
    private readonly runs: string,
  ) {}

  /** How many runs this process follows. */
  get following(): number {
    return this.active.size;
  }

  /** The rows of the runs this process follows (live here: no sweep marks them). */
  rowIds(): string[] {
    return [...this.active.keys()];
  }

  /** Waits for the runs this process follows to record their outcome (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()]);
  }

  /**
   * Starts a claimed run through the run engine inside the occurrence's span (the run's span is
   * its child); a refusal is recorded as the run's failure. A ticked occurrence starts a trace of
   * its own; a manual trigger's span is a child of the request's.
   */
  async launch(launch: Launch): Promise<void> {
    const span = startOccurrenceSpan(this.deps.tracing, launch);
    try {
      const handle = await this.within(span, () =>
        this.deps.runs.start({
          agentId: launch.agentId,
          sessionId: launch.sessionId,
          input: { message: launch.prompt, runId: launch.runId },
          origin: { kind: 'schedule', id: launch.jobId },
        }),
      );
      const followed = this.follow(launch.rowId, handle.events, launch.jobId, span).finally(() => this.active.delete(launch.rowId));
      this.active.set(launch.rowId, followed);
    } catch (error) {
      await this.finish(launch.rowId, 'failed', describe(error), span);
    }
  }

  private within<T>(span: TraceSpan | undefined, fn: () => T): T {
    return span && this.deps.tracing ? this.deps.tracing.within(span, fn) : fn();
  }

  private async follow(rowId: string, events: AsyncIterable<AgentRunEvent>, jobId: string, span?: TraceSpan): Promise<void> {
    let outcome: { status: RunStatus; error: string | null } = { status: 'interrupted', error: 'scheduled_run_interrupted: the run ended without an outcome' };
    try {
      for await (const event of events) {
        if (!TERMINAL_RUN_EVENTS.includes(event.type)) continue;
        const response = (event.data.response ?? {}) as { error?: string; message?: string };
        const error = response.error ? `${response.error}${response.message ? `: ${response.message}` : ''}` : null;
        if (event.type === 'run.completed') outcome = { status: 'completed', error: null };
        else if (event.type === 'run.failed') outcome = { status: 'failed', error: error ?? 'chat_run_failed' };
        else outcome = { status: 'cancelled', error: error ?? event.type };
      }
    } catch (error) {
      outcome = { status: 'failed', error: describe(error) };
    }
    await this.finish(rowId, outcome.status, outcome.error, span);
    if (outcome.status === 'failed' && isBudgetRefusal(outcome.error)) await this.pause(jobId, outcome.error);
  }

  /** A budget refused the job's run: it does not run (nor retry) until a budget change resumes it. */
  private async pause(jobId: string, reason: string): Promise<void> {
    try {
      await this.deps.db
        .knex(this.jobs)
        .where({ id: jobId })
        .update({ paused_reason: reason.slice(0, 2000), paused_at: new Date(this.deps.clock()), next_at: null, next_tz: null });
      this.deps.log.warn({ jobId }, 'a budget paused a scheduled job');
    } catch (failure) {
      this.deps.log.warn({ jobId, err: describe(failure) }, 'a scheduled job a budget stopped could not be paused');
    }
  }

  private async finish(rowId: string, status: RunStatus, error: string | null, span?: TraceSpan): Promise<void> {
    endOccurrenceSpan(span, status, error);
    try {
      // An `interrupted` row (its heartbeat looked stale to another replica) still takes the real outcome.
      await this.deps.db
        .knex(this.runs)
        .where({ id: rowId })
        .whereIn('status', ['running', 'interrupted'])
        .update({ status, error: error?.slice(0, 2000) ?? null, ended_at: new Date(this.deps.clock()) });
    } catch (failure) {
      // The mod was disabled or the job deleted meanwhile: nothing left to record.
      this.deps.log.warn({ rowId, err: describe(failure) }, 'scheduled run outcome not recorded');
    }
  }
}

export function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string') {
    const { code, message } = error as { code: string; message?: string };
    return message ? `${code}: ${message}` : code;
  }
  return error instanceof Error ? error.message : String(error);
}
