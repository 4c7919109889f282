/**
 * Request and response schemas of the task board routes: they validate requests (400
 * `request_validation_failed` for a wrong type, a missing field, an oversized or unknown one)
 * and feed `/api/openapi.json`.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MAX_DESCRIPTION, MAX_LIMIT, DEFAULT_LIMIT, MAX_PROJECT_DESCRIPTION, MAX_PROJECT_NAME, MAX_TITLE, RUN_STATUSES, TASK_PRIORITIES, TASK_STATUSES } from '../services/vocabulary.js';

const entityId = { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 } as const;
const nonBlank = '\\S';
const status = { type: 'string', enum: TASK_STATUSES } as const;
const priority = { type: 'string', enum: TASK_PRIORITIES } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: entityId } } as const;

/** An empty JSON object (`{}`, or no body). */
export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

// ---------------------------------------------------------------------------------------------
// Projects

const projectName = { type: 'string', minLength: 1, maxLength: MAX_PROJECT_NAME, pattern: nonBlank, description: 'Not blank' } as const;
const projectDescription = { type: 'string', maxLength: MAX_PROJECT_DESCRIPTION } as const;

export const projectCreateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: projectName, description: { ...projectDescription, description: 'Default empty' } },
} as const;

export const projectUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name: projectName, description: projectDescription },
} as const;

export const projectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'taskCount', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    taskCount: { type: 'integer', minimum: 0 },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
} as const;

export const okProject = { type: 'object', required: ['ok', 'project'], properties: { ok: { const: true }, project: projectSchema } } as const;
export const okProjects = { type: 'object', required: ['ok', 'projects'], properties: { ok: { const: true }, projects: { type: 'array', items: projectSchema } } } as const;
export const okProjectDeleted = {
  type: 'object',
  required: ['ok', 'project', 'deletedTasks'],
  properties: { ok: { const: true }, project: projectSchema, deletedTasks: { type: 'integer', minimum: 0, description: 'Tasks deleted with the project' } },
} as const;

// ---------------------------------------------------------------------------------------------
// Tasks

const title = { type: 'string', minLength: 1, maxLength: MAX_TITLE, pattern: nonBlank, description: 'Not blank' } as const;
const description = { type: 'string', maxLength: MAX_DESCRIPTION } as const;
const assignedAgentId = { type: ['string', 'null'], pattern: ENTITY_ID_PATTERN, maxLength: 64, description: 'An existing agent; null unassigns' } as const;

export const taskCreateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['projectId', 'title'],
  properties: {
    projectId: { ...entityId, description: 'An existing project (else 400 task_board_project_unknown)' },
    title,
    description: { ...description, description: 'Default empty' },
    status: { ...status, description: 'Default backlog' },
    priority: { ...priority, description: 'Default normal' },
    assignedAgentId: { ...assignedAgentId, description: 'An existing agent (else 400 task_board_assignee_unknown); default none. Assigning does not run the task.' },
  },
} as const;

export const taskUpdateBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    projectId: { ...entityId, description: 'Moves the task to another existing project' },
    title,
    description,
    status: { ...status, description: 'Any status; refused with 409 task_already_running while a run is in flight' },
    priority,
    assignedAgentId,
  },
} as const;

export const tasksQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    projectId: entityId,
    status,
    priority,
    assignedAgentId: { type: 'string', pattern: ENTITY_ID_PATTERN, maxLength: 64 },
    limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
  },
} as const;

export const runSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['runId', 'taskId', 'agentId', 'sessionId', 'status', 'previousStatus', 'error', 'startedAt', 'endedAt'],
  properties: {
    runId: { type: 'string', description: 'The chat run: GET /api/traces/{runId}?agentId= shows its trace' },
    taskId: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    status: { type: 'string', enum: RUN_STATUSES },
    previousStatus: { ...status, description: 'The task status before the run; the task goes back to it when the run does not complete' },
    error: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
    startedAt: dateTime,
    endedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const taskSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'projectId', 'title', 'description', 'status', 'priority', 'assignedAgentId', 'activeRunId', 'lastRun', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    projectId: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    status,
    priority,
    assignedAgentId: { type: ['string', 'null'] },
    activeRunId: { type: ['string', 'null'], description: 'The run in flight, if any' },
    lastRun: { ...runSchema, type: ['object', 'null'], description: 'The newest run, in flight or ended' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
} as const;

export const okTask = { type: 'object', required: ['ok', 'task'], properties: { ok: { const: true }, task: taskSchema } } as const;
export const okTasks = { type: 'object', required: ['ok', 'tasks'], properties: { ok: { const: true }, tasks: { type: 'array', items: taskSchema } } } as const;
export const okRuns = { type: 'object', required: ['ok', 'runs'], properties: { ok: { const: true }, runs: { type: 'array', items: runSchema } } } as const;

export const okExecuted = {
  type: 'object',
  required: ['ok', 'runId', 'sessionId', 'task'],
  properties: {
    ok: { const: true },
    runId: { type: 'string' },
    sessionId: { type: 'string' },
    task: taskSchema,
  },
} as const;

export const okCancel = {
  type: 'object',
  required: ['ok', 'runId', 'cancelRequested'],
  properties: {
    ok: { const: true },
    runId: { type: 'string' },
    cancelRequested: { type: 'boolean', description: 'False when the run is not live on this server (it ended, or another replica runs it)' },
  },
} as const;

export const okStatuses = {
  type: 'object',
  required: ['ok', 'statuses'],
  properties: { ok: { const: true }, statuses: { type: 'array', items: status, description: 'Board order' } },
} as const;

export const okPriorities = {
  type: 'object',
  required: ['ok', 'priorities'],
  properties: { ok: { const: true }, priorities: { type: 'array', items: priority, description: 'Highest first' } },
} as const;
