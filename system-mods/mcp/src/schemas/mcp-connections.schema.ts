/**
 * Request and response schemas of the MCP connection routes; they validate and feed the
 * OpenAPI contract. The connection body types only what has no rule of its own: the rules of
 * name, transport, baseUrl, command, args, lifecycle, headers and env are checked by
 * `connection-rules.ts`, so each failure carries its own `mcp_*` code.
 */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MCP_LIMITS } from '../services/connection-rules.js';

export const connectionIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

const stringList = { type: 'array', items: { type: 'string' } } as const;

export const statusSchema = {
  type: 'object',
  required: ['connectionId', 'state', 'circuit', 'failures', 'lastError', 'nextRetryAt', 'since'],
  description: "The supervisor's state of a connection in the process that answers (each process supervises its own clients)",
  properties: {
    connectionId: { type: 'string' },
    state: {
      enum: ['connecting', 'ready', 'degraded', 'circuit_open', 'closed'],
      description:
        'closed: nothing known since the start or since it was saved; connecting: first contact under way; ready: last contact succeeded; degraded: last contacts failed (calls still go through); circuit_open: calls fail fast with mcp_circuit_open until a probe reaches the server',
    },
    circuit: { enum: ['closed', 'open', 'half_open'], description: 'half_open while a probe of an open circuit is under way' },
    failures: { type: 'integer', minimum: 0, description: 'Failed contacts in a row (0 after a success)' },
    lastError: {
      type: ['object', 'null'],
      required: ['code', 'message', 'at'],
      description: 'The last failure (kept after a recovery); secret values are redacted',
      properties: { code: { type: 'string' }, message: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
    },
    nextRetryAt: { type: ['string', 'null'], format: 'date-time', description: 'When the next background reconnect or probe is due' },
    since: { type: ['string', 'null'], format: 'date-time', description: 'When the state began; null when untouched since the start' },
  },
} as const;

export const connectionSchema = {
  type: 'object',
  required: ['id', 'name', 'transport', 'lifecycle', 'enabled', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    transport: { enum: ['http', 'stdio'] },
    baseUrl: { type: 'string', description: 'http only' },
    command: { type: 'string', description: 'stdio only' },
    args: { ...stringList, description: 'stdio only' },
    lifecycle: { enum: ['ephemeral', 'keep_alive'] },
    enabled: { type: 'boolean' },
    headerNames: { ...stringList, description: 'http only: names of the headers that are set; values are write-only' },
    envNames: { ...stringList, description: 'stdio only: names of the env values that are set; values are write-only' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    status: { ...statusSchema, description: 'In the list: the supervisor state of the connection' },
  },
} as const;

export const okConnection = { type: 'object', required: ['ok', 'connection'], properties: { ok: { const: true }, connection: connectionSchema } } as const;

export const listResponse = {
  type: 'object',
  required: ['ok', 'connections'],
  properties: { ok: { const: true }, connections: { type: 'array', items: connectionSchema } },
} as const;

export const upsertBody = {
  type: 'object',
  additionalProperties: false,
  description: 'Create (no id) or update (id of an existing connection; omitted fields keep their values).',
  properties: {
    id: { type: 'string', pattern: ENTITY_ID_PATTERN, description: 'Present to update; an unknown id is 404 mcp_connection_not_found' },
    name: { description: `Required on create; nonblank, at most ${MCP_LIMITS.name} characters (mcp_name_required, mcp_name_too_long)` },
    transport: { description: 'http or stdio; required on create (mcp_transport_invalid)' },
    baseUrl: { description: 'http: required; an http(s) URL without user info (mcp_base_url_required, mcp_base_url_invalid)' },
    command: { description: `stdio: required; at most ${MCP_LIMITS.command} characters (mcp_command_required, mcp_command_too_long)` },
    args: { description: `stdio: array of strings, each at most ${MCP_LIMITS.argument} characters (mcp_args_invalid, mcp_argument_too_long)` },
    arguments: { description: "Alias of args (the spec's name for the field); not both" },
    lifecycle: { description: 'ephemeral (default) or keep_alive (mcp_lifecycle_invalid)' },
    enabled: { type: 'boolean', description: 'Default true' },
    headers: {
      description: 'http: write-only header values, stored encrypted; omitted keeps them, {} clears them (mcp_headers_invalid)',
    },
    env: { description: 'stdio: write-only env values, stored encrypted; omitted keeps them, {} clears them (mcp_env_invalid)' },
  },
} as const;

const toolSchema = {
  type: 'object',
  required: ['name', 'description', 'inputSchema'],
  properties: {
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    inputSchema: { type: 'object' },
    annotations: {
      type: 'object',
      description: "The server's hints about the tool (MCP tool annotations); only read-only or idempotent tools are retried after their server went away mid-call",
      properties: {
        title: { type: 'string' },
        readOnlyHint: { type: 'boolean' },
        destructiveHint: { type: 'boolean' },
        idempotentHint: { type: 'boolean' },
        openWorldHint: { type: 'boolean' },
      },
    },
  },
} as const;

export const discoverBody = {
  type: 'object',
  additionalProperties: false,
  required: ['connectionId'],
  properties: { connectionId: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export const discoverResponse = {
  type: 'object',
  required: ['ok', 'tools'],
  properties: { ok: { const: true }, tools: { type: 'array', items: toolSchema } },
} as const;

export const diagnoseBody = {
  type: 'object',
  additionalProperties: false,
  required: ['connectionId'],
  properties: {
    connectionId: { type: 'string', minLength: 1, maxLength: 200 },
    toolName: { type: 'string', minLength: 1, maxLength: 256, description: 'Runs this tool for real (it can have provider-side effects); unknown → 400 mcp_tool_not_found' },
    arguments: { type: 'object', description: 'Arguments of the tool call' },
  },
} as const;

export const diagnoseResponse = {
  type: 'object',
  required: ['ok'],
  description: 'Without toolName: {ok, check: {connected, server}, tools}. With toolName: {ok, result}. A tool that reports an error answers 422 mcp_tool_failed with toolName and result.',
  properties: {
    ok: { const: true },
    check: {
      type: 'object',
      properties: { connected: { const: true }, server: { type: ['object', 'null'], properties: { name: { type: 'string' }, version: { type: 'string' } } } },
    },
    tools: { type: 'array', items: toolSchema },
    result: {
      type: 'object',
      properties: { content: { type: 'array' }, structuredContent: { type: 'object' }, isError: { type: 'boolean' } },
    },
  },
} as const;

export const statusResponse = {
  type: 'object',
  required: ['ok', 'states'],
  properties: { ok: { const: true }, states: { type: 'array', items: statusSchema, description: 'One per configured connection, in list order' } },
} as const;

export const probeBody = discoverBody;

export const probeResponse = {
  type: 'object',
  required: ['ok', 'status'],
  description: 'The state after the probe: a server that could not be reached answers 200 with the failure in status.lastError',
  properties: { ok: { const: true }, status: statusSchema },
} as const;
