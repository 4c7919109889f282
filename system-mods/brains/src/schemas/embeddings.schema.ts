/** Schemas of `/api/settings/brain-embeddings`. */
const connectionId = { type: 'string', minLength: 1, maxLength: 200 } as const;
const model = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const selectionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  description:
    'The whole selection. Enabling needs connectionId and model (of an existing connection). Disabling keeps the pair when one is sent, ' +
    'complete, and clears it otherwise. A different pair starts a new generation: every vector is dropped and, when enabled, re-computed.',
  properties: { enabled: { type: 'boolean' }, connectionId, model },
} as const;

export const modelsQuery = { type: 'object', required: ['connectionId'], properties: { connectionId } } as const;

export const testBody = {
  type: 'object',
  additionalProperties: false,
  required: ['connectionId', 'model'],
  properties: { connectionId, model },
} as const;

export const okStatus = {
  type: 'object',
  required: ['ok', 'enabled', 'connectionId', 'model', 'generation', 'dimensions', 'total', 'indexed', 'pending', 'failed', 'storage', 'lastError', 'lastErrorAt', 'paused'],
  properties: {
    ok: { const: true },
    enabled: { type: 'boolean' },
    connectionId: { type: ['string', 'null'] },
    model: { type: ['string', 'null'] },
    generation: { type: 'integer', description: 'Advances on every reset (model change, reindex); vectors of two generations are never mixed' },
    dimensions: { type: ['integer', 'null'] },
    total: { type: 'integer', description: 'Active Brain records (all agents)' },
    indexed: { type: 'integer' },
    pending: { type: 'integer', description: 'Waiting for indexing; 0 while disabled' },
    failed: { type: 'integer', description: 'Out of retries in this generation (until edited or reindexed)' },
    storage: { enum: ['pgvector', 'real[]'], description: 'pgvector, or real[] ranked by exact cosine in process' },
    lastError: { type: ['string', 'null'] },
    lastErrorAt: { type: ['string', 'null'], format: 'date-time' },
    paused: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['reason', 'at'],
      properties: { reason: { type: 'string', description: 'The refusal of the embeddings call a budget stopped (`budget_exhausted: …`)' }, at: { type: 'string', format: 'date-time' } },
      description:
        "Set while a budget keeps indexing paused: index jobs make no call and retry nothing (records stay pending) until a budget that applies to the indexer's calls (global, or mod `brains`) changes, or the model is changed or reindexed",
    },
  },
} as const;

export const okModels = {
  type: 'object',
  required: ['ok', 'connectionId', 'models'],
  properties: {
    ok: { const: true },
    connectionId: { type: 'string' },
    models: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, contextWindow: { type: 'integer' } } } },
  },
} as const;

export const okTest = {
  type: 'object',
  required: ['ok', 'dimensions'],
  properties: { ok: { const: true }, dimensions: { type: 'integer', minimum: 1 } },
} as const;
