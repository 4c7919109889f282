/**
 * Request and response schemas of the Dream routes under `/api/agents/{agentId}/…`. A request
 * failing them is `400 dream_request_invalid` naming the part.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { CYCLE_STATUSES } from '../services/cycles.js';
import { DIARY_PHASES } from '../services/diary.js';

export const MAX_DIARY_ENTRY = 4000;
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day, YYYY-MM-DD (in the agent’s Dream time zone)' } as const;
const instant = { type: 'string', format: 'date-time', maxLength: 40, description: 'An ISO 8601 instant' } as const;
const phase = { type: 'string', enum: DIARY_PHASES, description: '`light`, `deep`, `rem` (written by cycles) or `note` (appended by the operator)' } as const;

export const agentParams = {
  type: 'object',
  required: ['agentId'],
  properties: { agentId: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

export const diaryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    date,
    phase,
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 30, description: 'At most this many entries, newest first' },
    format: { type: 'string', enum: ['json', 'markdown'], default: 'json', description: '`markdown` adds the entries as one markdown document' },
  },
} as const;

export const diaryBody = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: { type: 'string', minLength: 1, maxLength: MAX_DIARY_ENTRY, pattern: '\\S', description: 'The entry’s prose (not blank)' },
    phase: { ...phase, default: 'note' },
    date: { ...date, description: 'The day it belongs to; default today in the agent’s Dream time zone' },
  },
} as const;

export const consolidateBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 30, description: 'The latest this many diary entries' },
    generatedAt: { ...instant, description: 'The time the provenance says it was generated at (default now)' },
  },
} as const;

export const cyclesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 20, description: 'The newest this many receipts' } },
} as const;

export const cycleBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200, description: 'Transcript messages each phase reads at most' },
    generatedAt: { ...instant, description: 'The instant the phases’ windows end at (default now)' },
  },
} as const;

const entry = {
  type: 'object',
  required: ['id', 'agentId', 'date', 'phase', 'content', 'source', 'cycleId', 'createdAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    date: { type: 'string' },
    phase: { type: 'string' },
    content: { type: 'string' },
    source: { type: 'string', enum: ['dream', 'operator'] },
    cycleId: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
  },
} as const;

const citation = { type: 'object', properties: { sessionId: { type: 'string' }, seq: { type: 'integer' } } } as const;

const phaseReceipt = {
  type: 'object',
  properties: {
    phase: { type: 'string' },
    status: { type: 'string', enum: ['completed', 'skipped', 'failed'] },
    runIds: { type: 'array', items: { type: 'string' } },
    messagesRead: { type: 'integer' },
    diaryEntryId: { type: ['string', 'null'] },
    words: { type: 'integer' },
    error: { type: ['string', 'null'] },
    items: {
      type: 'object',
      properties: {
        proposed: { type: 'integer' },
        repaired: { type: 'integer' },
        dropped: { type: 'integer' },
        truncated: { type: 'integer' },
        candidatesUnavailable: { type: 'boolean' },
        list: {
          type: 'array',
          items: {
            type: 'object',
            properties: { title: { type: 'string' }, citations: { type: 'array', items: citation }, repaired: { type: 'boolean' }, candidateId: { type: ['string', 'null'] } },
          },
        },
      },
    },
  },
} as const;

const cycle = {
  type: 'object',
  required: ['id', 'agentId', 'trigger', 'status', 'phases', 'startedAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    trigger: { type: 'string', enum: ['schedule', 'manual'] },
    occurrenceAt: { type: ['string', 'null'] },
    generatedAt: { type: 'string' },
    messageLimit: { type: 'integer' },
    status: { type: 'string', enum: CYCLE_STATUSES },
    phases: { type: 'array', items: phaseReceipt },
    error: { type: ['string', 'null'] },
    startedAt: { type: 'string' },
    endedAt: { type: ['string', 'null'] },
  },
} as const;

export const okDiary = {
  type: 'object',
  required: ['ok', 'entries'],
  properties: { ok: { type: 'boolean' }, entries: { type: 'array', items: entry }, markdown: { type: 'string' } },
} as const;

export const okEntry = { type: 'object', required: ['ok', 'entry'], properties: { ok: { type: 'boolean' }, entry } } as const;

export const okConsolidated = {
  type: 'object',
  required: ['ok', 'generatedAt', 'entries', 'markdown', 'status', 'revision'],
  properties: {
    ok: { type: 'boolean' },
    generatedAt: { type: 'string' },
    entries: { type: 'integer', description: 'Diary entries the model was shown' },
    markdown: { type: 'string', description: 'The new DREAM_MEMORY' },
    status: { type: 'string', enum: ['applied', 'pending'], description: '`applied`: it is the document now; `pending`: it waits for the operator (Dream settings `reviewMemory`)' },
    revision: {
      type: 'object',
      required: ['id', 'kind', 'status', 'source', 'provenance', 'createdAt'],
      description: 'The DREAM_MEMORY revision (agents mod: `GET`/`PATCH /api/agents/{agentId}/profile-documents/DREAM_MEMORY/revisions`)',
      properties: {
        id: { type: 'string' },
        agentId: { type: 'string' },
        kind: { type: 'string' },
        markdown: { type: 'string' },
        status: { type: 'string' },
        source: { type: 'string' },
        provenance: {
          type: 'object',
          additionalProperties: true,
          properties: {
            diaryEntryIds: { type: 'array', items: { type: 'string' } },
            cycleIds: { type: 'array', items: { type: 'string' } },
            runIds: { type: 'array', items: { type: 'string' } },
            days: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } },
            model: { type: 'object', properties: { connectionId: { type: 'string' }, model: { type: 'string' } } },
            generatedAt: { type: 'string' },
          },
        },
        createdAt: { type: 'string' },
        decidedAt: { type: ['string', 'null'] },
      },
    },
  },
} as const;

/** Why a budget paused the agent's Dreams; null while they are not paused. */
const paused = {
  type: ['object', 'null'],
  required: ['reason', 'cycleId', 'at'],
  description:
    "A budget refused a model call of the agent's Dream cycle: no scheduled cycle runs until a budget that applies (global, or the agent's) changes. `reason` is the refusal (`budget_exhausted: …`), `cycleId` the refused cycle.",
  properties: { reason: { type: 'string' }, cycleId: { type: ['string', 'null'] }, at: { type: 'string' } },
} as const;

export const okCycles = {
  type: 'object',
  required: ['ok', 'cycles', 'paused'],
  properties: { ok: { type: 'boolean' }, cycles: { type: 'array', items: cycle }, paused },
} as const;

export const okStarted = {
  type: 'object',
  required: ['ok', 'cycleId', 'cycle'],
  properties: { ok: { type: 'boolean' }, cycleId: { type: 'string' }, cycle },
} as const;
