/** Request and response schemas of the agents routes; they validate and feed the OpenAPI contract. */
import { AVATAR_SCHEMA, ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { PROFILE_DOCUMENT_KINDS } from '../contract.js';

export const agentIdParams = {
  type: 'object',
  required: ['agentId'],
  properties: { agentId: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

const avatar = AVATAR_SCHEMA;
const name = { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' } as const;

export const agentSchema = {
  type: 'object',
  required: ['id', 'name', 'enabled', 'identity', 'executionEnvironment', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    enabled: { type: 'boolean' },
    identity: { type: 'object', properties: { avatar } },
    executionEnvironment: { type: 'object' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const okAgent = { type: 'object', required: ['ok', 'agent'], properties: { ok: { const: true }, agent: agentSchema } } as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    id: { type: 'string', maxLength: 200, description: `Optional; must match ${ENTITY_ID_PATTERN}. Derived from the name when omitted.` },
    name,
    enabled: { type: 'boolean' },
    identity: { type: 'object', additionalProperties: false, properties: { avatar } },
  },
} as const;

export const executionEnvironmentSchema = {
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: { const: 'local' } } },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'providerId', 'targetId', 'workspaceRoot'],
      properties: {
        kind: { const: 'remote' },
        providerId: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64, description: 'The execution-gateway mod id' },
        targetId: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', description: 'The gateway target' },
        workspaceRoot: { type: 'string', minLength: 1, maxLength: 4096, description: 'Absolute path on the target' },
      },
    },
  ],
} as const;

export const patchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    enabled: { type: 'boolean' },
    identity: { type: 'object', additionalProperties: false, properties: { avatar } },
    executionEnvironment: { type: 'object' },
  },
} as const;

export const documentsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['documents'],
  properties: {
    documents: {
      type: 'array',
      description: `The complete set: exactly one of each kind (${PROFILE_DOCUMENT_KINDS.join(', ')}), markdown at most 48,000 characters`,
      items: { type: 'object', properties: { kind: { enum: [...PROFILE_DOCUMENT_KINDS] }, markdown: { type: 'string' } } },
    },
  },
} as const;

const selectionFields = {
  connectionId: { type: 'string', minLength: 1, maxLength: 200 },
  model: { type: 'string', minLength: 1, maxLength: 300 },
  reasoningEffort: { type: 'string', pattern: '^[a-z]+$', maxLength: 20, description: 'Default off; refused when the model does not advertise it' },
  temperature: { type: 'number', minimum: 0, maximum: 2, description: 'Omitted keeps the prior value, else 0.2' },
} as const;

export const selectionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['connectionId', 'model'],
  properties: selectionFields,
} as const;

export const archiveSelectionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['connectionId'],
  description: 'connectionId null clears the selection',
  properties: { ...selectionFields, connectionId: { type: ['string', 'null'], minLength: 1, maxLength: 200 } },
} as const;

export const mcpToolsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['tools'],
  properties: {
    tools: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['connectionId', 'toolName'],
        properties: { connectionId: { type: 'string', minLength: 1, maxLength: 200 }, toolName: { type: 'string', minLength: 1, maxLength: 200 } },
      },
    },
  },
} as const;

export const dreamBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    enabled: { type: 'boolean' },
    cron: { type: 'string', maxLength: 120, description: '5-field cron expression (default 0 4 * * *)' },
    timezone: { type: ['string', 'null'], maxLength: 64, description: 'IANA name, or null for the operator time zone' },
    prompt: { type: 'string', maxLength: 20_000 },
    modelConnectionId: { type: ['string', 'null'], maxLength: 200, description: 'Set together with model, or both null' },
    model: { type: ['string', 'null'], maxLength: 300 },
    reviewMemory: {
      type: 'boolean',
      description: 'True: a consolidated Dream memory waits for the operator to accept it before it replaces DREAM_MEMORY (default false: applied at once, the previous version restorable)',
    },
  },
} as const;

export const documentKindParams = {
  type: 'object',
  required: ['agentId', 'kind'],
  properties: { agentId: { type: 'string', pattern: ENTITY_ID_PATTERN }, kind: { type: 'string', enum: [...PROFILE_DOCUMENT_KINDS] } },
} as const;

export const revisionsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 30, description: 'The newest this many revisions' } },
} as const;

export const revisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'action'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 20, description: 'The revision' },
    action: { type: 'string', enum: ['accept', 'reject', 'restore'], description: '`accept` or `reject` a pending revision; `restore` an applied (earlier) one' },
  },
} as const;

const revision = {
  type: 'object',
  required: ['id', 'agentId', 'kind', 'markdown', 'status', 'source', 'provenance', 'createdAt', 'decidedAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    kind: { type: 'string', enum: [...PROFILE_DOCUMENT_KINDS] },
    markdown: { type: 'string' },
    status: { type: 'string', enum: ['applied', 'pending', 'rejected', 'superseded'] },
    source: { type: 'string', description: '`operator`, `import`, `dream`, `restore` or `earlier` (written before revisions were kept)' },
    provenance: { type: 'object', additionalProperties: true, description: 'For `dream`: diaryEntryIds, cycleIds, runIds, model, generatedAt; for `restore`: restoredFrom' },
    createdAt: { type: 'string', format: 'date-time' },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const okRevisions = {
  type: 'object',
  required: ['ok', 'kind', 'markdown', 'revisions'],
  properties: {
    ok: { const: true },
    kind: { type: 'string' },
    markdown: { type: ['string', 'null'], description: 'The document now; null when the agent has none of this kind' },
    revisions: { type: 'array', items: revision, description: 'Newest first, pending ones included' },
  },
} as const;

export const okRevisionDecided = {
  type: 'object',
  required: ['ok', 'revision', 'markdown'],
  properties: { ok: { const: true }, revision, markdown: { type: ['string', 'null'], description: 'The document after the decision' } },
} as const;

export const overviewBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    agentIds: { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', pattern: ENTITY_ID_PATTERN } },
    includeDisabled: { type: 'boolean' },
  },
} as const;
