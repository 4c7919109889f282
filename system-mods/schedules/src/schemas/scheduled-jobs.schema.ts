/**
 * Request and response schemas of `/api/scheduled-jobs`: they validate requests (a failure is
 * `400 scheduled_job_invalid` naming the part) and feed the published contract. The cron
 * expression and the time zone are checked by the service, so their refusals carry their own
 * codes (`scheduled_job_cron_invalid` with `field`, `scheduled_job_timezone_invalid`).
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MAX_CRON_LENGTH } from '../services/cron.js';

export const MAX_NAME = 200;
export const MAX_PROMPT = 20_000;
export const NEXT_OCCURRENCES = 5;
export const RUN_STATUSES = ['running', 'completed', 'failed', 'cancelled', 'skipped', 'missed', 'interrupted'] as const;

const name = { type: 'string', minLength: 1, maxLength: MAX_NAME, description: 'Shown in the UI; not blank' } as const;
const prompt = { type: 'string', minLength: 1, maxLength: MAX_PROMPT, description: 'The message the agent receives at each run; not blank' } as const;
const cron = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_CRON_LENGTH,
  description:
    '5 fields: minute hour day-of-month month weekday (`*`, numbers, `a-b`, `*/n`, `a-b/n`, lists; JAN-DEC, SUN-SAT; 7 is Sunday). ' +
    'Every field must match, day-of-month and weekday together. Invalid: 400 scheduled_job_cron_invalid with `field`.',
} as const;
const timezone = {
  type: ['string', 'null'],
  maxLength: 100,
  description: 'An IANA zone kept by the job, or null to follow the operator time zone (PUT /api/settings/timezone), also when it changes later',
} as const;
const sessionId = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]{1,200}$', description: 'The chat session runs go to (default `default`)' } as const;
const enabled = { type: 'boolean', description: 'Disabled jobs have no next occurrence; they can still be triggered' } as const;

export const jobIdParams = {
  type: 'object',
  required: ['jobId'],
  properties: { jobId: { type: 'string', maxLength: 64 } },
} as const;

export const listQuery = {
  type: 'object',
  properties: {
    agentId: { type: 'string', maxLength: 64, description: 'Only this agent’s jobs' },
    enabled: { type: 'string', enum: ['true', 'false'], description: 'Only enabled (true) or disabled (false) jobs' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500, description: 'At most this many jobs, oldest first' },
  },
} as const;

export const runsQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'The newest this many runs' },
    status: { type: 'string', enum: RUN_STATUSES, description: 'Only runs with this status' },
  },
} as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'name', 'prompt', 'cron'],
  properties: {
    id: { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'Optional id (lower-case letters, digits, - and _); generated when absent. A used id is 409 scheduled_job_exists.' },
    agentId: { type: 'string', minLength: 1, maxLength: 64, description: 'The owner agent (404 agent_not_found when unknown)' },
    name,
    prompt,
    cron,
    timezone: { ...timezone, default: null },
    sessionId,
    enabled: { ...enabled, default: true },
  },
} as const;

export const updateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description: 'The fields to change; the owner agent cannot change. A new cron, time zone or enabled state recomputes the next occurrence from now.',
  properties: { name, prompt, cron, timezone, sessionId, enabled },
} as const;

export const triggerBody = {
  type: 'object',
  additionalProperties: false,
  description: 'Empty: the run uses the job’s prompt and session.',
  properties: {},
} as const;

const isoTime = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const jobSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'agentId', 'sessionId', 'name', 'prompt', 'cron', 'timezone', 'effectiveTimezone', 'enabled', 'nextAt', 'nextOccurrences', 'paused', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    name: { type: 'string' },
    prompt: { type: 'string' },
    cron: { type: 'string', description: 'As stored (fields separated by single spaces)' },
    timezone: { type: ['string', 'null'], description: 'The job’s own zone, or null when it follows the operator’s' },
    effectiveTimezone: { type: 'string', description: 'The zone occurrences are computed in now' },
    enabled: { type: 'boolean' },
    nextAt: { ...nullableTime, description: 'The next occurrence (null while disabled)' },
    nextOccurrences: { type: 'array', maxItems: NEXT_OCCURRENCES, items: isoTime, description: `The next ${NEXT_OCCURRENCES} occurrences after now in the effective zone (empty while disabled)` },
    paused: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['reason', 'at'],
      properties: { reason: { type: 'string', description: 'The refusal of the run a budget stopped' }, at: isoTime },
      description: 'Set while a budget keeps the job from running (no occurrence runs or is retried); changing a budget that applies resumes it',
    },
    createdAt: isoTime,
    updatedAt: isoTime,
  },
} as const;

export const runSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'jobId', 'trigger', 'occurrenceAt', 'status', 'runId', 'startedAt', 'endedAt', 'error', 'createdAt'],
  properties: {
    id: { type: 'string', description: 'The record’s id' },
    jobId: { type: 'string' },
    trigger: { type: 'string', enum: ['schedule', 'manual'] },
    occurrenceAt: { ...nullableTime, description: 'The occurrence claimed (null for a manual trigger)' },
    status: {
      type: 'string',
      enum: RUN_STATUSES,
      description:
        '`running` → `completed` | `failed` | `cancelled` | `interrupted` (its process stopped); `skipped`: the previous run was still running; ' + '`missed`: not claimed within the grace period (the service was down)',
    },
    runId: { type: ['string', 'null'], description: 'The agent run (GET /api/traces/{runId}); null when skipped or missed' },
    startedAt: nullableTime,
    endedAt: nullableTime,
    error: { type: ['string', 'null'], description: 'Error code (and message) of a failed, cancelled or interrupted run' },
    createdAt: isoTime,
  },
} as const;

export const okJob = { type: 'object', additionalProperties: false, required: ['ok', 'job'], properties: { ok: { type: 'boolean', const: true }, job: jobSchema } } as const;
export const okJobs = { type: 'object', additionalProperties: false, required: ['ok', 'jobs'], properties: { ok: { type: 'boolean', const: true }, jobs: { type: 'array', items: jobSchema } } } as const;
export const okRuns = { type: 'object', additionalProperties: false, required: ['ok', 'runs'], properties: { ok: { type: 'boolean', const: true }, runs: { type: 'array', items: runSchema } } } as const;
export const okDeleted = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'deleted', 'id'],
  properties: { ok: { type: 'boolean', const: true }, deleted: { type: 'boolean', const: true }, id: { type: 'string' } },
} as const;
export const okTriggered = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'runId', 'run'],
  properties: { ok: { type: 'boolean', const: true }, runId: { type: 'string', description: 'The agent run started' }, run: runSchema },
} as const;
