/** Request and response schemas; they validate requests and feed the published contract. */
import { MAX_MODEL_ID, MAX_MODELS } from './models.js';

export const MAX_API_KEY = 8_000;
export const MAX_BASE_URL = 2_000;

const effortList = {
  type: 'array',
  maxItems: 16,
  uniqueItems: true,
  items: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' },
} as const;
const modalityList = { type: 'array', maxItems: 16, uniqueItems: true, items: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,31}$' } } as const;

export const capabilitiesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    inputModalities: modalityList,
    outputModalities: modalityList,
    toolCalls: { type: 'boolean' },
    reasoning: { type: 'boolean', description: 'false also means the model takes no reasoning effort unless reasoningEfforts is set' },
  },
} as const;

/** An operator's price for a model (self-hosted ones may cost 0), per million tokens. */
export const priceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'inputPerMillion', 'outputPerMillion'],
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. USD' },
    inputPerMillion: { type: 'number', minimum: 0, maximum: 1_000_000 },
    outputPerMillion: { type: 'number', minimum: 0, maximum: 1_000_000 },
    cachedInputPerMillion: { type: 'number', minimum: 0, maximum: 1_000_000, description: 'Price of prompt tokens served from the provider cache; default: inputPerMillion' },
  },
} as const;

const modelInput = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: MAX_MODEL_ID, pattern: '\\S' },
    enabled: { type: 'boolean', description: 'Default true' },
    contextWindowOverride: { type: ['integer', 'null'], minimum: 1, maximum: 100_000_000 },
    reasoningEfforts: { ...effortList, type: ['array', 'null'], description: 'Explicit supported efforts; [] = none (only off)' },
    capabilities: { ...capabilitiesSchema, type: ['object', 'null'] },
    pricingOverride: { ...priceSchema, type: ['object', 'null'], description: "The operator's price: wins over the catalog's; null clears it" },
  },
} as const;

export const saveBody = {
  type: 'object',
  additionalProperties: false,
  description:
    'Without id: creates a connection (provider, apiType and baseUrl required). With id: updates that connection; omitted fields keep their values. ' +
    'models, when present, is the complete model list with the explicit overrides of each model. apiKey is write-only: omitted or blank keeps the stored key, nonblank replaces it.',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    provider: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{0,63}$', maxLength: 64, description: 'e.g. openai, anthropic, ollama, openrouter' },
    apiType: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64, description: 'A model provider adapter id, e.g. openai-chat' },
    baseUrl: { type: 'string', minLength: 1, maxLength: MAX_BASE_URL, description: 'http(s) URL without user credentials or fragment' },
    models: { type: 'array', maxItems: MAX_MODELS, items: modelInput },
    apiKey: { type: 'string', maxLength: MAX_API_KEY, writeOnly: true },
  },
  if: { not: { required: ['id'] } },
  then: { required: ['provider', 'apiType', 'baseUrl'] },
} as const;

export const discoverBody = {
  type: 'object',
  additionalProperties: false,
  required: ['connectionId'],
  properties: {
    connectionId: { type: 'string', minLength: 1, maxLength: 64 },
    refreshCatalog: { type: 'boolean', description: 'Also refresh the public catalog now (when catalogUrl is set)' },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const provenance = {
  type: 'object',
  properties: { source: { type: 'string' }, snapshotAt: { type: 'string', format: 'date-time' }, matchedProvider: { type: 'string' }, matchedModel: { type: 'string' } },
} as const;

export const modelSchema = {
  type: 'object',
  required: ['id', 'origin', 'enabled', 'listedByProvider', 'capabilities'],
  properties: {
    id: { type: 'string' },
    origin: { enum: ['manual', 'discovered'] },
    enabled: { type: 'boolean' },
    listedByProvider: { type: ['boolean', 'null'] },
    contextWindow: { type: 'integer', description: 'Effective: contextWindowOverride, else discoveredContextWindow' },
    discoveredContextWindow: { type: 'integer', description: "The provider's value, else the catalog's" },
    contextWindowOverride: { type: 'integer' },
    reasoningEfforts: { type: 'array', items: { type: 'string' }, description: 'Effective; [] = none; absent = unknown' },
    reasoningEffortsOverride: { type: 'array', items: { type: 'string' } },
    capabilities: capabilitiesSchema,
    capabilitiesOverride: capabilitiesSchema,
    maxOutputTokens: { type: 'integer' },
    pricing: { type: 'object', description: "Effective price per million tokens: the operator's override, else the catalog's" },
    pricingOverride: priceSchema,
    pricingSource: { enum: ['operator', 'catalog'] },
    capabilityProvenance: provenance,
    inferredCapabilities: {
      type: 'array',
      items: { enum: ['inputModalities', 'outputModalities'] },
      description: 'Capability fields inferred from the model id alone (embed → embedding output, known image families → image output…) because no override, provider list or catalog entry said them',
    },
    capabilitySources: {
      type: 'object',
      description: 'Where each known effective fact came from: operator (an override), discovery (the provider’s list), catalog, or inferred (from the id)',
      properties: Object.fromEntries(
        (['inputModalities', 'outputModalities', 'toolCalls', 'reasoning', 'contextWindow'] as const).map((field) => [field, { enum: ['operator', 'discovery', 'catalog', 'inferred'] }]),
      ) as Record<'inputModalities' | 'outputModalities' | 'toolCalls' | 'reasoning' | 'contextWindow', { enum: ['operator', 'discovery', 'catalog', 'inferred'] }>,
    },
  },
} as const;

export const connectionSchema = {
  type: 'object',
  required: ['id', 'provider', 'apiType', 'baseUrl', 'apiKeySet', 'models', 'discoveredAt', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    provider: { type: 'string' },
    apiType: { type: 'string' },
    baseUrl: { type: 'string' },
    apiKeySet: { type: 'boolean' },
    models: { type: 'array', items: modelSchema },
    discoveredAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const okConnection = { type: 'object', required: ['ok', 'connection'], properties: { ok: { const: true }, connection: connectionSchema } } as const;
