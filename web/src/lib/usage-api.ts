/** The usage mod's routes as the usage page reads them (`GET /api/usage`, `/api/settings/budgets…`). */
import { call, type ApiBody, type ApiResult } from './api';

export type UsageSummary = ApiBody<'usage.summary'>;
export type UsageGroup = UsageSummary['groups'][number];
export type UsageTotals = UsageSummary['totals'];
export type GroupBy = UsageSummary['groupBy'];
export type Budget = ApiBody<'usage.budgets-list'>['budgets'][number];
export type BudgetScope = Budget['scope'];
export type BudgetPeriod = Budget['period'];

export interface BudgetLimits {
  maxTokens?: number;
  maxCost?: number;
  currency?: string;
  allowUnpriced?: boolean;
  nearRatio?: number;
}
export interface BudgetInput extends BudgetLimits {
  scope: BudgetScope;
  scopeId?: string;
  period: BudgetPeriod;
}

const budgetPath = (id: string) => `/api/settings/budgets/${encodeURIComponent(id)}`;

export const usageApi = {
  summary: (groupBy: GroupBy, filter: { from?: string; to?: string; limit?: number } = {}): Promise<ApiResult<UsageSummary>> => {
    const query = new URLSearchParams({ groupBy });
    for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, String(value));
    return call('GET', `/api/usage?${query}`);
  },
  budgets: (): Promise<ApiResult<{ budgets: Budget[] }>> => call('GET', '/api/settings/budgets'),
  createBudget: (input: BudgetInput): Promise<ApiResult<{ budget: Budget }>> => call('POST', '/api/settings/budgets', input),
  updateBudget: (id: string, limits: BudgetLimits): Promise<ApiResult<{ budget: Budget }>> => call('PUT', budgetPath(id), limits),
  deleteBudget: (id: string): Promise<ApiResult<{ budget: Budget }>> => call('DELETE', budgetPath(id)),
};
