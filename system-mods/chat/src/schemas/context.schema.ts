/** Request and response schemas of the context inspector routes (validation and `/api/openapi.json`). */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { SESSION_ID_PATTERN } from './chat.schema.js';

const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'A registered agent' } as const;
const sessionId = { type: 'string', minLength: 1, maxLength: 200, pattern: SESSION_ID_PATTERN, default: 'default', description: 'Default `default`' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

export const sessionContextQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId, sessionId },
} as const;

export const contextOverviewQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId },
} as const;

const statusProperties = {
  agentId: { type: 'string' },
  sessionId: { type: 'string' },
  generation: { type: 'integer', minimum: 0 },
  contextWindow: { type: 'integer', minimum: 1, description: "The agent's model's window, else the defaultContextWindow setting" },
  windowSource: { type: 'string', enum: ['model', 'default'] },
  tokens: { type: 'integer', minimum: 0, description: 'Estimated tokens of the context without the next message' },
  percent: { type: 'number', minimum: 0, description: 'tokens / contextWindow, in percent (one decimal)' },
  compactAtPercent: { type: 'integer' },
  threshold: { type: 'integer', minimum: 0, description: 'Tokens past which older turns are summarised' },
  messages: { type: 'integer', minimum: 0, description: 'Messages of the current generation' },
  summarised: { type: 'integer', minimum: 0, description: 'Of them, covered by the live summary' },
  kept: { type: 'integer', minimum: 0 },
  dropped: { type: 'integer', minimum: 0, description: 'Unsummarised messages that do not fit the window' },
  summaryVersion: { type: ['integer', 'null'] },
  compactionDue: { type: 'boolean', description: 'The next turn would summarise older turns before its model call' },
} as const;

const statusRequired = Object.keys(statusProperties);

export const contextStatusSchema = { type: 'object', additionalProperties: false, required: statusRequired, properties: statusProperties } as const;

const section = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'title', 'chars', 'tokens', 'text'],
  properties: {
    kind: { type: 'string', enum: ['agent', 'document', 'skills', 'contribution', 'workspace', 'summary', 'omitted'] },
    title: { type: 'string' },
    source: { type: 'string', description: 'The contributing mod (contribution sections)' },
    chars: { type: 'integer', minimum: 0 },
    tokens: { type: 'integer', minimum: 0 },
    text: { type: 'string' },
  },
} as const;

const keptMessage = {
  type: 'object',
  additionalProperties: false,
  required: ['role', 'content', 'tokens'],
  properties: {
    role: { type: 'string', enum: ['system', 'user', 'assistant', 'tool'] },
    content: { type: 'string', description: 'Text; images are counted in `images`, never returned' },
    images: { type: 'integer', minimum: 1 },
    toolCalls: { type: 'array', items: { type: 'object', required: ['id', 'name', 'arguments'], properties: { id: { type: 'string' }, name: { type: 'string' }, arguments: { type: 'string' } } } },
    toolCallId: { type: 'string' },
    tokens: { type: 'integer', minimum: 0 },
  },
} as const;

const summaryVersion = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'generation', 'coversThroughSeq', 'model', 'chars', 'createdAt', 'archivedAt'],
  properties: {
    version: { type: 'integer', minimum: 1 },
    generation: { type: 'integer', minimum: 0 },
    coversThroughSeq: { type: 'integer', minimum: 0 },
    model: { type: 'string' },
    chars: { type: 'integer', minimum: 0 },
    createdAt: dateTime,
    archivedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const okContext = {
  type: 'object',
  required: ['ok', 'context'],
  properties: {
    ok: { const: true },
    context: {
      type: 'object',
      additionalProperties: false,
      required: [...statusRequired, 'model', 'sections', 'summary', 'summaryVersions', 'keptMessages'],
      properties: {
        ...statusProperties,
        model: { type: ['object', 'null'], required: ['connectionId', 'model'], properties: { connectionId: { type: 'string' }, model: { type: 'string' } } },
        sections: { type: 'array', items: section, description: 'The system message, in order' },
        summary: {
          type: ['object', 'null'],
          required: ['version', 'coversThroughSeq', 'model', 'createdAt', 'chars', 'tokens', 'text'],
          properties: {
            version: { type: 'integer' },
            coversThroughSeq: { type: 'integer' },
            model: { type: 'string' },
            createdAt: dateTime,
            chars: { type: 'integer' },
            tokens: { type: 'integer' },
            text: { type: 'string' },
          },
        },
        summaryVersions: { type: 'array', items: summaryVersion, description: 'Every summary of the session, newest first; earlier ones archived' },
        keptMessages: { type: 'array', items: keptMessage, description: 'The history the next turn sends after the system message' },
      },
    },
  },
} as const;

export const okContextStatus = { type: 'object', required: ['ok', 'status'], properties: { ok: { const: true }, status: contextStatusSchema } } as const;

export const okContextOverview = {
  type: 'object',
  required: ['ok', 'agentId', 'sessions'],
  properties: { ok: { const: true }, agentId: { type: 'string' }, sessions: { type: 'array', items: contextStatusSchema, description: 'The 20 most recently updated sessions that are not archived' } },
} as const;
