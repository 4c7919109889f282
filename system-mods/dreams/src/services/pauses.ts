/**
 * Agents whose Dreams a budget paused. A cycle whose model call a budget refused stops there and
 * pauses its agent with the refusal as the reason: the scheduler starts none of the agent's
 * cycles (nor retries the refused one) until the operator changes a budget that applies to the
 * agent's Dream calls (a global one or the agent's: `usage.onBudgetChanged`). The next cycle
 * that is still short pauses again. A cycle the operator starts by hand still runs; one that
 * meets no refusal ends the pause.
 */
import type { Knex } from 'knex';
import type { LoggerService, ModDatabaseService } from '../../../../sdk/index.js';
import { budgetChangeApplies, type BudgetChangedEvent } from '../../../usage/src/contract.js';

/** Why an agent's Dreams are paused (the refusal in words, `code: message`) and since when. */
export interface DreamPause {
  reason: string;
  /** The cycle whose call was refused. */
  cycleId: string | null;
  at: string;
}

interface PauseRow {
  agent_id: string;
  reason: string;
  cycle_id: string | null;
  paused_at: Date | string;
}

const MAX_REASON = 2000;

export class Pauses {
  readonly table: string;
  constructor(
    private readonly db: ModDatabaseService,
    private readonly log: LoggerService,
  ) {
    this.table = db.table('paused');
  }

  async get(agentId: string): Promise<DreamPause | null> {
    const row = (await this.db.knex(this.table).where({ agent_id: agentId }).first()) as PauseRow | undefined;
    return row ? { reason: row.reason, cycleId: row.cycle_id, at: new Date(row.paused_at).toISOString() } : null;
  }

  /** The agents paused now (the scheduler skips them). */
  async agentIds(): Promise<Set<string>> {
    const rows = (await this.db.knex(this.table).select('agent_id')) as Array<{ agent_id: string }>;
    return new Set(rows.map((r) => r.agent_id));
  }

  async pause(agentId: string, reason: string, cycleId: string, now: number): Promise<void> {
    await this.db
      .knex(this.table)
      .insert({ agent_id: agentId, reason: reason.slice(0, MAX_REASON), cycle_id: cycleId, paused_at: new Date(now) })
      .onConflict('agent_id')
      .merge(['reason', 'cycle_id', 'paused_at']);
  }

  /**
   * After a cycle: `refusal` (a budget refused one of its calls) pauses the agent's Dreams; a
   * cycle that met none ends a pause. A failed write is logged: the receipt has the outcome.
   */
  async afterCycle(cycle: { id: string; agentId: string }, refusal: string | undefined, now: number): Promise<void> {
    try {
      if (refusal !== undefined) {
        await this.pause(cycle.agentId, refusal, cycle.id, now);
        this.log.warn({ agentId: cycle.agentId, cycleId: cycle.id }, "a budget paused the agent's Dreams");
      } else if (await this.clear(cycle.agentId)) {
        this.log.info({ agentId: cycle.agentId, cycleId: cycle.id }, "the agent's Dreams ran again: their budget pause ended");
      }
    } catch (failure) {
      this.log.warn({ agentId: cycle.agentId, err: failure instanceof Error ? failure.message : String(failure) }, 'the Dream pause could not be recorded');
    }
  }

  /** Ends the agent's pause; true when it was paused. */
  async clear(agentId: string): Promise<boolean> {
    return (await this.db.knex(this.table).where({ agent_id: agentId }).delete()) > 0;
  }

  /** Ends the pauses a changed budget applies to (a global one: every agent; an agent's: that agent); the resumed agents. */
  async resume(change: Pick<BudgetChangedEvent, 'scope' | 'scopeId'>): Promise<string[]> {
    // Dream calls are made for their agent only (no schedule, no mod: see dream-runs.ts).
    const resumed = [...(await this.agentIds())].filter((agentId) => budgetChangeApplies(change, { agentId }));
    if (resumed.length > 0) await this.db.knex(this.table).whereIn('agent_id', resumed).delete();
    return resumed;
  }

  async deleteForAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }
}
