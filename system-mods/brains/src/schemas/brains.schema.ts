/**
 * Request and response schemas of the Brains routes and tools; they validate and feed the
 * published contract. Shapes, types and sizes are checked here (`400 brain_record_invalid` on
 * the routes, through the binding's `validationError`);
 * what the spec names `brain_*` (blank title or content, sourceRefs entries, expectedRevision,
 * limit, cursor) is checked by the record rules, so those answers carry their own codes.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MAX_CONTENT, MAX_QUERY, MAX_SOURCE_REFS, MAX_TITLE } from '../services/record-rules.js';

const agentId = { type: 'string', maxLength: 64, description: 'The agent whose Brain this is (required on every request; it overrides an agentId in the body)' } as const;

export const agentQuery = {
  type: 'object',
  required: ['agentId'],
  properties: { agentId },
} as const;

export const listQuery = {
  type: 'object',
  required: ['agentId'],
  properties: {
    agentId,
    query: { type: 'string', maxLength: MAX_QUERY, description: 'Case-insensitive substring of the title or the content' },
    limit: { type: 'string', maxLength: 40, description: 'A positive safe integer (default 50, no ceiling); otherwise 400 brain_limit_invalid' },
    cursor: { type: 'string', maxLength: 4096, description: 'nextCursor of the previous page, unchanged; anything else is 400 brain_cursor_invalid' },
  },
} as const;

export const recordIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

const title = { type: 'string', maxLength: MAX_TITLE, description: 'Not blank (400 brain_title_required)' } as const;
const content = { type: 'string', maxLength: MAX_CONTENT, description: 'Not blank (400 brain_content_required)' } as const;
const sourceRefs = {
  type: 'array',
  maxItems: MAX_SOURCE_REFS,
  description: 'Non-blank strings of at most 2,000 characters (400 brain_source_refs_invalid otherwise); omitted means none',
} as const;
const expectedRevision = { type: 'number', description: 'The revision the change is based on: a positive integer (400 brain_expected_revision_invalid otherwise)' } as const;
const bodyAgentId = { type: 'string', maxLength: 200, description: 'Ignored: the agentId query parameter decides' } as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content'],
  properties: { title, content, sourceRefs, agentId: bodyAgentId },
} as const;

export const updateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'content', 'expectedRevision'],
  properties: { title, content, sourceRefs, expectedRevision, agentId: bodyAgentId },
} as const;

export const deleteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['expectedRevision'],
  properties: { expectedRevision, agentId: bodyAgentId },
} as const;

export const provenanceSchema = {
  type: ['object', 'null'],
  description:
    "Where an agent tool's write came from (null for the operator, an import or a promotion): the run and session, the model's tool call " +
    '(the assistant message of that run whose toolCalls carry toolCallId), and derivedFrom: the tools other than the Brains tools whose output the ' +
    'model had read earlier in that turn, and origin:<kind> when the run was started by something other than the operator (a group channel, a Dream…) ' +
    '(derived is true when there is any).',
  required: ['runId', 'sessionId', 'toolCallId', 'derived', 'derivedFrom'],
  properties: {
    runId: { type: 'string' },
    sessionId: { type: 'string' },
    toolCallId: { type: ['string', 'null'] },
    derived: { type: 'boolean' },
    derivedFrom: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const recordSchema = {
  type: 'object',
  required: ['id', 'agentId', 'title', 'content', 'sourceRefs', 'revision', 'operatorOwned', 'deleted', 'createdAt', 'updatedAt', 'deletedAt', 'provenance'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string' },
    sourceRefs: { type: 'array', items: { type: 'string' } },
    revision: { type: 'integer', minimum: 1 },
    operatorOwned: { type: 'boolean', description: 'Created, edited or deleted by the operator; agent tools cannot change it' },
    deleted: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    deletedAt: { type: ['string', 'null'], format: 'date-time' },
    provenance: { ...provenanceSchema, description: `The latest write's provenance. ${provenanceSchema.description}` },
  },
} as const;

/** A record answer: the record's fields at the top level, with `ok`. */
export const okRecord = {
  type: 'object',
  required: ['ok', ...recordSchema.required],
  properties: { ok: { const: true }, ...recordSchema.properties },
} as const;

export const okRecordPage = {
  type: 'object',
  required: ['ok', 'items', 'nextCursor'],
  properties: {
    ok: { const: true },
    items: { type: 'array', items: recordSchema },
    nextCursor: { type: ['string', 'null'], description: 'Pass as cursor for the next page; null on the last page' },
  },
} as const;

const revisionNumber = { type: 'integer', minimum: 1 } as const;

export const revisionsQuery = {
  type: 'object',
  required: ['agentId'],
  properties: {
    agentId,
    limit: { type: 'string', maxLength: 40, description: 'A positive integer, at most 500 are answered (default 50); otherwise 400 brain_limit_invalid' },
    before: { type: 'string', maxLength: 40, description: 'nextBefore of the previous page: only revisions below it (400 brain_revision_invalid unless a positive integer)' },
  },
} as const;

export const restoreBody = {
  type: 'object',
  additionalProperties: false,
  required: ['revision', 'expectedRevision'],
  properties: {
    revision: { type: 'number', description: 'The earlier revision whose title, content and sourceRefs come back (400 brain_revision_invalid unless a positive integer)' },
    expectedRevision,
    agentId: bodyAgentId,
  },
} as const;

export const revisionSchema = {
  type: 'object',
  required: ['revision', 'title', 'content', 'sourceRefs', 'operatorOwned', 'deleted', 'author', 'provenance', 'restoredFrom', 'createdAt'],
  properties: {
    revision: revisionNumber,
    title: { type: 'string' },
    content: { type: 'string' },
    sourceRefs: { type: 'array', items: { type: 'string' } },
    operatorOwned: { type: 'boolean' },
    deleted: { type: 'boolean', description: 'This revision deleted the record (a tombstone; it cannot be restored)' },
    author: { type: 'string', enum: ['operator', 'agent', 'import'], description: 'Who wrote it: the operator (routes, accepted promotions, restores), an agent tool, or an import' },
    provenance: provenanceSchema,
    restoredFrom: { type: ['integer', 'null'], description: 'The earlier revision this one restored' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const okRevisionPage = {
  type: 'object',
  required: ['ok', 'items', 'nextBefore'],
  properties: {
    ok: { const: true },
    items: { type: 'array', items: revisionSchema },
    nextBefore: { type: ['integer', 'null'], description: 'Pass as before for the next (older) page; null on the last page' },
  },
} as const;
