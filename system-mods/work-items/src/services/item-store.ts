/**
 * SQL over `work_items_items` and `work_items_steps`. Identity is (agent_id, id): every
 * statement names the agent. Readers take a knex handle or a transaction, so a service can read
 * inside the transaction it holds (on embedded PGlite a read outside it would wait for it).
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import { itemSessionId, type ItemStage, type ItemStatus, type Stage } from './stages.js';

export type StepStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'superseded' | 'interrupted';
export type StepTrigger = 'step' | 'continue' | 'plan';

export interface StepRecord {
  seq: number;
  stage: Stage;
  trigger: StepTrigger;
  status: StepStatus;
  runId: string | null;
  sessionId: string;
  note: string | null;
  answer: string | null;
  error: { code: string; message: string } | null;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
}

export interface WorkItem {
  id: string;
  agentId: string;
  title: string;
  instructions: string;
  stage: ItemStage;
  status: ItemStatus;
  archived: boolean;
  archivedAt: string | null;
  planId: string | null;
  planPosition: number | null;
  sessionId: string;
  stepCount: number;
  lastStep: StepRecord | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkItemDetail extends WorkItem {
  steps: StepRecord[];
}

export interface ItemRow {
  agent_id: string;
  id: string;
  title: string;
  instructions: string;
  stage: ItemStage;
  status: ItemStatus;
  plan_id: string | null;
  plan_position: number | null;
  step_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  archived_at: Date | string | null;
}

export interface StepRow {
  agent_id: string;
  item_id: string;
  seq: number;
  stage: Stage;
  trigger: StepTrigger;
  status: StepStatus;
  run_id: string | null;
  session_id: string;
  note: string | null;
  answer: string | null;
  error_code: string | null;
  error_message: string | null;
  owner: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  duration_ms: number | null;
}

/** The code stored on a step whose process stopped before its run finished. */
export const INTERRUPTED_CODE = 'work_item_step_interrupted';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toStep(row: StepRow): StepRecord {
  return {
    seq: row.seq,
    stage: row.stage,
    trigger: row.trigger,
    status: row.status,
    runId: row.run_id,
    sessionId: row.session_id,
    note: row.note,
    answer: row.answer,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    startedAt: iso(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
    durationMs: row.duration_ms,
  };
}

export function toItem(row: ItemRow, lastStep: StepRecord | null): WorkItem {
  return {
    id: row.id,
    agentId: row.agent_id,
    title: row.title,
    instructions: row.instructions,
    stage: row.stage,
    status: row.status,
    archived: row.archived_at !== null,
    archivedAt: isoOrNull(row.archived_at),
    planId: row.plan_id,
    planPosition: row.plan_position,
    sessionId: itemSessionId(row.id),
    stepCount: row.step_count,
    lastStep,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** True for a unique-index violation (the one-running-step rule). */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

export class ItemStore {
  readonly items: string;
  readonly steps: string;

  constructor(private readonly db: ModDatabaseService) {
    this.items = db.table('items');
    this.steps = db.table('steps');
  }

  get knex(): Knex {
    return this.db.knex;
  }

  async insertItems(trx: Knex.Transaction, rows: Array<Pick<ItemRow, 'agent_id' | 'id' | 'title' | 'instructions'> & Partial<Pick<ItemRow, 'plan_id' | 'plan_position'>>>): Promise<ItemRow[]> {
    return (await trx(this.items).insert(rows).returning('*')) as ItemRow[];
  }

  async item(q: Knex | Knex.Transaction, agentId: string, id: string, lock = false): Promise<ItemRow | undefined> {
    const query = q(this.items).where({ agent_id: agentId, id }).first();
    return (lock ? query.forUpdate() : query) as Promise<ItemRow | undefined>;
  }

  async list(q: Knex | Knex.Transaction, agentId: string, options: { archived: boolean; limit: number }): Promise<WorkItem[]> {
    const query = q(this.items).where({ agent_id: agentId }).orderBy('id', 'desc').limit(options.limit);
    const rows = (await (options.archived ? query.whereNotNull('archived_at') : query.whereNull('archived_at'))) as ItemRow[];
    const last = await this.lastSteps(q, rows);
    return rows.map((row) => toItem(row, last.get(row.id) ?? null));
  }

  async detail(q: Knex | Knex.Transaction, row: ItemRow): Promise<WorkItemDetail> {
    const steps = ((await q(this.steps).where({ agent_id: row.agent_id, item_id: row.id }).orderBy('seq')) as StepRow[]).map(toStep);
    return { ...toItem(row, steps.find((s) => s.seq === row.step_count) ?? null), steps };
  }

  /** Each row's latest step (its seq is the item's step count). */
  async lastSteps(q: Knex | Knex.Transaction, rows: ItemRow[]): Promise<Map<string, StepRecord>> {
    const keys = rows.filter((r) => r.step_count > 0).map((r) => [r.agent_id, r.id, r.step_count]);
    if (keys.length === 0) return new Map();
    const steps = (await q(this.steps).whereIn(['agent_id', 'item_id', 'seq'], keys)) as StepRow[];
    return new Map(steps.map((s) => [s.item_id, toStep(s)]));
  }

  async runningStep(trx: Knex.Transaction, agentId: string, itemId: string): Promise<StepRow | undefined> {
    return trx(this.steps).where({ agent_id: agentId, item_id: itemId, status: 'running' }).first();
  }

  async insertStep(trx: Knex.Transaction, row: Omit<StepRow, 'started_at' | 'finished_at' | 'duration_ms' | 'answer' | 'error_code' | 'error_message' | 'run_id'>): Promise<StepRow> {
    const [step] = (await trx(this.steps).insert(row).returning('*')) as StepRow[];
    return step!;
  }

  async setRunId(agentId: string, itemId: string, seq: number, runId: string): Promise<void> {
    await this.knex(this.steps).where({ agent_id: agentId, item_id: itemId, seq, status: 'running' }).update({ run_id: runId });
  }

  /** Ends a running step; undefined when it is no longer running (interrupted meanwhile, or its agent deleted). */
  async finishStep(
    trx: Knex.Transaction,
    key: { agentId: string; itemId: string; seq: number },
    outcome: { status: Exclude<StepStatus, 'running'>; runId: string | null; answer: string | null; error: { code: string; message: string } | null; durationMs: number },
  ): Promise<StepRow | undefined> {
    const [row] = (await trx(this.steps)
      .where({ agent_id: key.agentId, item_id: key.itemId, seq: key.seq, status: 'running' })
      .update({
        status: outcome.status,
        run_id: outcome.runId,
        answer: outcome.answer,
        error_code: outcome.error?.code ?? null,
        error_message: outcome.error?.message ?? null,
        finished_at: trx.fn.now(),
        duration_ms: outcome.durationMs,
      })
      .returning('*')) as StepRow[];
    return row;
  }

  async updateItem(trx: Knex.Transaction, agentId: string, id: string, patch: Partial<Pick<ItemRow, 'stage' | 'status' | 'step_count'>> & { archived_at?: Date | null | Knex.Raw }): Promise<ItemRow | undefined> {
    const [row] = (await trx(this.items)
      .where({ agent_id: agentId, id })
      .update({ ...patch, updated_at: trx.fn.now() })
      .returning('*')) as ItemRow[];
    return row;
  }

  /**
   * Marks running steps interrupted, with their items: those of `owner`s other than `except`
   * (every one, at the start of the only process an embedded database has), or those whose
   * heartbeat is older than `staleMs` (a replica that went away; the bound the owners beat by). Scoped to one item when given.
   */
  async interruptOrphans(trx: Knex.Transaction, options: { except: string; all: boolean; staleMs: number; agentId?: string; itemId?: string }): Promise<number> {
    const query = trx(this.steps).where({ status: 'running' }).whereNot({ owner: options.except });
    if (options.agentId !== undefined) query.where({ agent_id: options.agentId });
    if (options.itemId !== undefined) query.where({ item_id: options.itemId });
    if (!options.all) query.where('heartbeat_at', '<', trx.raw(`now() - ? * interval '1 millisecond'`, [options.staleMs]));
    const rows = (await query
      .update({
        status: 'interrupted',
        error_code: INTERRUPTED_CODE,
        error_message: 'The process running this step stopped before its run finished; step again to retry the stage',
        finished_at: trx.fn.now(),
        duration_ms: trx.raw('(extract(epoch from (now() - started_at)) * 1000)::integer'),
      })
      .returning(['agent_id', 'item_id'])) as Array<{ agent_id: string; item_id: string }>;
    for (const { agent_id, item_id } of rows) {
      await trx(this.items).where({ agent_id, id: item_id, status: 'running' }).update({ status: 'interrupted', updated_at: trx.fn.now() });
    }
    return rows.length;
  }

  async heartbeat(owner: string): Promise<void> {
    await this.knex(this.steps).where({ owner, status: 'running' }).update({ heartbeat_at: this.knex.fn.now() });
  }

  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.steps).where({ agent_id: agentId }).delete();
    await trx(this.items).where({ agent_id: agentId }).delete();
  }
}
