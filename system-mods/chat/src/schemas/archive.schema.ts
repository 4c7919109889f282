/** Request and response schemas of the session search and archive routes. */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { RUN_ID_PATTERN, SESSION_ID_PATTERN } from './chat.schema.js';
import { stopReport } from './stop-report.schema.js';

export const MAX_QUERY_CHARS = 200;

const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'A registered agent (404 agent_not_found otherwise)' } as const;
const sessionId = { type: 'string', minLength: 1, maxLength: 200, pattern: SESSION_ID_PATTERN } as const;
const cursor = { type: 'string', minLength: 1, maxLength: 4096, description: 'nextCursor of the previous page, with the same other parameters; anything else is 400 chat_cursor_invalid' } as const;
const timezone = { type: 'string', minLength: 1, maxLength: 64, description: 'IANA time zone of the days (default: the operator time zone); unknown: 400 chat_archive_timezone_invalid' } as const;
const date = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;
const role = { type: 'string', enum: ['user', 'assistant', 'tool'] } as const;
const nextCursor = { type: ['string', 'null'], description: 'Pass as cursor for the next page; null on the last page' } as const;

export const searchQuerystring = {
  type: 'object',
  additionalProperties: false,
  required: ['q'],
  properties: {
    q: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS, pattern: '\\S', description: 'Words to find (all of them, any order, case-insensitive, no stemming)' },
    agentId,
    sessionId: { ...sessionId, description: 'Only this session (needs agentId)' },
    scope: { type: 'string', enum: ['all', 'conversation'], default: 'all', description: '`conversation`: user and assistant messages only (no tool output)' },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    cursor,
  },
  dependencies: { sessionId: ['agentId'] },
} as const;

export const calendarQuerystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    agentId,
    timezone,
    from: { ...date, description: 'First day (default: the first day of the current month in the zone)' },
    to: { ...date, description: 'Last day, inclusive (default: the last day of from’s month); at most 366 days from from' },
  },
} as const;

export const dayQuerystring = {
  type: 'object',
  additionalProperties: false,
  required: ['day'],
  properties: { day: { ...date, description: 'The local day in the zone' }, timezone, agentId, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, cursor },
} as const;

export const archiveRunParams = { type: 'object', required: ['runId'], properties: { runId: { type: 'string', pattern: RUN_ID_PATTERN } } } as const;
export const archiveSessionParams = { type: 'object', required: ['sessionId'], properties: { sessionId } } as const;

export const archiveSessionQuerystring = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    after: { type: 'integer', minimum: 0, description: 'Messages with a sequence number above this (nextAfter of the previous page)' },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
} as const;

const highlight = { type: 'object', required: ['start', 'end'], properties: { start: { type: 'integer' }, end: { type: 'integer' } } } as const;

export const okSearch = {
  type: 'object',
  required: ['ok', 'results', 'nextCursor'],
  properties: {
    ok: { const: true },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['agentId', 'sessionId', 'runId', 'seq', 'generation', 'role', 'createdAt', 'phrase', 'rank', 'excerpt', 'excerptStart', 'contentLength', 'highlights'],
        properties: {
          agentId: { type: 'string' },
          sessionId: { type: 'string' },
          runId: { type: 'string' },
          seq: { type: 'integer' },
          generation: { type: 'integer' },
          role,
          createdAt: timestamp,
          phrase: { type: 'boolean', description: 'The message holds the query as an exact phrase (these come first)' },
          rank: { type: 'number' },
          excerpt: { type: 'string', maxLength: 240, description: 'Plain text around the match; render as text' },
          excerptStart: { type: 'integer', description: 'Offset of the excerpt in the message' },
          contentLength: { type: 'integer' },
          highlights: { type: 'array', items: highlight, description: 'Matched words: [start, end) offsets in excerpt (UTF-16 code units)' },
        },
      },
    },
    nextCursor,
  },
} as const;

