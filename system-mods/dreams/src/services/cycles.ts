/**
 * Dream cycle receipts. A row is also the claim of its cycle: a scheduled occurrence is inserted
 * with `on conflict do nothing` against the unique (agent, occurrence) key and the partial unique
 * index of one running cycle per agent, so whichever process inserts first runs it and every
 * other process (or a second manual start) gets nothing back.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import type { DreamPhase } from './dream-output.js';

export const CYCLE_STATUSES = ['running', 'completed', 'partial', 'failed', 'interrupted'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

export interface PhaseItemReceipt {
  title: string;
  citations: Array<{ sessionId: string; seq: number }>;
  /** True when the item was valid only after the repair request. */
  repaired: boolean;
  candidateId: string | null;
}

export interface PhaseReceipt {
  phase: DreamPhase;
  /** `skipped`: no new messages in its window. */
  status: 'completed' | 'skipped' | 'failed';
  runIds: string[];
  messagesRead: number;
  diaryEntryId: string | null;
  words: number;
  error: string | null;
  /** REM only. */
  items?: { proposed: number; repaired: number; dropped: number; truncated: number; candidatesUnavailable: boolean; list: PhaseItemReceipt[] };
}

export interface CycleReceipt {
  id: string;
  agentId: string;
  trigger: 'schedule' | 'manual';
  occurrenceAt: string | null;
  generatedAt: string;
  messageLimit: number;
  status: CycleStatus;
  phases: PhaseReceipt[];
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

export interface CycleRow {
  id: string;
  agent_id: string;
  trigger: 'schedule' | 'manual';
  occurrence_at: Date | string | null;
  generated_at: Date | string;
  message_limit: number;
  status: CycleStatus;
  phases: PhaseReceipt[] | string;
  error: string | null;
  owner: string;
  started_at: Date | string;
  ended_at: Date | string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export const receipt = (r: CycleRow): CycleReceipt => ({
  id: r.id,
  agentId: r.agent_id,
  trigger: r.trigger,
  occurrenceAt: r.occurrence_at ? iso(r.occurrence_at) : null,
  generatedAt: iso(r.generated_at),
  messageLimit: r.message_limit,
  status: r.status,
  phases: typeof r.phases === 'string' ? (JSON.parse(r.phases) as PhaseReceipt[]) : r.phases,
  error: r.error,
  startedAt: iso(r.started_at),
  endedAt: r.ended_at ? iso(r.ended_at) : null,
});

export const newCycleId = () => `dc-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;

export class Cycles {
  readonly table: string;
  constructor(private readonly db: ModDatabaseService) {
    this.table = db.table('cycles');
  }

  private get knex(): Knex {
    return this.db.knex;
  }

  /** Inserts a running cycle unless its occurrence is taken or the agent has one running; the row, or undefined. */
  async claim(input: { agentId: string; trigger: 'schedule' | 'manual'; occurrenceAt: number | null; generatedAt: number; messageLimit: number; owner: string; now: number }): Promise<CycleReceipt | undefined> {
    const rows = (await this.knex(this.table)
      .insert({
        id: newCycleId(),
        agent_id: input.agentId,
        trigger: input.trigger,
        occurrence_at: input.occurrenceAt === null ? null : new Date(input.occurrenceAt),
        generated_at: new Date(input.generatedAt),
        message_limit: input.messageLimit,
        status: 'running',
        phases: JSON.stringify([]),
        owner: input.owner,
        heartbeat_at: new Date(input.now),
        started_at: new Date(input.now),
      })
      .onConflict()
      .ignore()
      .returning('*')) as CycleRow[];
    return rows[0] ? receipt(rows[0]) : undefined;
  }

  async running(agentId: string): Promise<CycleReceipt | undefined> {
    const row = (await this.knex(this.table).where({ agent_id: agentId, status: 'running' }).first()) as CycleRow | undefined;
    return row ? receipt(row) : undefined;
  }

  async get(id: string): Promise<CycleReceipt | undefined> {
    const row = (await this.knex(this.table).where({ id }).first()) as CycleRow | undefined;
    return row ? receipt(row) : undefined;
  }

  async list(agentId: string, limit: number): Promise<CycleReceipt[]> {
    const rows = (await this.knex(this.table)
      .where({ agent_id: agentId })
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)) as CycleRow[];
    return rows.map(receipt);
  }

  /** The cycle row locked for a write of its phase, or undefined when it is gone (agent deleted) or no longer running. */
  async lockRunning(trx: Knex.Transaction, id: string): Promise<CycleRow | undefined> {
    return (await trx(this.table).where({ id, status: 'running' }).forUpdate().first()) as CycleRow | undefined;
  }

  async recordPhases(trx: Knex.Transaction, id: string, phases: PhaseReceipt[], now: number): Promise<void> {
    await trx(this.table)
      .where({ id })
      .update({ phases: JSON.stringify(phases), heartbeat_at: new Date(now) });
  }

  async finish(id: string, status: CycleStatus, phases: PhaseReceipt[], error: string | null, now: number): Promise<void> {
    await this.knex(this.table)
      .where({ id, status: 'running' })
      .update({ status, phases: JSON.stringify(phases), error: error?.slice(0, 2000) ?? null, ended_at: new Date(now) });
  }

  async heartbeat(ids: string[], now: number): Promise<void> {
    if (ids.length > 0)
      await this.knex(this.table)
        .whereIn('id', ids)
        .andWhere({ status: 'running' })
        .update({ heartbeat_at: new Date(now) });
  }

  /**
   * Running cycles no process is running any more become `interrupted`: all of them except this
   * process's own (`all`, the embedded database after a restart), or those whose heartbeat is
   * older than `staleMs` (PostgreSQL, where other replicas run theirs).
   */
  async interruptAbandoned(options: { all: boolean; staleMs: number; now: number; activeHere: string[] }): Promise<number> {
    const q = this.knex(this.table).where({ status: 'running' });
    if (options.activeHere.length > 0) q.whereNotIn('id', options.activeHere);
    if (!options.all) q.andWhere('heartbeat_at', '<', new Date(options.now - options.staleMs));
    return q.update({ status: 'interrupted', error: 'dream_cycle_interrupted: the service stopped during the cycle', ended_at: new Date(options.now) });
  }

  async interruptOwn(ids: string[], now: number): Promise<number> {
    return this.knex(this.table)
      .whereIn('id', ids)
      .andWhere({ status: 'running' })
      .update({ status: 'interrupted', error: 'dream_cycle_interrupted: the service stopped during the cycle', ended_at: new Date(now) });
  }

  async deleteForAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }
}
