/**
 * Request and response schemas of the workspace routes; they validate requests (a failure is
 * `400 workspace_request_invalid`) and feed the published contract.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';

const agentId = { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'A registered agent (404 agent_not_found otherwise)' } as const;
const scope = {
  type: 'string',
  enum: ['agent', 'workspaces'],
  description: "`agent`: the agent's own folder <data dir>/workspaces/<agentId> (agentId required); `workspaces` (default): the whole workspaces folder, global/ and every agent's folder",
} as const;
const relPath = { type: 'string', minLength: 1, maxLength: 4096, description: "Relative to the scope's folder, `/`-separated; no `..` out of it, no absolute path" } as const;
const version = { type: 'string', minLength: 1, maxLength: 100, description: '`sha256:<hex>` of the content' } as const;

export const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { agentId, scope, path: { type: 'string', maxLength: 4096, description: "A folder to list (default the scope's folder)" } },
} as const;

export const fileQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: { agentId, scope, path: relPath },
} as const;

export const writeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'content'],
  properties: {
    path: relPath,
    // Bounded for the validator; the 1 MiB limit is on the UTF-8 bytes (413 above it).
    content: { type: 'string', maxLength: 4 * 1024 * 1024, description: 'The whole new content, UTF-8; at most 1 MiB (1,048,576 bytes), else 413' },
    agentId,
    scope,
    workspaceScope: { ...scope, description: 'Alias of scope (both given must agree)' },
    expectedVersion: { ...version, description: 'The version the edit is based on; 409 workspace_file_conflict when the file changed meanwhile' },
  },
} as const;

const inScope = { agentId, scope, workspaceScope: { ...scope, description: 'Alias of scope (both given must agree)' } } as const;
const changedPath = {
  ...relPath,
  description: "Relative to the scope's folder, `/`-separated; not in a hidden or generated folder, not a top-level folder of scope `workspaces`",
} as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'content'],
  properties: {
    path: { ...changedPath, description: `${changedPath.description}; missing folders on the way are made` },
    content: { type: 'string', maxLength: 4 * 1024 * 1024, description: 'The content, UTF-8; at most 1 MiB (1,048,576 bytes), else 413' },
    ...inScope,
  },
} as const;

export const uploadBody = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'contentBase64'],
  properties: {
    path: { ...changedPath, description: `${changedPath.description}; missing folders on the way are made` },
    // Bounded for the validator; the 8 MiB limit is on the decoded bytes (413 above it).
    contentBase64: { type: 'string', maxLength: 16 * 1024 * 1024, description: 'The bytes, standard base64 with padding; at most 8 MiB (8,388,608 bytes) decoded, else 413' },
    overwrite: { type: 'boolean', default: false, description: 'Replace an existing regular file (atomically) instead of answering 409 workspace_entry_exists' },
    ...inScope,
  },
} as const;

export const folderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: { path: { ...changedPath, description: `${changedPath.description}; missing folders on the way are made` }, ...inScope },
} as const;

export const moveBody = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: {
    from: { ...changedPath, description: 'The file or folder to move or rename' },
    to: { ...changedPath, description: 'Its new path in the same folder tree; missing folders on the way are made' },
    overwrite: { type: 'boolean', default: false, description: 'Replace an existing regular file at `to` (a file moved over a file only); otherwise an existing `to` is 409 workspace_entry_exists' },
    ...inScope,
  },
} as const;

export const deleteQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    path: { ...changedPath, description: 'The file or folder to delete' },
    recursive: { type: 'boolean', default: false, description: 'Delete a folder with everything in it; without it a folder that is not empty is 409 workspace_folder_not_empty' },
    agentId,
    scope,
  },
} as const;

const where = {
  scope: { type: 'string', enum: ['agent', 'workspaces'] },
  agentId: { type: 'string' },
} as const;

const entry = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'type'],
  properties: {
    path: { type: 'string' },
    type: { type: 'string', enum: ['file', 'dir'] },
    size: { type: 'integer' },
    modifiedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const listAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'scope', 'path', 'entries', 'truncated', 'limit'],
  properties: { ok: { const: true }, ...where, path: { type: 'string' }, entries: { type: 'array', items: entry }, truncated: { type: 'boolean' }, limit: { type: 'integer' } },
} as const;

export const fileAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'scope', 'path', 'size', 'modifiedAt', 'version', 'encoding', 'content'],
  properties: {
    ok: { const: true },
    ...where,
    path: { type: 'string' },
    size: { type: 'integer' },
    modifiedAt: { type: 'string', format: 'date-time' },
    version,
    encoding: { type: 'string', enum: ['utf8', 'base64'], description: 'base64 when the bytes are not valid UTF-8' },
    content: { type: 'string' },
  },
} as const;

export const writeAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'scope', 'path', 'size', 'modifiedAt', 'version'],
  properties: { ok: { const: true }, ...where, path: { type: 'string' }, size: { type: 'integer' }, modifiedAt: { type: 'string', format: 'date-time' }, version },
} as const;

export const folderAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'scope', 'path', 'type'],
  properties: { ok: { const: true }, ...where, path: { type: 'string' }, type: { const: 'dir' } },
} as const;

export const moveAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'scope', 'from', 'to', 'type'],
  properties: { ok: { const: true }, ...where, from: { type: 'string' }, to: { type: 'string' }, type: { type: 'string', enum: ['file', 'dir'] } },
} as const;

export const entryDeletedAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'scope', 'path', 'type', 'deleted'],
  properties: { ok: { const: true }, ...where, path: { type: 'string' }, type: { type: 'string', enum: ['file', 'dir'] }, deleted: { const: true } },
} as const;

export const attachmentsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['agentId'],
  properties: {
    agentId,
    sessionId: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f\\u007f]{1,200}$', default: 'default' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
  },
} as const;

const reference = { type: 'string', minLength: 1, maxLength: 1024 } as const;

export const attachmentParams = {
  type: 'object',
  required: ['agentId', 'artifactPath'],
  properties: { agentId, artifactPath: { ...reference, description: "The attachment's reference as listed (URL-encoded as one segment)" } },
} as const;

export const artifactParams = {
  type: 'object',
  required: ['agentId', 'storageReference'],
  properties: { agentId, storageReference: { ...reference, description: "A file path relative to the agent's workspace (URL-encoded as one segment)" } },
} as const;

const attachment = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'agentId', 'sessionId', 'runId', 'name', 'type', 'size', 'sha256', 'reference', 'url', 'createdAt', 'expiresAt'],
  properties: {
    id: { type: 'string' },
    agentId: { type: 'string' },
    sessionId: { type: 'string' },
    runId: { type: ['string', 'null'] },
    name: { type: 'string' },
    type: { type: 'string', description: 'The MIME type the client sent (downloads choose their own by extension)' },
    size: { type: 'integer' },
    sha256: { type: 'string' },
    reference: { type: 'string', description: "Relative to the agent's workspace: .attachments/<session>/<id>-<name>" },
    url: { type: 'string', description: 'Same-origin path of the bytes' },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const attachmentsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'agentId', 'sessionId', 'attachments'],
  properties: { ok: { const: true }, agentId: { type: 'string' }, sessionId: { type: 'string' }, attachments: { type: 'array', items: attachment } },
} as const;

export const deletedAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'deleted', 'attachment'],
  properties: { ok: { const: true }, deleted: { const: true }, attachment },
} as const;