const run = {
  type: 'object',
  required: ['runId', 'agentId', 'sessionId', 'status', 'complete', 'generation', 'origin', 'error', 'startedAt', 'endedAt'],
  properties: {
    runId: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    status: { type: 'string', enum: ['running', 'completed', 'failed', 'cancelled', 'superseded', 'interrupted'] },
    complete: { type: 'boolean', description: 'False while the run has no terminal event (still running, or interrupted by a restart)' },
    generation: { type: 'integer' },
    origin: { type: 'object' },
    error: { type: ['object', 'null'] },
    startedAt: timestamp,
    endedAt: nullableTimestamp,
  },
} as const;

const message = {
  type: 'object',
  required: ['seq', 'generation', 'runId', 'role', 'content', 'meta', 'createdAt'],
  properties: { seq: { type: 'integer' }, generation: { type: 'integer' }, runId: { type: 'string' }, role, content: { type: 'string' }, meta: { type: 'object' }, createdAt: timestamp },
} as const;

const session = {
  type: 'object',
  required: ['agentId', 'sessionId', 'title', 'generation', 'archived', 'messageCount', 'createdAt', 'updatedAt'],
  properties: {
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    title: { type: 'string' },
    generation: { type: 'integer' },
    archived: { type: 'boolean' },
    messageCount: { type: 'integer' },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
} as const;

export const okCalendar = {
  type: 'object',
  required: ['ok', 'timezone', 'from', 'to', 'days'],
  properties: {
    ok: { const: true },
    timezone: { type: 'string' },
    from: date,
    to: date,
    days: {
      type: 'array',
      items: { type: 'object', required: ['day', 'runs', 'sessions', 'messages'], properties: { day: date, runs: { type: 'integer' }, sessions: { type: 'integer' }, messages: { type: 'integer' } } },
    },
  },
} as const;

export const okRuns = {
  type: 'object',
  required: ['ok', 'day', 'timezone', 'runs', 'nextCursor'],
  properties: { ok: { const: true }, day: date, timezone: { type: 'string' }, runs: { type: 'array', items: run }, nextCursor },
} as const;

export const okRun = {
  type: 'object',
  required: ['ok', 'run', 'trace', 'messages'],
  properties: {
    ok: { const: true },
    run: {
      ...run,
      properties: {
        ...run.properties,
        request: { type: 'object' },
        response: { type: ['object', 'null'], additionalProperties: true, description: 'The terminal response; stopReport when the run did not complete', properties: { stopReport } },
      },
    },
    trace: {
      type: 'object',
      required: ['events', 'types', 'modelCalls', 'toolCalls', 'notices', 'durationMs', 'otelTraceId'],
      properties: {
        events: { type: 'integer' },
        types: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Trace events by type' },
        modelCalls: { type: 'integer' },
        toolCalls: { type: 'integer' },
        notices: { type: 'integer' },
        durationMs: { type: ['integer', 'null'] },
        otelTraceId: { type: ['string', 'null'], description: 'The OpenTelemetry trace id the run was exported under (32 hex characters); null while traces are off' },
      },
    },
    messages: { type: 'array', items: message },
  },
} as const;

export const okSessions = {
  type: 'object',
  required: ['ok', 'day', 'timezone', 'sessions', 'nextCursor'],
  properties: {
    ok: { const: true },
    day: date,
    timezone: { type: 'string' },
    sessions: {
      type: 'array',
      items: {
        ...session,
        required: [...session.required, 'day'],
        properties: {
          ...session.properties,
          day: {
            type: 'object',
            required: ['runs', 'messages', 'firstAt', 'lastAt'],
            description: 'Activity on the day: runs started, messages written, first and last of them',
            properties: { runs: { type: 'integer' }, messages: { type: 'integer' }, firstAt: timestamp, lastAt: timestamp },
          },
        },
      },
    },
    nextCursor,
  },
} as const;

export const okArchiveSession = {
  type: 'object',
  required: ['ok', 'session', 'runs', 'runsTruncated', 'messages', 'nextAfter'],
  properties: {
    ok: { const: true },
    session,
    runs: { type: 'array', items: run },
    runsTruncated: { type: 'boolean', description: 'The session has more runs than the 500 listed' },
    messages: { type: 'array', items: message },
    nextAfter: { type: ['integer', 'null'], description: 'Pass as after for the next page; null on the last page' },
  },
} as const;
