/** `/api/settings/budgets…`: the operator's budgets and their states. */
import { respond, route, type RouteTable } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { budgetCreateBody, budgetIdParams, budgetUpdateBody, okBudget, okBudgets } from './schemas.js';
import type { BudgetInput, BudgetStore, BudgetView } from './budget-store.js';
import type { BudgetChangedEvent } from './contract.js';

const tags = ['usage'];

export function budgetRoutes(store: BudgetStore, changed: (event: BudgetChangedEvent) => Promise<void>): RouteTable<Extract<RouteId, `budget${string}`>> {
  const told = async (budget: BudgetView, change: BudgetChangedEvent['change']) => {
    await changed({ budgetId: budget.id, scope: budget.scope, scopeId: budget.scopeId, change });
    return budget;
  };
  return {
    'budgets-list': route({
      schema: { tags, description: 'Every budget with its state in its current window.', response: { 200: okBudgets } },
      handler: async () => ({ ok: true, budgets: await store.list() }),
    }),
    'budgets-create': route({
      schema: {
        tags,
        description: 'Creates a budget (one per scope, scope id and period: 409 budget_exists). Needs maxTokens and/or maxCost (with currency).',
        body: budgetCreateBody,
        response: { 201: okBudget },
      },
      handler: async (req) => respond.json({ ok: true, budget: await told(await store.create(req.body as BudgetInput), 'created') }, { status: 201 }),
    }),
    'budget-get': route({
      schema: { tags, description: 'One budget; 404 budget_not_found.', params: budgetIdParams, response: { 200: okBudget } },
      handler: async (req) => ({ ok: true, budget: await store.get(req.params.id) }),
    }),
    'budget-update': route({
      schema: {
        tags,
        description: 'Replaces the limits (omitted ones are cleared; scope and period stay). Raising a limit lets refused calls through again at once, and resumes scheduled jobs it paused.',
        params: budgetIdParams,
        body: budgetUpdateBody,
        response: { 200: okBudget },
      },
      handler: async (req) => ({ ok: true, budget: await told(await store.update(req.params.id, req.body as Omit<BudgetInput, 'scope' | 'scopeId' | 'period'>), 'updated') }),
    }),
    'budget-delete': route({
      schema: { tags, description: 'Deletes a budget and its windows.', params: budgetIdParams, response: { 200: okBudget } },
      handler: async (req) => ({ ok: true, budget: await told(await store.remove(req.params.id), 'deleted') }),
    }),
  };
}
