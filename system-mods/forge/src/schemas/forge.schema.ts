/**
 * Request and response schemas of the Forge routes: they validate requests (a failure is
 * `400 forge_request_invalid` through the bindings' `validationError`), shape the answers and
 * feed the published contract.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MAX_CONNECTION_ID, MAX_IDEMPOTENCY_KEY, MAX_MODEL_ID, MAX_PAGE, MAX_PROMPT } from '../services/limits.js';

export const JOB_ID_PATTERN = '^[0-9a-fA-F-]{36}$';
export const ARTIFACT_ID_PATTERN = '^[a-z]+-[0-9]{1,3}$';
/** A session id as the chat mod accepts it. */
const SESSION_ID_PATTERN = '^[^\\u0000-\\u001f\\u007f]{1,200}$';
const NONBLANK = '\\S';

const mode = { type: 'string', enum: ['image', 'video', 'speech', 'music'] } as const;
const connectionId = { type: 'string', minLength: 1, maxLength: MAX_CONNECTION_ID, pattern: NONBLANK } as const;
const modelId = { type: 'string', minLength: 1, maxLength: MAX_MODEL_ID, pattern: NONBLANK } as const;
const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

// ------------------------------------------------------------------------------------------
// Requests

export const createJobBody = {
  type: 'object',
  additionalProperties: false,
  required: ['prompt', 'idempotencyKey'],
  description:
    'Exactly these five fields: `mode` alone (its saved selection), or connectionId and modelId together (optionally with a compatible mode). ' +
    '`attachments`, `sourceAttachments`, `options` and any other field are refused with 400 forge_request_invalid.',
  properties: {
    prompt: { type: 'string', minLength: 1, maxLength: MAX_PROMPT, pattern: NONBLANK },
    idempotencyKey: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY, pattern: NONBLANK, description: 'The same key with the same request replays (200); with another request it is 409' },
    mode,
    connectionId,
    modelId,
  },
} as const;

export const selectionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'connectionId', 'modelId'],
  properties: { mode, connectionId, modelId },
} as const;

export const attachBody = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId', 'sessionId', 'artifactId'],
  properties: {
    agentId: { type: 'string', pattern: ENTITY_ID_PATTERN },
    sessionId: { type: 'string', minLength: 1, maxLength: 200, pattern: SESSION_ID_PATTERN },
    artifactId: { type: 'string', maxLength: 64, pattern: ARTIFACT_ID_PATTERN },
  },
} as const;

export const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 50 },
    cursor: { type: 'string', maxLength: 200, description: 'nextCursor of the previous page, unchanged' },
  },
} as const;

export const jobParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: JOB_ID_PATTERN } },
} as const;

export const diagnosticsJobParams = {
  type: 'object',
  required: ['jobId'],
  properties: { jobId: { type: 'string', pattern: JOB_ID_PATTERN, description: '36 characters of hex digits and hyphens' } },
} as const;

export const artifactParams = {
  type: 'object',
  required: ['id', 'artifactId'],
  properties: { id: { type: 'string', pattern: JOB_ID_PATTERN }, artifactId: { type: 'string', maxLength: 64, pattern: ARTIFACT_ID_PATTERN } },
} as const;

export const artifactQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { download: { type: 'string', enum: ['0', '1'], description: '1: Content-Disposition attachment' } },
} as const;

// ------------------------------------------------------------------------------------------
// Responses

const status = {
  type: 'string',
  enum: ['queued', 'running', 'succeeded', 'failed'],
  description:
    'queued (waiting, or waiting for a retry after a retryable failure) → running → succeeded | failed. ' +
    'A retryable failure (rate limit, timeout, unreachable, 5xx, a restart) goes back to queued while attempts remain.',
} as const;

export const errorDetailsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'message', 'retryable', 'attempt'],
  description: 'The last failure: a stable code, a message of at most 500 characters that names no credential, the upstream HTTP status when there was one.',
  properties: {
    code: { type: 'string', maxLength: 64 },
    message: { type: 'string', maxLength: 500 },
    status: { type: 'integer' },
    retryable: { type: 'boolean' },
    attempt: { type: 'integer', minimum: 1 },
  },
} as const;

export const artifactSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'contentType', 'sizeBytes', 'sha256', 'storageReference', 'url', 'downloadUrl', 'createdAt'],
  properties: {
    id: { type: 'string' },
    kind: mode,
    contentType: { type: 'string', description: 'Chosen by the server from the bytes (never what the provider claimed)' },
    sizeBytes: { type: 'integer', minimum: 0 },
    sha256: { type: 'string' },
    storageReference: { type: 'string', description: 'Relative to the data dir: forge/<jobId>/<artifactId>.<ext>' },
    url: { type: 'string' },
    downloadUrl: { type: 'string' },
    createdAt: timestamp,
  },
} as const;

const attachmentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'artifactId', 'agentId', 'sessionId', 'messageSeq', 'attachedAt'],
  properties: {
    jobId: { type: 'string' },
    artifactId: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    messageSeq: { type: 'integer', description: 'The transcript message that shows the artifact' },
    attachedAt: timestamp,
  },
} as const;

export const jobSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'idempotencyKey', 'prompt', 'mode', 'connectionId', 'modelId', 'providerId', 'status', 'progress', 'attempts', 'artifacts', 'attachments', 'createdAt', 'updatedAt', 'startedAt', 'finishedAt'],
  properties: {
    id: { type: 'string' },
    idempotencyKey: { type: 'string' },
    prompt: { type: 'string' },
    mode,
    connectionId: { type: 'string' },
    modelId: { type: 'string' },
    providerId: { type: 'string', description: 'The media provider adapter that serves the job' },
    status,
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    attempts: { type: 'integer', minimum: 0 },
    errorDetails: errorDetailsSchema,
    artifacts: { type: 'array', items: artifactSchema },
    attachments: { type: 'array', items: attachmentSchema },
    createdAt: timestamp,
    updatedAt: timestamp,
    startedAt: nullableTimestamp,
    finishedAt: nullableTimestamp,
  },
} as const;

export const okJob = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'job', 'replayed'],
  properties: { ok: { const: true }, job: jobSchema, replayed: { type: 'boolean', description: 'true when an earlier post with the same key and request made the job' } },
} as const;

export const okJobDetail = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'job'],
  properties: { ok: { const: true }, job: jobSchema },
} as const;

export const okJobPage = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'jobs', 'nextCursor'],
  properties: { ok: { const: true }, jobs: { type: 'array', items: jobSchema }, nextCursor: { type: ['string', 'null'] } },
} as const;

export const okAttachment = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'attachment', 'replayed'],
  properties: { ok: { const: true }, attachment: attachmentSchema, replayed: { type: 'boolean' } },
} as const;

const selectionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'connectionId', 'modelId', 'eligible', 'updatedAt'],
  properties: {
    mode,
    connectionId: { type: 'string' },
    modelId: { type: 'string' },
    eligible: { type: 'boolean', description: 'Still offered by the catalog (a connection or model removed since makes it false)' },
    updatedAt: timestamp,
  },
} as const;

export const okSelections = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'selections'],
  properties: { ok: { const: true }, selections: { type: 'array', items: selectionSchema } },
} as const;

export const okSelection = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'selection'],
  properties: { ok: { const: true }, selection: selectionSchema },
} as const;

export const okCatalog = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'modes', 'maxArtifactBytes'],
  properties: {
    ok: { const: true },
    maxArtifactBytes: { type: 'integer', description: 'The largest artifact a job keeps; a larger provider answer fails the job (forge_artifact_too_large)' },
    modes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['mode', 'available', 'connections'],
        properties: {
          mode,
          available: { type: 'boolean', description: 'At least one connection has an eligible model for this mode' },
          reason: { type: 'string', description: 'Only when unavailable: why, in words for the operator (music: no provider with a music generation API)' },
          connections: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['connectionId', 'provider', 'apiType', 'models'],
              properties: {
                connectionId: { type: 'string' },
                provider: { type: 'string' },
                apiType: { type: 'string' },
                models: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['id', 'providerId'],
                    properties: { id: { type: 'string' }, providerId: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

const diagnosticsJobSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'mode',
    'status',
    'progress',
    'attempts',
    'connectionId',
    'modelId',
    'providerId',
    'promptChars',
    'artifactCount',
    'artifactBytes',
    'errorCode',
    'errorStatus',
    'createdAt',
    'updatedAt',
    'startedAt',
    'finishedAt',
  ],
  description: 'No prompt (its length only), no idempotency key, no credential, no output bytes, no provider answer.',
  properties: {
    id: { type: 'string' },
    mode,
    status,
    progress: { type: 'integer' },
    attempts: { type: 'integer' },
    connectionId: { type: 'string' },
    modelId: { type: 'string' },
    providerId: { type: 'string' },
    promptChars: { type: 'integer' },
    artifactCount: { type: 'integer' },
    artifactBytes: { type: 'integer' },
    errorCode: { type: ['string', 'null'] },
    errorStatus: { type: ['integer', 'null'] },
    createdAt: timestamp,
    updatedAt: timestamp,
    startedAt: nullableTimestamp,
    finishedAt: nullableTimestamp,
  },
} as const;

export const okDiagnosticsPage = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'jobs', 'nextCursor'],
  properties: { ok: { const: true }, jobs: { type: 'array', items: diagnosticsJobSchema }, nextCursor: { type: ['string', 'null'] } },
} as const;

export const okDiagnosticsJob = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'job'],
  properties: { ok: { const: true }, job: diagnosticsJobSchema },
} as const;
