/**
 * Runs work item steps: claims the item's current stage (one running step per item, held by the
 * database's unique index), starts the stage's run through the chat run engine in the item's
 * own session, follows its events to the terminal one, and stores the outcome on the step and
 * the item in one transaction. A completed step advances the stage; any other outcome leaves
 * it, so stepping again retries it.
 *
 * Steps run by `continue` (and the first step of a run plan) go on in the background after the
 * request answered; every step in flight is tracked so that disabling the mod stops following
 * them (marked `interrupted`, the run itself goes on in chat) before the mod's handles go away.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { isSvcError, type Disposable, type LoggerService, type ModDatabaseService } from '../../../../sdk/index.js';
import { DEFAULT_STALE_AFTER_MS, startHeartbeat } from '../../../../sdk/helpers/liveness.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { TERMINAL_RUN_EVENTS, type AgentRunEvent, type AgentRunsService } from '../../../chat/src/contract.js';
import { workItemErrors as errors } from '../errors.js';
import { INTERRUPTED_CODE, isUniqueViolation, toStep, type ItemRow, type ItemStore, type StepRecord, type StepStatus, type StepTrigger, type WorkItemDetail } from './item-store.js';
import { itemSessionId, nextStage, stagePrompt, type Stage } from './stages.js';

interface Claim {
  item: ItemRow;
  seq: number;
  stage: Stage;
  trigger: StepTrigger;
  note?: string;
}

export interface StepResult {
  item: WorkItemDetail;
  step: StepRecord;
}

type Outcome = { status: Exclude<StepStatus, 'running'>; runId: string | null; answer: string | null; error: { code: string; message: string } | null };

export class StepRunner {
  /** This process, as the owner of the steps it runs. */
  readonly owner = `p-${randomBytes(8).toString('hex')}`;
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private heartbeat: Disposable | undefined;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly store: ItemStore,
    private readonly agents: AgentsService,
    private readonly runs: AgentRunsService,
    private readonly log: LoggerService,
    /** The stale bound now (the mod's `staleAfterMs` setting): the heartbeat beats by it and every sweep compares with it. */
    private readonly staleAfterMs: () => Promise<number | undefined> = async () => DEFAULT_STALE_AFTER_MS,
  ) {}

  private async staleMs(): Promise<number> {
    return (await this.staleAfterMs()) ?? DEFAULT_STALE_AFTER_MS;
  }

  /**
   * Interrupts the steps a previous process left running: on an embedded database every one of
   * them (only one process opens it), on PostgreSQL those whose heartbeat is stale. Starts this
   * process's heartbeat.
   */
  async open(): Promise<void> {
    const staleMs = await this.staleMs();
    const swept = await this.db.transaction((trx) => this.store.interruptOrphans(trx, { except: this.owner, all: this.db.driver === 'pglite', staleMs }));
    if (swept > 0) this.log.info({ swept }, 'work item steps left running by a previous process marked interrupted');
    // Says this process's running steps are still followed, every third of the stale bound (5 s at most).
    // No periodic sweep: a read of an agent's items sweeps them first (`sweep`).
    this.heartbeat = startHeartbeat({
      name: 'work item step',
      beat: async () => {
        if (this.inflight.size > 0) await this.store.heartbeat(this.owner);
      },
      staleAfterMs: () => this.staleMs(),
      log: this.log,
    });
  }

  /** Stops following the steps in flight (each is stored as interrupted) and waits for that. */
  async close(): Promise<void> {
    await this.heartbeat?.dispose();
    this.stopping.abort();
    await Promise.allSettled([...this.inflight]);
  }

  /** Runs the current stage and answers when its run ended. */
  async step(agentId: string, id: string, note?: string): Promise<StepResult> {
    const claim = await this.claim(agentId, id, 'step', note);
    return this.track(this.execute(claim));
  }

  /** Claims the current stage now (so a refusal is the request's answer), then runs stage after stage in the background. */
  async continue(agentId: string, id: string): Promise<WorkItemDetail> {
    const claim = await this.claim(agentId, id, 'continue');
    // The answer is the item as claimed (its first step running), read before the steps start:
    // read after, an instant model could finish every stage first (CI under load did).
    try {
      return await this.readDetail(agentId, id);
    } finally {
      void this.track(this.carryOn(claim));
    }
  }

  /** Starts one step in the background (the first step of a run plan). */
  async startInBackground(agentId: string, id: string, trigger: StepTrigger): Promise<{ itemId: string; stage: Stage; seq: number }> {
    const claim = await this.claim(agentId, id, trigger);
    void this.track(this.execute(claim));
    return { itemId: id, stage: claim.stage, seq: claim.seq };
  }

  /** Interrupts what another process left running on this agent's items (a stale heartbeat), before a read. */
  async sweep(agentId: string, itemId?: string): Promise<void> {
    const staleMs = await this.staleMs();
    await this.db.transaction((trx) => this.store.interruptOrphans(trx, { except: this.owner, all: false, staleMs, agentId, itemId }));
  }

  async readDetail(agentId: string, id: string, q: Knex | Knex.Transaction = this.store.knex): Promise<WorkItemDetail> {
    const row = await this.store.item(q, agentId, id);
    if (!row) throw errors.workItemNotFound({ agentId, id });
    return this.store.detail(q, row);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inflight.add(work);
    const done = () => this.inflight.delete(work);
    work.then(done, done);
    return work;
  }

  private async carryOn(first: Claim): Promise<void> {
    let claim: Claim | undefined = first;
    while (claim) {
      const result: StepResult | undefined = await this.execute(claim).catch((err: unknown) => {
        this.log.error({ err, itemId: first.item.id }, 'work item step could not be recorded');
        return undefined;
      });
      if (!result || result.step.status !== 'completed' || result.item.stage === 'done' || this.stopping.signal.aborted) return;
      const agentId: string = result.item.agentId;
      const id: string = result.item.id;
      claim = await this.claim(agentId, id, 'continue').catch((err: unknown) => {
        // Archived, deleted or stepped by someone else meanwhile: continuing ends here.
        this.log.info({ err, itemId: id }, 'work item continue stopped');
        return undefined;
      });
    }
  }

  /** Writes the running step; every refusal (unknown item, archived, done, a step in flight) is thrown here. */
  private async claim(agentId: string, id: string, trigger: StepTrigger, note?: string): Promise<Claim> {
    await this.agents.require(agentId);
    const staleMs = await this.staleMs();
    try {
      return await this.db.transaction(async (trx) => {
        const item = await this.store.item(trx, agentId, id, true);
        if (!item) throw errors.workItemNotFound({ agentId, id });
        if (item.archived_at !== null) throw errors.workItemArchived({ id });
        if (item.stage === 'done') throw errors.workItemDone({ id });
        await this.store.interruptOrphans(trx, { except: this.owner, all: false, staleMs, agentId, itemId: id });
        if (await this.store.runningStep(trx, agentId, id)) throw errors.workItemStepRunning({ id });
        const seq = item.step_count + 1;
        const stage = item.stage;
        await this.store.insertStep(trx, {
          agent_id: agentId,
          item_id: id,
          seq,
          stage,
          trigger,
          status: 'running',
          session_id: itemSessionId(id),
          note: note?.trim() ? note : null,
          owner: this.owner,
        });
        const updated = await this.store.updateItem(trx, agentId, id, { status: 'running', step_count: seq });
        return { item: updated!, seq, stage, trigger, note };
      });
    } catch (error) {
      // Two claims that both passed the check: the unique index lets one through.
      if (isUniqueViolation(error)) throw errors.workItemStepRunning({ id });
      throw error;
    }
  }

  private async execute(claim: Claim): Promise<StepResult> {
    const { item } = claim;
    const started = Date.now();
    let outcome: Outcome;
    try {
      const handle = await this.runs.start({
        agentId: item.agent_id,
        sessionId: itemSessionId(item.id),
        input: { message: stagePrompt(item, claim.stage, claim.note) },
        origin: { kind: 'work-item', id: item.id },
      });
      await this.store.setRunId(item.agent_id, item.id, claim.seq, handle.runId).catch(() => undefined);
      outcome = await this.follow(handle.runId, handle.events);
    } catch (error) {
      // Refused before it started (no model selected, agent disabled…): the step keeps the refusal.
      outcome = { status: 'failed', runId: null, answer: null, error: describe(error) };
    }
    return this.record(claim, outcome, Date.now() - started);
  }

  /** Reads the run's events to its terminal one; stops early (interrupted) when the mod is disabled. */
  private async follow(runId: string, events: AsyncIterable<AgentRunEvent>): Promise<Outcome> {
    const iterator = events[Symbol.asyncIterator]();
    const signal = this.stopping.signal;
    let onAbort = () => {};
    const stopped = new Promise<'stopped'>((resolve) => {
      onAbort = () => resolve('stopped');
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await this.read(runId, iterator, stopped);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private async read(runId: string, iterator: AsyncIterator<AgentRunEvent>, stopped: Promise<'stopped'>): Promise<Outcome> {
    let answer = '';
    for (;;) {
      const next = await Promise.race([iterator.next(), stopped]);
      if (next === 'stopped') {
        // Leaving the loop detaches the run; it is never cancelled from here.
        void iterator.return?.();
        return { status: 'interrupted', runId, answer: answer || null, error: { code: INTERRUPTED_CODE, message: 'The work items mod stopped before the run finished; step again to retry the stage' } };
      }
      if (next.done) {
        return { status: 'failed', runId, answer: answer || null, error: { code: 'work_item_run_incomplete', message: 'The run ended without a terminal event' } };
      }
      const event = next.value;
      if (event.type === 'assistant.delta' && typeof event.data.delta === 'string') answer += event.data.delta;
      if (TERMINAL_RUN_EVENTS.includes(event.type)) return fromResponse(runId, event);
    }
  }

  private async record(claim: Claim, outcome: Outcome, durationMs: number): Promise<StepResult> {
    const agentId = claim.item.agent_id;
    const id = claim.item.id;
    return this.db.transaction(async (trx) => {
      const step = await this.store.finishStep(trx, { agentId, itemId: id, seq: claim.seq }, { ...outcome, durationMs });
      if (step) {
        const completed = step.status === 'completed';
        const stage = completed ? nextStage(claim.stage) : claim.stage;
        const status = completed ? (stage === 'done' ? 'done' : 'ready') : step.status === 'interrupted' ? 'interrupted' : 'failed';
        await this.store.updateItem(trx, agentId, id, { stage, status });
        return { item: await this.readDetail(agentId, id, trx), step: toStep(step) };
      }
      // No longer running: interrupted by a sweep meanwhile, or the item went with its agent.
      const item = await this.readDetail(agentId, id, trx);
      return { item, step: item.steps.find((s) => s.seq === claim.seq)! };
    });
  }
}

/** The step's outcome from the run's terminal event (`data.response` is authoritative). */
function fromResponse(runId: string, event: AgentRunEvent): Outcome {
  const response = (event.data.response ?? {}) as { status?: unknown; answer?: unknown; error?: unknown; message?: unknown };
  const answer = typeof response.answer === 'string' ? response.answer : null;
  const reported = typeof response.status === 'string' ? response.status : event.type.slice('run.'.length);
  const status: Outcome['status'] = (['completed', 'cancelled', 'superseded', 'interrupted'] as const).find((s) => s === reported) ?? 'failed';
  if (status === 'completed') return { status, runId, answer, error: null };
  return {
    status,
    runId,
    answer: answer || null,
    error: {
      code: typeof response.error === 'string' ? response.error : `chat_run_${status}`,
      message: typeof response.message === 'string' ? response.message : `The run ended ${status}`,
    },
  };
}

function describe(error: unknown): { code: string; message: string } {
  if (isSvcError(error)) return { code: error.code, message: error.message };
  return { code: 'work_item_run_refused', message: error instanceof Error ? error.message : String(error) };
}
