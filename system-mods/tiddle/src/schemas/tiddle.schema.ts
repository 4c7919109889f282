/**
 * Request and response schemas of the Tiddle and promotion-candidate routes. A request failing
 * them is 400 `tiddle_request_invalid`.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MAX_CONTENT, MAX_TITLE } from '../services/candidates.js';
import { TIDDLE_DEFAULTS } from '../services/cards.js';

const agentId = { type: 'string', minLength: 1, maxLength: 64, description: 'The agent (required; 404 agent_not_found when unknown)' } as const;
const scope = { type: 'string', minLength: 1, maxLength: 200, description: 'A continuity scope (`default` for turns that named none, `*` for cross-scope syntheses)' } as const;
const limit = (fallback: number, max: number) => ({ type: 'integer', minimum: 1, maximum: max, default: fallback, description: `At most this many (default ${fallback}, at most ${max})` }) as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

export const agentQuery = { type: 'object', additionalProperties: false, required: ['agentId'], properties: { agentId } } as const;

const settingsFields = {
  cardRetentionDays: { type: 'integer', minimum: 1, maximum: 3650, description: `Cards older than this many days are removed; their history stays. Default ${TIDDLE_DEFAULTS.cardRetentionDays}.` },
  historyRetentionDays: { type: 'integer', minimum: 1, maximum: 3650, description: `History entries older than this many days are removed. Default ${TIDDLE_DEFAULTS.historyRetentionDays}.` },
  contextBudgetChars: {
    type: 'integer',
    minimum: 0,
    maximum: 20000,
    description: `The most characters of cards a chat turn's context gets (newest first; 0 adds none). Default ${TIDDLE_DEFAULTS.contextBudgetChars}.`,
  },
} as const;

export const settingsBody = { type: 'object', additionalProperties: false, minProperties: 1, properties: settingsFields } as const;

export const okSettings = {
  type: 'object',
  required: ['ok', 'agentId', 'tiddle'],
  properties: {
    ok: { type: 'boolean' },
    agentId: { type: 'string' },
    tiddle: { type: 'object', additionalProperties: false, required: Object.keys(settingsFields), properties: settingsFields },
  },
} as const;

export const cardsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId, scope: { ...scope, description: 'Only this scope (all scopes when absent)' }, limit: limit(50, 500) },
} as const;

const card = {
  type: 'object',
  required: ['id', 'agentId', 'seq', 'scope', 'kind', 'text', 'runId', 'sessionId', 'sourceCardIds', 'createdAt', 'curatedAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    seq: { type: 'integer', description: 'Per agent, in append order' },
    scope: { type: 'string' },
    kind: { type: 'string', enum: ['decision', 'question', 'task', 'merged', 'synthesis'] },
    text: { type: 'string' },
    runId: { type: ['string', 'null'], description: 'The chat run it came from (for merged cards: the merge run)' },
    sessionId: { type: ['string', 'null'] },
    sourceCardIds: { type: 'array', items: { type: 'string' }, description: 'For merged cards and syntheses: the cards they were made from' },
    createdAt: dateTime,
    curatedAt: { type: ['string', 'null'], format: 'date-time', description: 'When the memory curator reviewed it' },
  },
} as const;

export const okCards = {
  type: 'object',
  required: ['ok', 'agentId', 'cards', 'scopes', 'mergePaused'],
  properties: {
    ok: { type: 'boolean' },
    agentId: { type: 'string' },
    cards: { type: 'array', items: card, description: 'Newest first' },
    scopes: { type: 'array', items: { type: 'string' }, description: 'Every scope that has current cards' },
    mergePaused: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['reason', 'at'],
      properties: { reason: { type: 'string', description: 'The refusal of the merge run a budget stopped (`budget_exhausted: …`)' }, at: { type: 'string' } },
      description: "Set while a budget keeps the agent's merge pass paused (it is left out, nothing retried) until a budget that applies (global, or the agent's) changes",
    },
  },
} as const;

export const historyQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    cardId: { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'Only this card (it may have expired; 404 tiddle_card_not_found when it has no history)' },
    since: { ...dateTime, description: 'Only entries at or after this time' },
    limit: limit(100, 1000),
  },
} as const;

export const okHistory = {
  type: 'object',
  required: ['ok', 'agentId', 'history'],
  properties: {
    ok: { type: 'boolean' },
    agentId: { type: 'string' },
    history: {
      type: 'array',
      description: 'Newest first',
      items: {
        type: 'object',
        required: ['id', 'cardId', 'event', 'scope', 'kind', 'text', 'runId', 'at'],
        properties: {
          id: { type: 'integer' },
          cardId: { type: 'string' },
          event: { type: 'string', enum: ['appended', 'merged', 'expired'] },
          scope: { type: 'string' },
          kind: { type: 'string' },
          text: { type: 'string' },
          runId: { type: ['string', 'null'] },
          at: dateTime,
        },
      },
    },
  },
} as const;

export const candidatesQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId, status: { type: 'string', enum: ['pending', 'accepted', 'rejected'] }, limit: limit(50, 500) },
} as const;

const provenance = {
  type: 'object',
  properties: {
    runIds: { type: 'array', items: { type: 'string' } },
    messages: { type: 'array', items: { type: 'object', properties: { sessionId: { type: 'string' }, seq: { type: 'integer' } } } },
    cardIds: { type: 'array', items: { type: 'string' } },
    dreamCycleId: { type: 'string' },
    derivedFrom: { type: 'array', items: { type: 'string' }, description: "An agent's held Brain write: the tools whose output it may stem from" },
    sourceRefs: { type: 'array', items: { type: 'string' }, description: "An agent's held Brain write: the references it cited" },
    toolCalls: {
      type: 'array',
      description: "An agent's held Brain write: the model's tool call it came from; its source message is the assistant message of runId in sessionId whose toolCalls carry toolCallId",
      items: { type: 'object', required: ['runId', 'sessionId'], properties: { runId: { type: 'string' }, sessionId: { type: 'string' }, toolCallId: { type: 'string' } } },
    },
  },
} as const;

const candidate = {
  type: 'object',
  required: ['id', 'agentId', 'title', 'content', 'source', 'provenance', 'status', 'contentHash', 'brainRecordId', 'target', 'createdAt', 'decidedAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string' },
    source: { type: 'string', enum: ['tiddle', 'dream', 'curator', 'agent'], description: 'agent: an agent tool write held for review (memory curator settings, reviewAgentBrainWrites)' },
    provenance,
    status: { type: 'string', enum: ['pending', 'accepted', 'rejected'] },
    contentHash: { type: 'string', description: 'sha256 of the proposed title and content; one candidate per agent and hash' },
    brainRecordId: { type: ['string', 'null'], description: 'The Brain record accepting it created (or, with a target, replaced)' },
    target: {
      type: ['object', 'null'],
      required: ['brainRecordId', 'expectedRevision'],
      properties: { brainRecordId: { type: 'string' }, expectedRevision: { type: 'integer' } },
      description: "An agent's held update: accepting replaces this record at this revision (409 brain_revision_conflict_or_operator_authority when it has moved on) instead of creating one",
    },
    createdAt: dateTime,
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const okCandidates = {
  type: 'object',
  required: ['ok', 'agentId', 'candidates'],
  properties: { ok: { type: 'boolean' }, agentId: { type: 'string' }, candidates: { type: 'array', items: candidate, description: 'Newest first' } },
} as const;

export const decideBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'action'],
  properties: {
    id: { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'The candidate' },
    action: {
      type: 'string',
      enum: ['accept', 'reject', 'edit'],
      description: "`accept` creates the Brain record (with the title/content given here, else the candidate's); `edit` changes a pending candidate; `reject` closes it",
    },
    title: { type: 'string', minLength: 1, maxLength: MAX_TITLE },
    content: { type: 'string', minLength: 1, maxLength: MAX_CONTENT },
  },
} as const;

export const okCandidate = {
  type: 'object',
  required: ['ok', 'candidate'],
  properties: { ok: { type: 'boolean' }, candidate },
} as const;

export const curatorRunBody = {
  type: 'object',
  additionalProperties: false,
  properties: { agentId: { ...agentId, description: 'Only this agent (every agent when absent)' } },
} as const;

export const okCuratorRun = {
  type: 'object',
  required: ['ok', 'proposed'],
  properties: { ok: { type: 'boolean' }, proposed: { type: 'integer', description: 'Cards reviewed and proposed as candidates (an existing candidate with the same content is reused)' } },
} as const;
