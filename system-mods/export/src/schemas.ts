/** Request and response schemas of the export routes (they feed `/api/openapi.json`). */

const policy = { type: 'string', enum: ['skip', 'replace', 'rename'], description: 'What happens to a record whose id exists with other content (default skip)' } as const;
const categoryIds = { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } as const;
const password = { type: 'string', minLength: 1, maxLength: 1024, description: 'Encrypts (export) or opens (import) the secrets; at least 12 characters' } as const;
const bundleText = { type: 'string', minLength: 1, description: 'The bundle file as exported (its JSON text); at most 25 MiB' } as const;

export const exportBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    categories: { ...categoryIds, description: 'Category ids to export (default: every category)' },
    password: { ...password, description: 'Include the secrets, encrypted with this password (at least 12 characters); without it secrets are left out' },
  },
} as const;

export const previewBody = {
  type: 'object',
  additionalProperties: false,
  required: ['bundle'],
  properties: {
    bundle: bundleText,
    password,
    conflictPolicy: policy,
    categories: { ...categoryIds, description: 'Only these bundle categories (default: all)' },
    confirmUnsealed: {
      type: 'boolean',
      description:
        'With a password: accept a bundle that has no sealed part (exported without a password, or the part was removed), importing its records unchecked and without secrets; otherwise 400 import_bundle_unsealed',
    },
  },
} as const;

export const importBody = {
  type: 'object',
  additionalProperties: false,
  required: ['bundle'],
  properties: {
    ...previewBody.properties,
    confirm: { type: 'boolean', description: 'Must be true: without it nothing is written and the answer is 400 import_confirmation_required with the preview' },
  },
} as const;

const item = { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: true } as const;

const sealed = {
  type: 'object',
  required: ['cipher', 'kdf', 'iv', 'tag', 'check', 'data'],
  properties: {
    cipher: { const: 'aes-256-gcm' },
    kdf: {
      type: 'object',
      required: ['name', 'salt', 'N', 'r', 'p'],
      properties: { name: { const: 'scrypt' }, salt: { type: 'string' }, N: { type: 'integer' }, r: { type: 'integer' }, p: { type: 'integer' } },
    },
    iv: { type: 'string' },
    tag: { type: 'string' },
    check: { type: 'string', description: 'HMAC telling a wrong password from a changed bundle' },
    data: { type: 'string', description: 'base64 ciphertext of {<categoryId>: {<secretName>: value}}' },
  },
} as const;

export const bundleSchema = {
  type: 'object',
  description: 'The downloaded bundle (Content-Disposition: attachment), not the JSON envelope',
  required: ['format', 'version', 'createdAt', 'runtime', 'categories'],
  properties: {
    format: { const: 'svc-export' },
    version: { const: 1 },
    createdAt: { type: 'string', description: 'ISO 8601' },
    runtime: { type: 'object', required: ['name', 'version'], properties: { name: { const: 'svc' }, version: { type: 'string' } } },
    categories: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['title', 'items', 'secretNames'],
        properties: { title: { type: 'string' }, items: { type: 'array', items: item }, secretNames: { type: 'array', items: { type: 'string' } } },
      },
    },
    secrets: sealed,
  },
} as const;

export const okCatalog = {
  type: 'object',
  required: ['ok', 'categories'],
  properties: {
    ok: { const: true },
    categories: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'description', 'dependsOn', 'modId'],
        properties: { id: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' }, dependsOn: { type: 'array', items: { type: 'string' } }, modId: { type: 'string' } },
      },
    },
  },
} as const;

const destinationChange = {
  type: 'object',
  required: ['field', 'from', 'to'],
  properties: { field: { type: 'string' }, from: { type: ['string', 'null'] }, to: { type: ['string', 'null'] } },
} as const;

