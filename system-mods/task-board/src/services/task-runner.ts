/**
 * Execute: a task's assigned agent runs with the task as its input, through the chat run engine
 * (so the run has the same events, trace, cancel and steering as a chat turn).
 *
 * The claim comes first and lives in the database: one conditional update sets the task's
 * `active_run_id` only where none is set, and inserts the run's history row (a partial unique
 * index allows one `running` row per task), so two Executes at once — in one process or on two
 * replicas — start one run. Then the run starts; a refusal of the engine undoes the claim. The
 * run's events are consumed in the background and its terminal event settles the task: `review`
 * when it completed, otherwise back to the status it had, with the error on the run.
 *
 * A run whose process went away (a crash, a kill) is settled as `interrupted` by the sweep: at
 * start on the embedded database (one process owns it), and on PostgreSQL once the row's
 * heartbeat is stale and the run is not live on this replica.
 */
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { TERMINAL_RUN_EVENTS, type AgentRunEvent, type AgentRunsService, type RunFinishedEvent } from '../../../chat/src/contract.js';
import { taskBoardErrors as errors } from '../errors.js';
import type { BoardStore, Task } from './board-store.js';
import { newRunId } from './ids.js';
import { taskSessionId, type TaskRunStatus } from './vocabulary.js';

export interface RunOutcome {
  status: Exclude<TaskRunStatus, 'running'>;
  error: { code: string; message: string } | null;
}

/** The run's input: the task as a message (never starting with `/`, which would be a slash command). */
export function taskMessage(task: { title: string; description: string }): string {
  const description = task.description.trim();
  return `Task: ${task.title.trim()}${description ? `\n\n${description}` : ''}`;
}

/** What a terminal event means for the task. */
export function outcomeOf(event: AgentRunEvent): RunOutcome {
  const response = (event.data?.response ?? {}) as { ok?: boolean; status?: string; error?: unknown; message?: unknown };
  const error = (fallback: string) => ({
    code: typeof response.error === 'string' ? response.error : fallback,
    message: typeof response.message === 'string' ? response.message : '',
  });
  switch (event.type) {
    case 'run.completed':
      // run.completed carries its own application outcome: an answer that is not ok is a failure.
      return response.ok === false ? { status: 'failed', error: error('task_run_failed') } : { status: 'completed', error: null };
    case 'run.cancelled':
      return { status: 'cancelled', error: error('chat_run_cancelled') };
    case 'run.superseded':
      return { status: 'superseded', error: error('chat_run_session_reset') };
    default:
      return { status: response.status === 'interrupted' ? 'interrupted' : 'failed', error: error('task_run_failed') };
  }
}

const INTERRUPTED = { code: 'task_run_interrupted', message: 'The run was not live anymore after a server restart' };
const LOST = { code: 'task_run_events_lost', message: 'The run ended without a terminal event' };

