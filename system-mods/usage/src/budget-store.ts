/**
 * Budgets as the operator sets them, and each one's state in its current window: `ok`, `near`
 * (at or past `nearRatio` of a limit) or `exhausted` (a limit reached), with the reason in words.
 */
import type { ChangesService, ModDatabaseService } from '../../../sdk/index.js';
import { NoticedReadCache } from '../../../sdk/helpers/index.js';
import { usageErrors as errors } from './errors.js';
import { windowKey, type BudgetPeriod } from './budget-windows.js';

export type BudgetScope = 'global' | 'agent' | 'schedule' | 'mod';
export type BudgetState = 'ok' | 'near' | 'exhausted';

export interface BudgetInput {
  scope: BudgetScope;
  scopeId?: string | null;
  period: BudgetPeriod;
  maxTokens?: number | null;
  maxCost?: number | null;
  currency?: string | null;
  allowUnpriced?: boolean;
  nearRatio?: number;
}

export interface BudgetRow {
  id: string;
  scope: BudgetScope;
  scope_id: string | null;
  period: BudgetPeriod;
  max_tokens: string | number | null;
  max_cost: number | null;
  currency: string | null;
  allow_unpriced: boolean;
  near_ratio: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface WindowRow {
  budget_id: string;
  window_key: string;
  spent_tokens: string | number;
  spent_cost: number;
  reserved_tokens: string | number;
  reserved_cost: number;
}

export interface BudgetView {
  id: string;
  scope: BudgetScope;
  scopeId: string | null;
  period: BudgetPeriod;
  maxTokens: number | null;
  maxCost: number | null;
  currency: string | null;
  allowUnpriced: boolean;
  nearRatio: number;
  /** The current window (today, this month); null for run budgets, which have one window per run. */
  current: { windowKey: string; spentTokens: number; spentCost: number; reservedTokens: number; reservedCost: number; remainingTokens: number | null; remainingCost: number | null } | null;
  state: BudgetState;
  reason: string;
  createdAt: string;
  updatedAt: string;
}

const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** The state of `budget` after `spent` tokens and cost in a window. */
export function budgetState(budget: BudgetRow, spentTokens: number, spentCost: number): { state: BudgetState; reason: string } {
  const parts: Array<{ ratio: number; text: string }> = [];
  if (budget.max_tokens !== null) {
    const max = num(budget.max_tokens);
    parts.push({ ratio: max === 0 ? 1 : spentTokens / max, text: `${spentTokens.toLocaleString('en')} of ${max.toLocaleString('en')} tokens` });
  }
  if (budget.max_cost !== null) {
    parts.push({ ratio: budget.max_cost === 0 ? 1 : spentCost / budget.max_cost, text: `${budget.currency ?? ''} ${spentCost.toFixed(4)} of ${budget.max_cost.toFixed(2)}`.trim() });
  }
  const worst = parts.reduce((a, b) => (b.ratio > a.ratio ? b : a), parts[0] ?? { ratio: 0, text: 'nothing' });
  const over = budget.period === 'run' ? 'in this run' : budget.period === 'day' ? 'today' : 'this month';
  const state: BudgetState = worst.ratio >= 1 ? 'exhausted' : worst.ratio >= budget.near_ratio ? 'near' : 'ok';
  return { state, reason: `${worst.text} spent ${over}${state === 'exhausted' ? ': calls are refused' : ''}` };
}

export function scopeLabel(budget: Pick<BudgetRow, 'scope' | 'scope_id' | 'period' | 'id'>): string {
  return budget.scope === 'global' ? `the global ${budget.period} budget` : `the ${budget.period} budget of ${budget.scope} ${budget.scope_id}`;
}

/** Change name of the budget rows (one key: every model call reads them all). */
export const BUDGETS_CHANGED = 'budgets';
const ALL = 'all';

export class BudgetStore {
  readonly budgets: string;
  readonly windows: string;
  readonly reservations: string;
  /**
   * Every budget row, read before every model call: kept in memory and dropped on any process's
   * write through the change bus. A budget created or changed elsewhere applies here once its
   * notice arrives (milliseconds; the cache's TTL if a notice is lost). The limits themselves are
   * never cached: a reservation checks them against the window row it locks.
   */
  private readonly rows: NoticedReadCache<BudgetRow[]>;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly timezone: () => Promise<string>,
    private readonly now: () => Date = () => new Date(),
    changes?: ChangesService,
  ) {
    this.budgets = db.table('budgets');
    this.windows = db.table('budget_windows');
    this.reservations = db.table('reservations');
    this.rows = new NoticedReadCache(changes, `usage.${BUDGETS_CHANGED}`);
  }

  /** The budgets that apply to a call made for these ids (global ones always). */
  async applicable(ids: { agentId?: string; scheduleId?: string; modId?: string }): Promise<BudgetRow[]> {
    const all = await this.rows.read(ALL, () => this.db.knex(this.budgets).select('*'));
    return all.filter(
      (b) =>
        b.scope === 'global' ||
        (b.scope === 'agent' && ids.agentId !== undefined && b.scope_id === ids.agentId) ||
        (b.scope === 'schedule' && ids.scheduleId !== undefined && b.scope_id === ids.scheduleId) ||
        (b.scope === 'mod' && ids.modId !== undefined && b.scope_id === ids.modId),
    );
  }

