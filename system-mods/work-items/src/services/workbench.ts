/**
 * The workbench: asks the agent for a plan (one run through the chat run engine, in a session of
 * its own), stores it whatever came back, and runs an accepted plan as work items. Planning
 * executes nothing; running a plan creates the items in one transaction and starts the first
 * item's first stage.
 */
import type { Knex } from 'knex';
import { isSvcError, type ModDatabaseService } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { TERMINAL_RUN_EVENTS, type AgentRunsService } from '../../../chat/src/contract.js';
import { workItemErrors as errors } from '../errors.js';
import { newId } from './ids.js';
import type { ItemStore, WorkItem } from './item-store.js';
import { parsePlan, planPrompt, type PlanStep } from './plan-parser.js';
import type { StepRunner } from './step-runner.js';

export const DEFAULT_PLAN_STEPS = 8;

type PlanStatus = 'proposed' | 'invalid' | 'failed' | 'run';

interface PlanRow {
  agent_id: string;
  id: string;
  request: string;
  status: PlanStatus;
  steps: PlanStep[] | string;
  run_id: string | null;
  answer: string | null;
  error_code: string | null;
  error_message: string | null;
  item_ids: string[] | string | null;
  created_at: Date | string;
  run_at: Date | string | null;
}

export interface Plan {
  id: string;
  agentId: string;
  request: string;
  status: PlanStatus;
  steps: PlanStep[];
  runId: string | null;
  answer: string | null;
  error: { code: string; message: string } | null;
  itemIds: string[] | null;
  createdAt: string;
  runAt: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    agentId: row.agent_id,
    request: row.request,
    status: row.status,
    steps: json(row.steps),
    runId: row.run_id,
    answer: row.answer,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    itemIds: row.item_ids === null ? null : json(row.item_ids),
    createdAt: iso(row.created_at),
    runAt: row.run_at === null ? null : iso(row.run_at),
  };
}

export class Workbench {
  private readonly plans: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
    private readonly runs: AgentRunsService,
    private readonly store: ItemStore,
    private readonly runner: StepRunner,
  ) {
    this.plans = db.table('plans');
  }

  /**
   * One planning run; the plan is stored in every case. An answer without usable steps is
   * `502 workbench_plan_unparseable`, a run that did not complete `502 workbench_plan_failed`
   * (both name the stored plan's id); a refusal before the run started is the engine's own error.
   */
  async propose(agentId: string, request: string, maxSteps = DEFAULT_PLAN_STEPS): Promise<Plan> {
    await this.agents.require(agentId);
    const id = newId();
    const handle = await this.runs.start({
      agentId,
      sessionId: `workbench-${id}`,
      input: { message: planPrompt(request, maxSteps) },
      origin: { kind: 'workbench', id },
    });
    let response: { status?: unknown; answer?: unknown; error?: unknown; message?: unknown } = {};
    for await (const event of handle.events) {
      if (TERMINAL_RUN_EVENTS.includes(event.type)) response = (event.data.response ?? {}) as typeof response;
    }
    const answer = typeof response.answer === 'string' ? response.answer : null;
    const base = { agent_id: agentId, id, request, run_id: handle.runId, answer };
    if (response.status !== 'completed') {
      const error = {
        code: typeof response.error === 'string' ? response.error : 'chat_run_failed',
        message: typeof response.message === 'string' ? response.message : 'the run did not complete',
      };
      await this.insert({ ...base, status: 'failed', error_code: error.code, error_message: error.message });
      throw errors.workbenchPlanFailed({ reason: `${error.code}: ${error.message}` }, { details: { planId: id, runId: handle.runId, cause: error.code } });
    }
    const parsed = parsePlan(answer ?? '', maxSteps);
    if (!parsed.ok) {
      await this.insert({ ...base, status: 'invalid', error_code: 'workbench_plan_unparseable', error_message: parsed.reason });
      throw errors.workbenchPlanUnparseable({ reason: parsed.reason }, { details: { planId: id, runId: handle.runId } });
    }
    return toPlan(await this.insert({ ...base, status: 'proposed', steps: JSON.stringify(parsed.steps) }));
  }

  /**
   * Creates one work item per accepted step (in plan order, one transaction; the plan is then
   * `run` and cannot run again) and, unless `start` is false, starts the first item's first stage
   * in the background.
   */
  async run(
    agentId: string,
    planId: string,
    options: { steps?: Array<{ title: string; instructions?: string }>; start?: boolean },
  ): Promise<{ plan: Plan; items: WorkItem[]; started: { itemId: string; stage: string; seq: number } | null }> {
    await this.agents.require(agentId);
    const { plan, items } = await this.db.transaction(async (trx) => {
      const row = (await trx(this.plans).where({ agent_id: agentId, id: planId }).forUpdate().first()) as PlanRow | undefined;
      if (!row) throw errors.workbenchPlanNotFound({ agentId, planId });
      if (row.status === 'run') throw errors.workbenchPlanAlreadyRun({ planId });
      const steps = options.steps?.map((s) => ({ title: s.title.trim(), instructions: s.instructions ?? '' })) ?? json(row.steps);
      if (steps.length === 0) throw errors.workbenchPlanNotRunnable({ planId, status: row.status });
      // Ids from consecutive milliseconds, so the items sort in plan order.
      const now = Date.now();
      const rows = await this.store.insertItems(
        trx,
        steps.map((step, position) => ({ agent_id: agentId, id: newId(now + position), title: step.title, instructions: step.instructions, plan_id: planId, plan_position: position + 1 })),
      );
      rows.sort((a, b) => (a.plan_position ?? 0) - (b.plan_position ?? 0));
      const [updated] = (await trx(this.plans)
        .where({ agent_id: agentId, id: planId })
        .update({ status: 'run', steps: JSON.stringify(steps), item_ids: JSON.stringify(rows.map((r) => r.id)), run_at: trx.fn.now() })
        .returning('*')) as PlanRow[];
      return { plan: toPlan(updated!), items: rows };
    });
    let started: { itemId: string; stage: string; seq: number } | null = null;
    if (options.start !== false) {
      started = await this.runner.startInBackground(agentId, items[0]!.id, 'plan').catch((error: unknown) => {
        if (isSvcError(error)) return null;
        throw error;
      });
    }
    // Read after the start, so the first item shows its running step.
    const fresh = await Promise.all(items.map((row) => this.runner.readDetail(agentId, row.id)));
    return { plan, items: fresh.map(({ steps: _steps, ...item }) => item), started };
  }

  private async insert(row: Partial<PlanRow> & Pick<PlanRow, 'agent_id' | 'id' | 'request' | 'status'>, q: Knex = this.db.knex): Promise<PlanRow> {
    const [inserted] = (await q(this.plans).insert(row).returning('*')) as PlanRow[];
    return inserted!;
  }

  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.plans).where({ agent_id: agentId }).delete();
  }
}
