/**
 * Enforcement before every model call. A call reserves its worst case (estimated prompt tokens
 * plus the output limit it sends, and their cost at the model's price) in the current window of
 * every budget that applies, in one transaction of conditional updates
 * (`spent + reserved + n <= limit`): the row lock each update takes makes concurrent calls, also
 * from other processes on the same PostgreSQL, wait for one another, and the condition is checked
 * again on the row as it is when the lock is granted, so no race overspends. One refused budget
 * rolls all of it back and the call is not made. After the call, its reservation is replaced by
 * what it really used. Reservations carry an expiry: those of a process that died are released.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../sdk/index.js';
import type { BudgetStateChange, ModelCallSettlement, ModelCallStart, ModelCallVeto, ModelPricing } from '../../model-connections/src/contract.js';
import { usageErrors as errors } from './errors.js';
import { windowKey } from './budget-windows.js';
import { budgetState, scopeLabel, type BudgetRow, type BudgetStore, type WindowRow } from './budget-store.js';

/** How long a reservation holds when its call never settles (its process died). */
export const DEFAULT_RESERVATION_TTL_MS = 15 * 60_000;

interface Claim {
  budget: BudgetRow;
  key: string;
  tokens: number;
  cost: number;
}

class Refused extends Error {
  constructor(readonly veto: ModelCallVeto) {
    super(veto.message);
  }
}

const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/** The cost of `input` and `output` tokens at `pricing`, in the budget's currency; undefined when unknown there. */
function costIn(pricing: ModelPricing | undefined, currency: string | null, input: number, output: number): number | undefined {
  if (!pricing || pricing.inputPerMillion === undefined || pricing.outputPerMillion === undefined || pricing.currency !== currency) return undefined;
  return (input * pricing.inputPerMillion + output * pricing.outputPerMillion) / 1_000_000;
}

export class BudgetLedger {
  /**
   * Calls of this process holding reservations. A call settles in the process that reserved
   * it, so a call not in here reserved nothing and its settlement touches no row: most calls,
   * where no budget applies, then cost no statement at all.
   */
  private readonly holding = new Set<string>();