  async list(): Promise<BudgetView[]> {
    const rows: BudgetRow[] = await this.db.knex(this.budgets).orderBy('created_at').orderBy('id');
    return this.views(rows);
  }

  async get(id: string): Promise<BudgetView> {
    const row: BudgetRow | undefined = await this.db.knex(this.budgets).where({ id }).first();
    if (!row) throw errors.budgetNotFound({ id });
    return (await this.views([row]))[0]!;
  }

  async create(input: BudgetInput): Promise<BudgetView> {
    const values = this.check(input);
    const id = `${values.scope}${values.scope_id ? `-${values.scope_id}` : ''}-${values.period}`
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .slice(0, 64);
    const inserted = await this.db
      .knex(this.budgets)
      .insert({ id, ...values })
      .onConflict()
      .ignore()
      .returning(['id']);
    if (inserted.length === 0) throw errors.budgetExists({ scope: values.scope, scopeId: values.scope_id ?? '-', period: values.period });
    this.rows.changed(ALL);
    return this.get(id);
  }

  /** Changes the limits (scope and period stay: a budget of another scope is another budget). */
  async update(id: string, input: Omit<BudgetInput, 'scope' | 'scopeId' | 'period'>): Promise<BudgetView> {
    const current: BudgetRow | undefined = await this.db.knex(this.budgets).where({ id }).first();
    if (!current) throw errors.budgetNotFound({ id });
    const values = this.check({ scope: current.scope, scopeId: current.scope_id, period: current.period, ...input });
    await this.db
      .knex(this.budgets)
      .where({ id })
      .update({ ...values, updated_at: this.db.knex.fn.now() });
    this.rows.changed(ALL);
    return this.get(id);
  }

  async remove(id: string): Promise<BudgetView> {
    const view = await this.get(id);
    await this.db.knex(this.budgets).where({ id }).delete();
    this.rows.changed(ALL);
    return view;
  }

  private check(input: BudgetInput) {
    const scopeId = input.scope === 'global' ? null : (input.scopeId ?? null);
    if (input.scope !== 'global' && !scopeId) throw errors.budgetScopeIdRequired({ scope: input.scope });
    if (input.scope === 'global' && input.scopeId) throw errors.budgetScopeIdRequired({ scope: input.scope });
    const maxTokens = input.maxTokens ?? null;
    const maxCost = input.maxCost ?? null;
    if (maxTokens === null && maxCost === null) throw errors.budgetLimitRequired();
    if (maxCost !== null && !input.currency) throw errors.budgetCurrencyRequired();
    return {
      scope: input.scope,
      scope_id: scopeId,
      period: input.period,
      max_tokens: maxTokens,
      max_cost: maxCost,
      currency: maxCost === null ? null : input.currency!,
      allow_unpriced: input.allowUnpriced ?? false,
      near_ratio: input.nearRatio ?? 0.8,
    };
  }

  private async views(rows: BudgetRow[]): Promise<BudgetView[]> {
    const tz = await this.timezone();
    const now = this.now();
    const keys = rows.map((r) => (r.period === 'run' ? undefined : windowKey(r.period, now, tz)));
    const wanted = rows.flatMap((r, i) => (keys[i] ? [[r.id, keys[i]!]] : []));
    const windows: WindowRow[] = wanted.length === 0 ? [] : await this.db.knex(this.windows).whereIn(['budget_id', 'window_key'], wanted);
    const byKey = new Map(windows.map((w) => [`${w.budget_id}\u0000${w.window_key}`, w]));
    return rows.map((r, i) => {
      const key = keys[i];
      const w = key ? byKey.get(`${r.id}\u0000${key}`) : undefined;
      const spentTokens = num(w?.spent_tokens);
      const spentCost = w?.spent_cost ?? 0;
      const { state, reason } = key ? budgetState(r, spentTokens, spentCost) : { state: 'ok' as const, reason: 'counted per run: each run may use up to the limit' };
      const maxTokens = r.max_tokens === null ? null : num(r.max_tokens);
      return {
        id: r.id,
        scope: r.scope,
        scopeId: r.scope_id,
        period: r.period,
        maxTokens,
        maxCost: r.max_cost,
        currency: r.currency,
        allowUnpriced: r.allow_unpriced,
        nearRatio: r.near_ratio,
        current: key
          ? {
              windowKey: key,
              spentTokens,
              spentCost,
              reservedTokens: num(w?.reserved_tokens),
              reservedCost: w?.reserved_cost ?? 0,
              remainingTokens: maxTokens === null ? null : Math.max(0, maxTokens - spentTokens),
              remainingCost: r.max_cost === null ? null : Math.max(0, r.max_cost - spentCost),
            }
          : null,
        state,
        reason,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      };
    });
  }
}
