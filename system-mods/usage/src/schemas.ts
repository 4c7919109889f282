/** Request and response schemas of the usage routes; they validate requests and feed the published contract. */
import { GROUP_BY } from './usage-store.js';

const id = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;

export const summaryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    groupBy: { enum: [...GROUP_BY], default: 'day', description: 'day: calendar days in the operator time zone' },
    agentId: id(64),
    sessionId: id(200),
    runId: id(100),
    scheduleId: id(100),
    modId: id(64),
    connectionId: id(64),
    model: id(300),
    source: id(64),
    from: { type: 'string', format: 'date-time', description: 'Calls at or after this instant' },
    to: { type: 'string', format: 'date-time', description: 'Calls before this instant' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'At most this many groups' },
  },
} as const;

const sums = {
  calls: { type: 'integer' },
  refusedCalls: { type: 'integer', description: 'Calls a budget refused before anything was sent' },
  unpricedCalls: { type: 'integer', description: 'Calls of a model without a price: their cost is unknown, not 0' },
  inputTokens: { type: 'integer' },
  outputTokens: { type: 'integer' },
  cachedTokens: { type: 'integer', description: 'The part of inputTokens served from the provider cache' },
  reasoningTokens: { type: 'integer' },
  cost: { type: 'number', description: "Sum of the priced calls' cost" },
  currencies: { type: 'array', items: { type: 'string' } },
} as const;
const sumsRequired = Object.keys(sums);

export const summaryResponse = {
  type: 'object',
  required: ['ok', 'groupBy', 'timezone', 'groups', 'totals'],
  properties: {
    ok: { const: true },
    groupBy: { enum: [...GROUP_BY] },
    timezone: { type: 'string' },
    groups: {
      type: 'array',
      items: { type: 'object', required: ['key', ...sumsRequired], properties: { key: { type: ['string', 'null'], description: 'The group value; null: calls without one (e.g. no agent)' }, ...sums } },
    },
    totals: { type: 'object', required: sumsRequired, properties: sums },
  },
} as const;

const budgetLimits = {
  maxTokens: { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000_000, description: 'Input + output tokens per window' },
  maxCost: { type: ['number', 'null'], minimum: 0, maximum: 1_000_000_000, description: 'Money per window, in currency' },
  currency: { type: ['string', 'null'], pattern: '^[A-Z]{3}$', description: 'ISO 4217 code; required with maxCost' },
  allowUnpriced: { type: 'boolean', description: 'Under maxCost, let calls of models without a price through (counted in tokens only); default false: they are refused' },
  nearRatio: { type: 'number', minimum: 0.01, maximum: 1, description: 'The part of a limit from which the state is near (default 0.8)' },
} as const;

export const budgetCreateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['scope', 'period'],
  properties: {
    scope: { enum: ['global', 'agent', 'schedule', 'mod'] },
    scopeId: { type: ['string', 'null'], minLength: 1, maxLength: 100, description: 'The agent, schedule or mod id; none for global' },
    period: { enum: ['run', 'day', 'month'], description: 'day and month in the operator time zone' },
    ...budgetLimits,
  },
} as const;

export const budgetUpdateBody = { type: 'object', additionalProperties: false, properties: budgetLimits } as const;

export const budgetIdParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

const stateEnum = { enum: ['ok', 'near', 'exhausted'] } as const;
export const budgetSchema = {
  type: 'object',
  required: ['id', 'scope', 'scopeId', 'period', 'maxTokens', 'maxCost', 'currency', 'allowUnpriced', 'nearRatio', 'current', 'state', 'reason', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    scope: { enum: ['global', 'agent', 'schedule', 'mod'] },
    scopeId: { type: ['string', 'null'] },
    period: { enum: ['run', 'day', 'month'] },
    maxTokens: { type: ['integer', 'null'] },
    maxCost: { type: ['number', 'null'] },
    currency: { type: ['string', 'null'] },
    allowUnpriced: { type: 'boolean' },
    nearRatio: { type: 'number' },
    current: {
      type: ['object', 'null'],
      description: 'The current window (today, this month); null for run budgets',
      properties: {
        windowKey: { type: 'string' },
        spentTokens: { type: 'integer' },
        spentCost: { type: 'number' },
        reservedTokens: { type: 'integer', description: 'Held by calls in flight' },
        reservedCost: { type: 'number' },
        remainingTokens: { type: ['integer', 'null'] },
        remainingCost: { type: ['number', 'null'] },
      },
    },
    state: stateEnum,
    reason: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const okBudget = { type: 'object', required: ['ok', 'budget'], properties: { ok: { const: true }, budget: budgetSchema } } as const;
export const okBudgets = { type: 'object', required: ['ok', 'budgets'], properties: { ok: { const: true }, budgets: { type: 'array', items: budgetSchema } } } as const;