  constructor(
    private readonly db: ModDatabaseService,
    private readonly store: BudgetStore,
    private readonly timezone: () => Promise<string>,
    private readonly options: { now?: () => Date; reservationTtlMs?: () => Promise<number> } = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Reserves the call's worst case in every applicable budget, or refuses it. */
  async reserve(call: ModelCallStart): Promise<ModelCallVeto | undefined> {
    const budgets = await this.store.applicable(call.attribution);
    if (budgets.length === 0) return undefined;
    const tz = await this.timezone();
    const now = this.now();
    const tokens = call.estimate.inputTokens + call.estimate.maxOutputTokens;
    const claims: Claim[] = [];
    for (const budget of budgets) {
      const key = windowKey(budget.period, now, tz, call.attribution.runId);
      if (!key) continue;
      let cost = 0;
      if (budget.max_cost !== null) {
        const worst = costIn(call.pricing, budget.currency, call.estimate.inputTokens, call.estimate.maxOutputTokens);
        if (worst === undefined && !budget.allow_unpriced) {
          const e = errors.budgetUnpricedModel({ model: call.model, budget: scopeLabel(budget), currency: budget.currency ?? '' });
          return { code: e.code, message: e.message };
        }
        cost = worst ?? 0;
      }
      claims.push({ budget, key, tokens: budget.max_tokens === null ? 0 : tokens, cost });
    }
    if (claims.length === 0) return undefined;
    const ttl = (await this.options.reservationTtlMs?.()) ?? DEFAULT_RESERVATION_TTL_MS;
    try {
      await this.claim(call.callId, claims, ttl);
      this.holding.add(call.callId);
      return undefined;
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      // Reservations a dead process left may be what fills the window: release them, try once more.
      if ((await this.releaseExpired()) === 0) return error.veto;
      try {
        await this.claim(call.callId, claims, ttl);
        this.holding.add(call.callId);
        return undefined;
      } catch (again) {
        if (again instanceof Refused) return again.veto;
        throw again;
      }
    }
  }

  private async claim(callId: string, claims: Claim[], ttlMs: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      // In a fixed order, so two calls claiming the same windows never wait on each other in a cycle.
      const ordered = [...claims].sort((a, b) => (a.budget.id + a.key < b.budget.id + b.key ? -1 : 1));
      for (const c of ordered) {
        const reserve = async () => {
          const q = trx(this.store.windows)
            .where({ budget_id: c.budget.id, window_key: c.key })
            .update({ reserved_tokens: trx.raw('reserved_tokens + ?', [c.tokens]), reserved_cost: trx.raw('reserved_cost + ?', [c.cost]), updated_at: trx.fn.now() })
            .returning(['budget_id']);
          if (c.budget.max_tokens !== null) q.andWhereRaw('spent_tokens + reserved_tokens + ? <= ?', [c.tokens, num(c.budget.max_tokens)]);
          if (c.budget.max_cost !== null) q.andWhereRaw('spent_cost + reserved_cost + ? <= ?', [c.cost, c.budget.max_cost]);
          return (await q).length > 0;
        };
        // The window's first call creates its row (a racing one waits on the insert, then finds it).
        let reserved = await reserve();
        if (!reserved) {
          const created = await trx(this.store.windows).insert({ budget_id: c.budget.id, window_key: c.key }).onConflict(['budget_id', 'window_key']).ignore().returning(['budget_id']);
          if (created.length > 0) reserved = await reserve();
        }
        if (!reserved) {
          const w: WindowRow = await trx(this.store.windows).where({ budget_id: c.budget.id, window_key: c.key }).first();
          const { reason } = budgetState(c.budget, num(w.spent_tokens), w.spent_cost);
          const e = errors.budgetExhausted({ budget: scopeLabel(c.budget), reason, tokens: c.tokens, reserved: num(w.reserved_tokens) });
          throw new Refused({ code: e.code, message: e.message });
        }
        await trx(this.store.reservations).insert({
          call_id: callId,
          budget_id: c.budget.id,
          window_key: c.key,
          tokens: c.tokens,
          cost: c.cost,
          expires_at: trx.raw(`now() + (? || ' milliseconds')::interval`, [String(ttlMs)]),
        });
      }
    });
  }

  /** Replaces the call's reservations by its real usage; answers the budgets whose state changed. */
  async settle(settlement: ModelCallSettlement): Promise<ModelCallSettlement> {
    const { call } = settlement;
    if (call.vetoed || !this.holding.delete(call.callId)) return settlement;
    const changes: BudgetStateChange[] = await this.db.transaction(async (trx) => {
      const held: Array<{ budget_id: string; window_key: string; tokens: string | number; cost: number }> = await trx(this.store.reservations)
        .where({ call_id: call.callId })
        .delete()
        .returning(['budget_id', 'window_key', 'tokens', 'cost']);
      if (held.length === 0) return [];
      const budgets: BudgetRow[] = await trx(this.store.budgets).whereIn(
        'id',
        held.map((h) => h.budget_id),
      );
      const byId = new Map(budgets.map((b) => [b.id, b]));
      const used = call.usage.inputTokens + call.usage.outputTokens;
      const out: BudgetStateChange[] = [];
      for (const h of held) {
        const budget = byId.get(h.budget_id);
        const cost = budget && call.cost.priced && call.cost.currency === budget.currency ? (call.cost.cost ?? 0) : 0;
        const tokens = budget?.max_tokens === null ? 0 : used;
        const [after]: WindowRow[] = await trx(this.store.windows)
          .where({ budget_id: h.budget_id, window_key: h.window_key })
          .update({
            reserved_tokens: trx.raw('greatest(reserved_tokens - ?, 0)', [num(h.tokens)]),
            reserved_cost: trx.raw('greatest(reserved_cost - ?, 0)', [h.cost]),
            spent_tokens: trx.raw('spent_tokens + ?', [tokens]),
            spent_cost: trx.raw('spent_cost + ?', [cost]),
            updated_at: trx.fn.now(),
          })
          .returning(['spent_tokens', 'spent_cost']);
        if (!budget || !after) continue;
        const previous = budgetState(budget, num(after.spent_tokens) - tokens, after.spent_cost - cost);
        const next = budgetState(budget, num(after.spent_tokens), after.spent_cost);
        if (previous.state !== next.state) {
          out.push({ budgetId: budget.id, scope: budget.scope, scopeId: budget.scope_id, period: budget.period, state: next.state, previousState: previous.state, reason: next.reason });
        }
      }
      return out;
    });
    return changes.length === 0 ? settlement : { ...settlement, budgets: [...settlement.budgets, ...changes] };
  }

  /** Releases every expired reservation; answers how many. */
  async releaseExpired(k?: Knex): Promise<number> {
    const run = async (trx: Knex.Transaction) => {
      const gone: Array<{ budget_id: string; window_key: string; tokens: string | number; cost: number }> = await trx(this.store.reservations)
        .where('expires_at', '<', trx.fn.now())
        .delete()
        .returning(['budget_id', 'window_key', 'tokens', 'cost']);
      for (const g of gone) {
        await trx(this.store.windows)
          .where({ budget_id: g.budget_id, window_key: g.window_key })
          .update({ reserved_tokens: trx.raw('greatest(reserved_tokens - ?, 0)', [num(g.tokens)]), reserved_cost: trx.raw('greatest(reserved_cost - ?, 0)', [g.cost]) });
      }
      return gone.length;
    };
    return k ? run(k as Knex.Transaction) : this.db.transaction(run);
  }
}
