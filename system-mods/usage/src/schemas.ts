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
