/** Request and response schemas of the session operations: rename and archive, fork, purge and transcript export. */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { SESSION_ID_PATTERN } from './chat.schema.js';

const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'A registered agent' } as const;
const sessionId = { type: 'string', minLength: 1, maxLength: 200, pattern: SESSION_ID_PATTERN } as const;
/** Trimmed by the server; blank after trimming is refused. */
const title = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', description: '1–200 characters after trimming' } as const;

export const sessionRenameBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  /** The agent and at least one change: a title, an archived flag or both. */
  minProperties: 2,
  properties: {
    agentId,
    title,
    archived: { type: 'boolean', description: 'true archives the session (it leaves the default listing), false brings it back' },
  },
} as const;

export const sessionForkBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    newSessionId: { ...sessionId, description: 'The fork’s id; default `<sessionId>-fork-<random>`. An existing id is 409 chat_session_exists' },
    title: { ...title, description: 'Default: the source title with “(fork)”' },
    beforeSeq: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      description: 'Copy only the messages before this sequence number of the current generation (edit a question and ask again from there); default: all',
    },
  },
} as const;

export const sessionPurgeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'confirm'],
  properties: { agentId, confirm: { type: 'string', maxLength: 200, description: 'Must equal the session id (else 400 session_purge_confirmation_required)' } },
} as const;

export const sessionExportQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: { agentId, format: { type: 'string', enum: ['markdown', 'json'], default: 'markdown' } },
} as const;

const isoTime = { type: 'string', format: 'date-time' } as const;

export const forkOriginSchema = {
  type: ['object', 'null'],
  description: 'Where a fork came from: the source session, its generation and the copied sequence range',
  required: ['sessionId', 'generation', 'fromSeq', 'toSeq', 'forkedAt'],
  properties: { sessionId: { type: 'string' }, generation: { type: 'integer' }, fromSeq: { type: ['integer', 'null'] }, toSeq: { type: ['integer', 'null'] }, forkedAt: isoTime },
} as const;

export const sessionOriginSchema = {
  type: 'object',
  description:
    'The origin of the run that opened the session (`chat`, `dream`, `task`, `schedule`, `work-item`, `workbench`, `channel`, `forge`, `tiddle`, or another mod’s kind); `{kind: "chat"}` for a session no run opened',
  required: ['kind'],
  properties: { kind: { type: 'string' }, id: { type: 'string' } },
} as const;

export const sessionSchema = {
  type: 'object',
  required: ['agentId', 'sessionId', 'title', 'generation', 'archived', 'messageCount', 'createdAt', 'updatedAt', 'forkedFrom', 'origin'],
  properties: {
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    title: { type: 'string' },
    generation: { type: 'integer' },
    archived: { type: 'boolean' },
    messageCount: { type: 'integer' },
    createdAt: isoTime,
    updatedAt: isoTime,
    forkedFrom: forkOriginSchema,
    origin: sessionOriginSchema,
  },
} as const;

const tokenCount = { type: 'integer', minimum: 0 } as const;

/** What the transcript shows under an answer: the run's model, duration and token usage. */
export const runAnswerMetaSchema = {
  type: 'object',
  required: ['status', 'model', 'durationMs', 'usage'],
  properties: {
    status: { type: 'string', description: 'running, completed, failed, cancelled, superseded or interrupted' },
    model: {
      type: ['object', 'null'],
      required: ['connectionId', 'model'],
      properties: { connectionId: { type: 'string' }, model: { type: 'string' } },
      description: 'The connection and model the run called; null for a run without a model call (noCallModel, a slash command)',
    },
    durationMs: { type: ['integer', 'null'], minimum: 0, description: 'From admission (queue wait included) to the end; null while the run is running' },
    usage: {
      type: ['object', 'null'],
      required: ['inputTokens', 'outputTokens', 'reasoningTokens'],
      properties: { inputTokens: tokenCount, outputTokens: tokenCount, reasoningTokens: tokenCount },
      description: "Tokens of all the run's model calls as the provider reported them (0 when it reported none); null before the run ended",
    },
  },
} as const;

/** `GET /api/sessions/{sessionId}`. */
export const okSessionPage = {
  type: 'object',
  required: ['ok', 'session', 'messages', 'page', 'runs'],
  properties: {
    ok: { const: true },
    session: sessionSchema,
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'generation', 'runId', 'role', 'content', 'meta', 'createdAt'],
        properties: {
          seq: { type: 'integer' },
          generation: { type: 'integer' },
          runId: { type: 'string' },
          role: { enum: ['user', 'assistant', 'tool'] },
          content: { type: 'string' },
          meta: { type: 'object', additionalProperties: true },
          createdAt: isoTime,
        },
      },
    },
    page: { type: 'object', required: ['before'], properties: { before: { type: ['integer', 'null'], description: 'Pass as `before` for the older page; null at the start' } } },
    runs: {
      type: 'object',
      additionalProperties: runAnswerMetaSchema,
      description: 'By run id: the model, duration and usage of each run that wrote an assistant message of this page (runs of this session only; at most one entry per message of the page)',
    },
  },
} as const;

export const okSession = { type: 'object', required: ['ok', 'session'], properties: { ok: { const: true }, session: sessionSchema } } as const;

export const okFork = {
  type: 'object',
  required: ['ok', 'session', 'copied'],
  properties: { ok: { const: true }, session: sessionSchema, copied: { type: 'integer', description: 'Messages copied into the fork' } },
} as const;

export const okPurge = {
  type: 'object',
  required: ['ok', 'purged'],
  properties: {
    ok: { const: true },
    purged: {
      type: 'object',
      required: ['agentId', 'sessionId', 'messages', 'runs', 'steering', 'summaries', 'attachments'],
      properties: {
        agentId: { type: 'string' },
        sessionId: { type: 'string' },
        messages: { type: 'integer' },
        runs: { type: 'integer' },
        steering: { type: 'integer' },
        summaries: { type: 'integer' },
        attachments: { type: 'integer', description: 'Kept attachment files handed to the workspace mod for deletion' },
      },
    },
  },
} as const;

export const exportDownload = {
  type: 'string',
  description: 'The transcript as a download: `text/markdown; charset=utf-8` or `application/json` with `Content-Disposition: attachment`',
} as const;
