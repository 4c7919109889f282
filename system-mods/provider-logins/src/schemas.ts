/** Request and response schemas of the provider-login routes; they validate and feed the published contract. */

const connectionId = { type: 'string', minLength: 1, maxLength: 64, description: 'A model connection id' } as const;

export const connectionBody = {
  type: 'object',
  additionalProperties: false,
  properties: { connectionId: { ...connectionId, description: 'The model connection to link the credential to; omitted: the one it (or the previous login of its provider) is linked to, else a new connection' } },
} as const;

export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const submitBody = {
  type: 'object',
  additionalProperties: false,
  description: 'What the browser ended on after authorizing: the whole callback URL (`callbackUrl`, or in `code`), the `code#state` a CLI-style login shows, or the bare code. A state given must match the login’s.',
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 4096, writeOnly: true },
    callbackUrl: { type: 'string', minLength: 1, maxLength: 4096, writeOnly: true },
    state: { type: 'string', minLength: 1, maxLength: 512 },
  },
  anyOf: [{ required: ['code'] }, { required: ['callbackUrl'] }],
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const usageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    connectionId,
    force: { type: 'boolean', description: 'true: skip the cache and ask the provider now' },
  },
} as const;

export const poolLbQuery = { type: 'object', additionalProperties: false, properties: { connectionId } } as const;

const account = {
  type: 'object',
  properties: { email: { type: 'string' }, accountId: { type: 'string' }, subscriptionType: { type: 'string' } },
} as const;

export const credentialSchema = {
  type: 'object',
  required: ['id', 'provider', 'source', 'connectionId', 'linked', 'account', 'scopes', 'expiresAt', 'status', 'hasRefreshToken', 'createdAt', 'updatedAt'],
  description: 'A provider login credential: facts only; its tokens are write-only and never returned',
  properties: {
    id: { type: 'string' },
    provider: { enum: ['provider-a', 'provider-b'] },
    source: { enum: ['cli-import', 'code-cli-login', 'provider-b-oauth'] },
    connectionId: { type: ['string', 'null'] },
    linked: { type: 'boolean', description: 'The linked connection exists: model calls over it use this login' },
    account,
    scopes: { type: 'array', items: { type: 'string' } },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    status: { enum: ['active', 'expired', 'refresh_failed'] },
    hasRefreshToken: { type: 'boolean' },
    refreshedAt: { type: ['string', 'null'], format: 'date-time' },
    lastError: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const loginSchema = {
  type: 'object',
  required: ['id', 'flow', 'provider', 'status', 'authorizeUrl', 'redirectUri', 'createdAt', 'expiresAt', 'finishedAt', 'connectionId', 'credential'],
  properties: {
    id: { type: 'string' },
    flow: { enum: ['provider-b-oauth', 'code-cli-login'] },
    provider: { enum: ['provider-a', 'provider-b'] },
    status: { enum: ['pending', 'done', 'cancelled', 'expired'] },
    authorizeUrl: { type: ['string', 'null'], description: 'Open it to authorize; null once the login is no longer pending' },
    redirectUri: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
    connectionId: { type: ['string', 'null'] },
    importedAt: { type: ['string', 'null'], format: 'date-time' },
    credential: { anyOf: [credentialSchema, { type: 'null' }] },
    lastError: { type: ['string', 'null'] },
  },
} as const;

export const okLogin = { type: 'object', required: ['ok', 'login'], properties: { ok: { const: true }, login: loginSchema } } as const;
export const okStarted = {
  type: 'object',
  required: ['ok', 'loginId', 'login'],
  properties: { ok: { const: true }, loginId: { type: 'string' }, login: loginSchema },
} as const;

export const cliStatusSchema = {
  type: 'object',
  required: ['path', 'status'],
  properties: {
    path: { type: 'string' },
    status: { enum: ['missing', 'invalid', 'valid', 'expired'] },
    reason: { type: 'string' },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    hasRefreshToken: { type: 'boolean' },
    scopes: { type: 'array', items: { type: 'string' } },
    subscriptionType: { type: ['string', 'null'] },
  },
} as const;

export const okCliStatus = {
  type: 'object',
  required: ['ok', 'cli', 'imported'],
  properties: { ok: { const: true }, cli: cliStatusSchema, imported: { anyOf: [credentialSchema, { type: 'null' }] } },
} as const;

export const okCliImport = {
  type: 'object',
  required: ['ok', 'cli', 'credential'],
  properties: { ok: { const: true }, cli: cliStatusSchema, credential: credentialSchema },
} as const;

export const okCredentials = { type: 'object', required: ['ok', 'credentials'], properties: { ok: { const: true }, credentials: { type: 'array', items: credentialSchema } } } as const;
export const okCredential = { type: 'object', required: ['ok', 'credential'], properties: { ok: { const: true }, credential: credentialSchema } } as const;

export const okUsage = {
  type: 'object',
  required: ['ok', 'provider', 'connectionId', 'credentialId', 'usage', 'fetchedAt', 'cached', 'cacheSeconds'],
  properties: {
    ok: { const: true },
    provider: { enum: ['provider-a', 'provider-b'] },
    connectionId: { type: ['string', 'null'] },
    credentialId: { type: 'string' },
    usage: { description: 'The provider’s usage answer, as it sent it' },
    fetchedAt: { type: 'string', format: 'date-time' },
    cached: { type: 'boolean' },
    cacheSeconds: { type: 'number' },
  },
} as const;

export const okPoolAccounts = {
  type: 'object',
  required: ['ok', 'source', 'accounts'],
  properties: {
    ok: { const: true },
    source: { type: 'object', properties: { connectionId: { type: ['string', 'null'] }, url: { type: 'string' } } },
    accounts: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
  },
} as const;
