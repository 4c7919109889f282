/** Request and response schemas of `/api/workbench` (plans) and `/api/workbench/run`. */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { instructions, itemSchema, title } from './work-items.schema.js';

export const MAX_REQUEST = 20_000;
export const MAX_PLAN_STEPS = 20;

const agentId = { type: 'string', minLength: 1, maxLength: 64, description: 'The agent that plans and runs (an unknown agent is 404 agent_not_found)' } as const;

export const planBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'request'],
  properties: {
    agentId,
    request: { type: 'string', minLength: 1, maxLength: MAX_REQUEST, pattern: '\\S', description: 'What should be done' },
    maxSteps: { type: 'integer', minimum: 1, maximum: MAX_PLAN_STEPS, description: 'At most this many steps (default 8); a longer answer is cut' },
  },
} as const;

const planStep = { type: 'object', additionalProperties: false, required: ['title'], properties: { title, instructions } } as const;

export const runBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'planId'],
  properties: {
    agentId,
    planId: { type: 'string', pattern: ENTITY_ID_PATTERN },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PLAN_STEPS,
      items: planStep,
      description: 'The accepted steps, edited by the operator; default the plan’s own',
    },
    start: { type: 'boolean', description: 'Start the first item’s first step now (default true)' },
  },
} as const;

const planStepOut = { type: 'object', required: ['title', 'instructions'], properties: { title: { type: 'string' }, instructions: { type: 'string' } } } as const;

export const planSchema = {
  type: 'object',
  required: ['id', 'agentId', 'request', 'status', 'steps', 'runId', 'answer', 'error', 'itemIds', 'createdAt', 'runAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    request: { type: 'string' },
    status: { enum: ['proposed', 'invalid', 'failed', 'run'], description: 'proposed (ready to run), invalid (the answer held no steps), failed (the run did not complete), run' },
    steps: { type: 'array', items: planStepOut },
    runId: { type: ['string', 'null'], description: 'The planning run' },
    answer: { type: ['string', 'null'], description: 'The model’s answer as given' },
    error: { type: ['object', 'null'], required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
    itemIds: { type: ['array', 'null'], items: { type: 'string' }, description: 'The work items made when it was run' },
    createdAt: { type: 'string', format: 'date-time' },
    runAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const okPlan = { type: 'object', required: ['ok', 'plan'], properties: { ok: { const: true }, plan: planSchema } } as const;

export const okPlanRun = {
  type: 'object',
  required: ['ok', 'plan', 'items', 'started'],
  properties: {
    ok: { const: true },
    plan: planSchema,
    items: { type: 'array', items: itemSchema, description: 'In plan order' },
    started: {
      type: ['object', 'null'],
      required: ['itemId', 'stage', 'seq'],
      properties: { itemId: { type: 'string' }, stage: { type: 'string' }, seq: { type: 'integer' } },
      description: 'The step started in the background (the first item’s inspect stage), or null with start: false',
    },
  },
} as const;
