/**
 * Request and response schemas of the execution gateway routes. Shapes, types and sizes are
 * checked here (400 gateway_request_invalid); the spec's field rules with their own codes
 * (target ids and URLs, operation ids, exactly one of command or executable) are checked by the
 * services.
 */
const open = { type: 'object', additionalProperties: true } as const;

export const gatewayIdParams = {
  type: 'object',
  required: ['gatewayId'],
  properties: { gatewayId: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

export const operationParams = {
  type: 'object',
  required: ['gatewayId', 'operationId'],
  properties: { gatewayId: { type: 'string', minLength: 1, maxLength: 128 }, operationId: { type: 'string', minLength: 1, maxLength: 300 } },
} as const;

export const targetIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 300 } },
} as const;

export const targetBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 300, description: 'Letter or digit first, then letters, digits, dot, underscore or hyphen; case-sensitive' },
    name: { type: 'string', maxLength: 200, description: 'Not empty' },
    baseUrl: { type: 'string', maxLength: 2048, description: 'HTTP(S) without userinfo, query or fragment; trailing slashes of the path are removed' },
    enabled: { description: 'True unless explicitly false' },
  },
} as const;

export const controllerBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: { description: 'On only for the literal boolean true' },
    host: { type: 'string', minLength: 1, maxLength: 255, description: 'Listen address (default 127.0.0.1)' },
    port: { type: 'integer', minimum: 1, maximum: 65535, description: 'Default 7443' },
  },
} as const;

export const approveBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fingerprint: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: 'The fingerprint (`SHA256:…`) of the key to approve, as the pairing listed it; required when more than one key asked to pair under the gateway id',
    },
  },
} as const;

export const tlsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'cert'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 65536, description: 'PEM private key (write-only)' },
    cert: { type: 'string', minLength: 1, maxLength: 65536, description: 'PEM certificate (chain) the gateways verify' },
    ca: { type: 'string', maxLength: 65536, description: 'Optional PEM CA; empty or omitted clears it' },
  },
} as const;

export const trustBody = {
  type: 'object',
  additionalProperties: false,
  required: ['secret'],
  properties: {
    controllerId: { type: 'string', minLength: 1, maxLength: 255, description: 'Default `controller`' },
    secret: { type: 'string', minLength: 1, maxLength: 4096, description: 'HMAC secret (write-only)' },
  },
} as const;

export const operationsQuery = {
  type: 'object',
  properties: {
    gatewayId: { type: 'string', maxLength: 128 },
    limit: { type: 'string', maxLength: 40, description: 'Default 50; an integer is clamped to 1-256; anything else gives 50' },
  },
} as const;

export const processBody = {
  type: 'object',
  additionalProperties: false,
  required: ['operationId'],
  properties: {
    operationId: { type: 'string', maxLength: 300, description: 'Matches [a-z0-9][a-z0-9._:-]{0,255} case-insensitively; stored lower-cased' },
    command: { type: 'string', maxLength: 65536, description: 'A shell command line (/bin/sh -c); exactly one of command or executable' },
    executable: { type: 'string', maxLength: 4096 },
    args: { type: 'array', maxItems: 1024, items: { type: 'string', maxLength: 65536 }, description: 'Arguments of executable (not with command)' },
    cwd: { type: 'string', maxLength: 4096, description: 'Directory inside the gateway workdir (a leading slash means its root); default the workdir' },
    env: { type: 'object', maxProperties: 256, additionalProperties: { type: 'string', maxLength: 65536 }, propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]{0,127}$' } },
    timeoutMs: { type: 'integer', minimum: 1, maximum: 86_400_000, description: 'Bounded by the execution boundaries maxCommandSeconds' },
    wait: { type: 'boolean', description: 'Answer when the process has finished (bounded by the route deadline); default false: answer when the gateway accepted it' },
  },
} as const;

const ok = { ok: { const: true } } as const;
export const okTargets = { type: 'object', required: ['ok', 'targets'], properties: { ...ok, targets: { type: 'array', items: open } } } as const;
export const okTarget = { type: 'object', required: ['ok', 'target'], properties: { ...ok, target: open } } as const;
export const okOnly = { type: 'object', required: ['ok'], properties: { ...ok, restartRequired: { type: 'boolean' }, tls: open } } as const;
export const okController = { type: 'object', required: ['ok', 'controller'], properties: { ...ok, controller: open, restartRequired: { type: 'boolean' } } } as const;
export const okPairings = { type: 'object', required: ['ok', 'pairings'], properties: { ...ok, pairings: { type: 'array', items: open } } } as const;
export const okPairing = { type: 'object', required: ['ok', 'pairing'], properties: { ...ok, pairing: open } } as const;
export const okGateways = { type: 'object', required: ['ok', 'gateways'], properties: { ...ok, gateways: { type: 'array', items: open } } } as const;
export const okGateway = { type: 'object', required: ['ok', 'gateway'], properties: { ...ok, gateway: open, restartRequired: { type: 'boolean' } } } as const;
export const okOperations = { type: 'object', required: ['ok', 'operations', 'limit'], properties: { ...ok, operations: { type: 'array', items: open }, limit: { type: 'integer' } } } as const;
export const okDispatch = { type: 'object', required: ['ok', 'operationId', 'dispatch'], properties: { ...ok, operationId: { type: 'string' }, dispatch: open } } as const;
