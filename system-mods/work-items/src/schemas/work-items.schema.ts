/**
 * Request and response schemas of `/api/tasks` (work items). They validate requests (a failure is
 * `400 work_item_request_invalid`) and are the published contract of the answers.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';

export const MAX_TITLE = 200;
export const MAX_INSTRUCTIONS = 20_000;
export const MAX_NOTE = 4_000;

const agentId = { type: 'string', minLength: 1, maxLength: 64, description: 'The agent the work item belongs to (required; an unknown agent is 404 agent_not_found)' } as const;
/** Not blank: at least one character that is not white space. */
const NONBLANK = '\\S';

export const agentQuery = { type: 'object', required: ['agentId'], properties: { agentId } } as const;

export const listQuery = {
  type: 'object',
  required: ['agentId'],
  properties: {
    agentId,
    archived: { type: 'boolean', default: false, description: 'true lists the archived items instead of the others' },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'Newest first' },
  },
} as const;

export const itemParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: ENTITY_ID_PATTERN } } } as const;

export const title = { type: 'string', minLength: 1, maxLength: MAX_TITLE, pattern: NONBLANK, description: 'Not blank' } as const;
export const instructions = { type: 'string', maxLength: MAX_INSTRUCTIONS, description: 'What the agent should do; sent with every step' } as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: { title, instructions },
} as const;

export const stepBody = {
  type: 'object',
  additionalProperties: false,
  properties: { note: { type: 'string', maxLength: MAX_NOTE, description: 'Added to this step’s prompt only' } },
} as const;

export const continueBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const archiveBody = {
  type: 'object',
  additionalProperties: false,
  properties: { archived: { type: 'boolean', default: true, description: 'false restores an archived item' } },
} as const;

const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

export const STEP_STATUSES = ['running', 'completed', 'failed', 'cancelled', 'superseded', 'interrupted'] as const;

export const stepSchema = {
  type: 'object',
  required: ['seq', 'stage', 'trigger', 'status', 'runId', 'sessionId', 'note', 'answer', 'error', 'startedAt', 'finishedAt', 'durationMs'],
  properties: {
    seq: { type: 'integer', minimum: 1, description: 'The step’s number on its item' },
    stage: { enum: ['inspect', 'propose', 'verify'] },
    trigger: { enum: ['step', 'continue', 'plan'], description: 'What started it: POST …/step, POST …/continue, or POST /api/workbench/run' },
    status: { enum: STEP_STATUSES, description: 'interrupted: the process running it stopped before the run finished' },
    runId: { type: ['string', 'null'], description: 'The agent run (GET /api/traces/{runId}); null when the run was refused before it started' },
    sessionId: { type: 'string', description: 'work-<item id>' },
    note: { type: ['string', 'null'] },
    answer: { type: ['string', 'null'], description: 'The run’s answer text (partial when it did not complete)' },
    error: {
      type: ['object', 'null'],
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
    startedAt: timestamp,
    finishedAt: nullableTimestamp,
    durationMs: { type: ['integer', 'null'] },
  },
} as const;

const itemProperties = {
  id: { type: 'string' },
  agentId: { type: 'string' },
  title: { type: 'string' },
  instructions: { type: 'string' },
  stage: { enum: ['inspect', 'propose', 'verify', 'done'], description: 'The stage the next step runs; done after verify completed' },
  status: {
    enum: ['ready', 'running', 'failed', 'interrupted', 'done'],
    description: 'failed / interrupted: the last step did not complete and the stage stays; step again to retry it',
  },
  archived: { type: 'boolean' },
  archivedAt: nullableTimestamp,
  planId: { type: ['string', 'null'], description: 'The workbench plan it came from' },
  planPosition: { type: ['integer', 'null'] },
  sessionId: { type: 'string', description: 'The chat session its runs use' },
  stepCount: { type: 'integer', minimum: 0 },
  lastStep: { anyOf: [{ type: 'null' }, stepSchema] },
  createdAt: timestamp,
  updatedAt: timestamp,
} as const;

const itemRequired = ['id', 'agentId', 'title', 'instructions', 'stage', 'status', 'archived', 'archivedAt', 'planId', 'planPosition', 'sessionId', 'stepCount', 'lastStep', 'createdAt', 'updatedAt'] as const;

export const itemSchema = { type: 'object', required: itemRequired, properties: itemProperties } as const;

export const itemDetailSchema = {
  type: 'object',
  required: [...itemRequired, 'steps'],
  properties: { ...itemProperties, steps: { type: 'array', items: stepSchema, description: 'Every step, oldest first' } },
} as const;

export const okItemList = {
  type: 'object',
  required: ['ok', 'items'],
  properties: { ok: { const: true }, items: { type: 'array', items: itemSchema } },
} as const;

export const okItem = { type: 'object', required: ['ok', 'item'], properties: { ok: { const: true }, item: itemDetailSchema } } as const;

export const stepOutcome = {
  type: 'object',
  required: ['ok', 'item', 'step'],
  description: 'ok is true when the step completed; otherwise error and message repeat the step’s error (the item keeps its stage)',
  properties: {
    ok: { type: 'boolean' },
    item: itemDetailSchema,
    step: stepSchema,
    error: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

export const okAccepted = {
  type: 'object',
  required: ['ok', 'accepted', 'item'],
  properties: { ok: { const: true }, accepted: { const: true }, item: itemDetailSchema },
} as const;