const change = {
  type: 'object',
  required: ['id', 'action'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    action: { enum: ['create', 'update', 'unchanged', 'skip', 'rename'] },
    newId: { type: 'string' },
    destination: { type: 'array', items: destinationChange, description: 'For a record here holding a credential: the fields deciding where it is sent that the bundle changes (here → bundle)' },
    credential: {
      enum: ['kept', 'replaced', 'dropped', 'refused'],
      description:
        'For an update of a record holding a credential: kept (same destination), replaced (the bundle carries one), dropped (moved elsewhere without one: deleted, never sent there), refused (the category refuses the item)',
    },
  },
} as const;
const conflict = { type: 'object', required: ['id', 'reason'], properties: { id: { type: 'string' }, label: { type: 'string' }, reason: { type: 'string' } } } as const;
const counts = { type: 'object', properties: Object.fromEntries(['create', 'update', 'unchanged', 'skip', 'rename'].map((k) => [k, { type: 'integer' }])) } as const;

export const previewSchema = {
  type: 'object',
  required: ['bundle', 'conflictPolicy', 'categories', 'unknownCategories'],
  properties: {
    bundle: {
      type: 'object',
      required: ['createdAt', 'runtime', 'secretsIncluded', 'secretsOpened', 'recordsVerified'],
      properties: {
        createdAt: { type: 'string' },
        runtime: { type: 'object' },
        secretsIncluded: { type: 'boolean' },
        secretsOpened: { type: 'boolean' },
        recordsVerified: { type: 'boolean', description: 'The password opened the sealed part: the records are as exported' },
      },
    },
    conflictPolicy: policy,
    categories: {
      type: 'array',
      description: 'In import order',
      items: {
        type: 'object',
        required: ['id', 'title', 'items', 'summary', 'changes', 'conflicts', 'missingSecrets'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          items: { type: 'integer' },
          summary: counts,
          changes: { type: 'array', items: change },
          conflicts: { type: 'array', items: conflict },
          missingSecrets: { type: 'array', items: { type: 'string' }, description: 'Names of secrets the bundle left out or the password did not open' },
        },
      },
    },
    unknownCategories: {
      type: 'array',
      description: 'Categories no enabled mod provides: skipped',
      items: { type: 'object', required: ['id', 'title', 'items'], properties: { id: { type: 'string' }, title: { type: 'string' }, items: { type: 'integer' } } },
    },
  },
} as const;

export const okPreview = { type: 'object', required: ['ok', 'preview'], properties: { ok: { const: true }, preview: previewSchema } } as const;

const report = {
  type: 'object',
  required: ['created', 'updated', 'unchanged', 'skipped', 'renamed'],
  properties: {
    created: { type: 'array', items: { type: 'string' } },
    updated: { type: 'array', items: { type: 'string' } },
    unchanged: { type: 'array', items: { type: 'string' } },
    skipped: { type: 'array', items: { type: 'string' } },
    renamed: { type: 'array', items: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } } },
  },
} as const;

export const okImport = {
  type: 'object',
  required: ['ok', 'complete', 'applied', 'failed', 'skipped'],
  properties: {
    ok: { const: true },
    complete: { type: 'boolean', description: 'False when a category failed: the ones before it stay applied' },
    applied: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'report', 'missingSecrets'],
        properties: { id: { type: 'string' }, title: { type: 'string' }, report, missingSecrets: { type: 'array', items: { type: 'string' } } },
      },
    },
    failed: {
      oneOf: [{ type: 'null' }, { type: 'object', required: ['id', 'code', 'message'], properties: { id: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } } }],
    },
    skipped: {
      type: 'array',
      items: { type: 'object', required: ['id', 'reason'], properties: { id: { type: 'string' }, reason: { enum: ['unknown_category', 'not_selected', 'not_attempted'] } } },
    },
  },
} as const;

/**
 * Every 400 of the import: the error body, which carries `preview` exactly when the error is
 * `import_confirmation_required` (the other 400s — invalid request, password, bundle — do not).
 */
export const importRefusalSchema = {
  type: 'object',
  required: ['ok', 'error', 'message'],
  properties: {
    ok: { const: false },
    error: { type: 'string' },
    message: { type: 'string' },
    preview: { ...previewSchema, description: 'With import_confirmation_required only: what the import would do' },
  },
  oneOf: [
    { required: ['preview'], properties: { error: { const: 'import_confirmation_required' } } },
    { not: { required: ['preview'] }, properties: { error: { not: { const: 'import_confirmation_required' } } } },
  ],
} as const;
