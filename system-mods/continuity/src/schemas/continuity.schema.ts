/**
 * Request and response schemas of the continuity-scope and handoff routes. A request failing
 * them is 400 `continuity_request_invalid`.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { BODY_MAX_CHARS, HANDOFF_TTL_DAYS, TITLE_MAX_CHARS } from '../services/handoffs.js';
import { SCOPE_MAX_CHARS, SCOPE_PATTERN } from '../services/scopes.js';

/** The chat mod's rule for session ids: free text of 1–200 characters without control characters. */
const SESSION_ID_PATTERN = '^[^\\u0000-\\u001f\\u007f]{1,200}$';

const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'A registered agent (404 agent_not_found when unknown)' } as const;
const sessionId = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: SESSION_ID_PATTERN,
  description: 'A chat session id of the agent; it need not have messages yet (a session about to start is a valid target)',
} as const;
const scope = { type: 'string', minLength: 1, maxLength: SCOPE_MAX_CHARS, pattern: SCOPE_PATTERN, description: 'A continuity scope, e.g. a project name: 1–200 characters, no control characters' } as const;
const nullableScope = { type: ['string', 'null'], description: 'The continuity scope (null: none)' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const sessionQuery = { type: 'object', additionalProperties: false, required: ['agentId', 'sessionId'], properties: { agentId, sessionId } } as const;

export const scopeBody = { type: 'object', additionalProperties: false, required: ['agentId', 'sessionId', 'scope'], properties: { agentId, sessionId, scope } } as const;

const scopeFields = {
  ok: { type: 'boolean' },
  agentId: { type: 'string' },
  sessionId: { type: 'string' },
  scope: nullableScope,
  boundAt: { ...nullableDateTime, description: 'When the session was bound to its scope (null: unbound)' },
} as const;

export const okScope = { type: 'object', required: Object.keys(scopeFields), properties: scopeFields } as const;

export const okScopeChange = {
  type: 'object',
  required: [...Object.keys(scopeFields), 'previousScope'],
  properties: { ...scopeFields, previousScope: { type: ['string', 'null'], description: 'The scope the session had before this request (null: none)' } },
} as const;

export const handoffBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'sessionId', 'title', 'body'],
  properties: {
    agentId,
    sessionId: { ...sessionId, description: 'The session the handoff is written from' },
    title: {
      type: 'string',
      minLength: 1,
      maxLength: TITLE_MAX_CHARS,
      pattern: '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$',
      description: `One line, nonblank, at most ${TITLE_MAX_CHARS} characters`,
    },
    body: { type: 'string', minLength: 1, maxLength: BODY_MAX_CHARS, pattern: '\\S', description: `Nonblank, at most ${BODY_MAX_CHARS} characters` },
    scope: {
      ...scope,
      description: "The continuity scope it is for. Omitted: the session's scope (none when the session is unbound). An unbound session is bound to it; a session bound to another scope is 409 continuity_scope_mismatch.",
    },
  },
} as const;

const handoff = {
  type: 'object',
  required: ['agentId', 'sessionId', 'scope', 'kind', 'title', 'body', 'createdAt', 'updatedAt', 'expiresAt'],
  properties: {
    agentId: { type: 'string' },
    sessionId: { type: 'string', description: 'The session it was written from' },
    scope: nullableScope,
    kind: { type: 'string', enum: ['explicit', 'candidate'], description: '`explicit`: written through POST /api/session/handoff; `candidate`: offered automatically' },
    title: { type: 'string' },
    body: { type: 'string' },
    createdAt: dateTime,
    updatedAt: { ...dateTime, description: 'The last write' },
    expiresAt: { ...dateTime, description: `${HANDOFF_TTL_DAYS} days after the last write; not shown after it` },
  },
} as const;

const nullableHandoff = (description: string) => ({ anyOf: [handoff, { type: 'null' }], description }) as const;

export const okHandoffs = {
  type: 'object',
  required: ['ok', 'agentId', 'sessionId', 'scope', 'written', 'received'],
  properties: {
    ok: { type: 'boolean' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    scope: { ...nullableScope, description: "The session's continuity scope (null: unbound); it decides which handoff the session receives" },
    written: nullableHandoff('The unexpired handoff written from this session (kind `candidate`: an automatic one is pending, no explicit one was written)'),
    received: nullableHandoff('The handoff this session receives: the newest unexpired one of the same agent and scope written from another session'),
  },
} as const;

export const okHandoffWrite = {
  type: 'object',
  required: ['ok', 'stored', 'replaced', 'handoff'],
  properties: {
    ok: { type: 'boolean' },
    stored: { const: true },
    replaced: { type: 'boolean', description: 'The session had an unexpired handoff (explicit or candidate) that this one replaced' },
    handoff,
  },
} as const;

export const okCandidate = {
  type: 'object',
  required: ['ok', 'stored', 'reason', 'handoff'],
  properties: {
    ok: { type: 'boolean' },
    stored: { type: 'boolean', description: 'Whether the candidate was stored' },
    reason: { type: ['string', 'null'], enum: ['explicit_handoff_exists', null], description: 'Why it was not stored (null when stored)' },
    handoff: { ...handoff, description: 'The stored candidate, or the explicit handoff that kept it out' },
  },
} as const;