export class TaskRunner {
  /** Runs whose events this process consumes. */
  private readonly consuming = new Set<string>();
  private closed = false;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly store: BoardStore,
    private readonly agents: AgentsService,
    private readonly agentRuns: AgentRunsService,
    private readonly log: LoggerService,
  ) {}

  /** Starts the task's run; resolves once the engine admitted it (the run goes on in the background). */
  async execute(taskId: string): Promise<{ runId: string; sessionId: string; task: Task }> {
    const task = await this.store.getTask(taskId);
    if (task.activeRunId) throw errors.taskAlreadyRunning({ id: taskId, runId: task.activeRunId });
    const agentId = task.assignedAgentId;
    if (!agentId) throw errors.taskNotAssigned({ id: taskId });
    await this.agents.require(agentId);

    const runId = newRunId();
    const sessionId = taskSessionId(taskId);
    await this.claim(task, agentId, runId, sessionId);
    let handle;
    try {
      handle = await this.agentRuns.start({ agentId, sessionId, input: { message: taskMessage(task), runId }, origin: { kind: 'task', id: taskId } });
    } catch (error) {
      // Refused before anything started: the task is as it was, and no run is in its history.
      await this.unclaim(taskId, runId);
      throw error;
    }
    this.consuming.add(runId);
    void this.consume(runId, handle.events);
    return { runId, sessionId, task: await this.store.getTask(taskId) };
  }

  private async claim(task: Task, agentId: string, runId: string, sessionId: string): Promise<void> {
    const { tasks, runs } = this.store;
    try {
      await this.db.transaction(async (trx) => {
        const current = await trx(tasks).select('status', 'active_run_id').where({ id: task.id }).forUpdate().first();
        if (!current) throw errors.taskBoardTaskNotFound({ id: task.id });
        if (current.active_run_id) throw errors.taskAlreadyRunning({ id: task.id, runId: current.active_run_id });
        // Conditional as well: a claim never takes over another one.
        const claimed = await trx(tasks).where({ id: task.id }).whereNull('active_run_id').update({ active_run_id: runId, status: 'in_progress', updated_at: trx.fn.now() }).returning(['id']);
        if (claimed.length === 0) throw errors.taskAlreadyRunning({ id: task.id, runId: 'unknown' });
        await trx(runs).insert({ run_id: runId, task_id: task.id, agent_id: agentId, session_id: sessionId, status: 'running', previous_status: current.status });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.taskAlreadyRunning({ id: task.id, runId: 'unknown' });
      throw error;
    }
  }

  private async unclaim(taskId: string, runId: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const run = await trx(this.store.runs).where({ run_id: runId }).first();
      await trx(this.store.runs).where({ run_id: runId }).delete();
      if (run) await trx(this.store.tasks).where({ id: taskId, active_run_id: runId }).update({ active_run_id: null, status: run.previous_status });
    });
  }

  private async consume(runId: string, events: AsyncIterable<AgentRunEvent>): Promise<void> {
    let outcome: RunOutcome = { status: 'interrupted', error: LOST };
    try {
      for await (const event of events) {
        if (TERMINAL_RUN_EVENTS.includes(event.type)) outcome = outcomeOf(event);
      }
    } catch (error) {
      this.log.warn({ err: error, runId }, 'reading a task run failed');
      outcome = { status: 'failed', error: { code: 'task_run_failed', message: error instanceof Error ? error.message : String(error) } };
    }
    try {
      await this.settle(runId, outcome);
    } catch (error) {
      // The next sweep settles it (interrupted); nothing else is lost.
      if (!this.closed) this.log.warn({ err: error, runId }, 'recording a task run outcome failed');
    } finally {
      this.consuming.delete(runId);
    }
  }

  /**
   * Records the outcome on the run and moves the task, once: only a `running` row changes, and
   * the task only while the run is still its active one.
   */
  async settle(runId: string, outcome: RunOutcome, trxIn?: Knex.Transaction): Promise<boolean> {
    const work = async (trx: Knex.Transaction) => {
      const [run] = await trx(this.store.runs)
        .where({ run_id: runId, status: 'running' })
        .update({ status: outcome.status, ended_at: trx.fn.now(), error_code: outcome.error?.code ?? null, error_message: outcome.error?.message ?? null })
        .returning(['task_id', 'previous_status']);
      if (!run) return false;
      await trx(this.store.tasks)
        .where({ id: run.task_id, active_run_id: runId })
        .update({ active_run_id: null, status: outcome.status === 'completed' ? 'review' : run.previous_status, updated_at: trx.fn.now() });
      return true;
    };
    return trxIn ? work(trxIn) : this.db.transaction(work);
  }

  /** Requests a stop of the task's run; its events then settle the task as cancelled. */
  async cancel(taskId: string): Promise<{ runId: string; cancelRequested: boolean }> {
    const task = await this.store.getTask(taskId);
    if (!task.activeRunId) throw errors.taskNotRunning({ id: taskId });
    const result = await this.agentRuns.cancel({ runId: task.activeRunId, reason: 'cancelled from the task board' }).catch((error: unknown) => {
      // The engine has no such run (a start that never got that far): the sweep settles it.
      if ((error as { code?: string }).code === 'chat_run_not_found') return { cancelRequested: false };
      throw error;
    });
    return { runId: task.activeRunId, cancelRequested: result.cancelRequested };
  }

  /** Runs of deleted tasks or projects: stop them (best effort; their rows are gone). */
  async cancelRuns(runIds: string[]): Promise<void> {
    for (const runId of runIds) {
      await this.agentRuns.cancel({ runId, reason: 'the task was deleted' }).catch(() => undefined);
    }
  }

  /** A run finished on this replica without a consumer here (this mod was re-enabled meanwhile). */
  async onRunFinished(event: RunFinishedEvent): Promise<void> {
    // Only this mod's sessions can hold a task's run; chat turns elsewhere cost nothing here.
    if (this.consuming.has(event.runId) || !event.sessionId.startsWith(taskSessionId(''))) return;
    const status = event.status === 'interrupted' ? 'interrupted' : event.status;
    await this.settle(event.runId, { status, error: status === 'completed' ? null : { code: `chat_run_${status}`, message: `The run ended ${status}` } });
  }

  /**
   * Settles running rows whose run is gone: every one not live here (`all`, embedded database),
   * or those whose heartbeat is older than `staleMs` (PostgreSQL, where other replicas run theirs).
   */
  async sweep(options: { all: boolean; staleMs: number }): Promise<string[]> {
    const live = new Set((await this.agentRuns.status()).runs.map((r) => r.runId));
    const q = this.db.knex(this.store.runs).select('run_id').where({ status: 'running' });
    if (!options.all) q.andWhere('heartbeat_at', '<', this.db.knex.raw("now() - ? * interval '1 millisecond'", [options.staleMs]));
    const settled: string[] = [];
    for (const { run_id: runId } of await q) {
      if (live.has(runId) || this.consuming.has(runId)) continue;
      if (await this.settle(runId, { status: 'interrupted', error: INTERRUPTED })) settled.push(runId);
    }
    return settled;
  }

  /** Marks the runs this process consumes as alive. */
  async heartbeat(): Promise<void> {
    if (this.consuming.size === 0) return;
    await this.db
      .knex(this.store.runs)
      .whereIn('run_id', [...this.consuming])
      .andWhere({ status: 'running' })
      .update({ heartbeat_at: this.db.knex.fn.now() });
  }

  close(): void {
    this.closed = true;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
