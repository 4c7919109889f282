export const modIdParams = {
  type: 'object',
  required: ['modId'],
  properties: { modId: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 64 } },
} as const;

export const jobParams = {
  type: 'object',
  required: ['modId', 'jobId'],
  properties: {
    modId: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 64 },
    jobId: { type: 'string', pattern: '^[A-Za-z0-9_-]+$', maxLength: 128 },
  },
} as const;

export const okObject = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  required: ['ok', ...required],
  properties: { ok: { type: 'boolean' }, ...properties },
});

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });

/** The chat run engine's model, policy and trace metadata (null parts: no engine, unknown agent, no model). */
const statusMetadata = {
  model: nullable({
    type: 'object',
    required: ['gateway', 'defaultContextWindow'],
    properties: {
      gateway: { type: 'boolean', description: 'A model gateway (the model-connections mod) is enabled' },
      defaultContextWindow: int,
      agent: nullable({
        type: 'object',
        description: "The agent's chat model: ids and numbers, never the connection's URL or key",
        required: ['connectionId', 'model', 'available'],
        properties: {
          connectionId: str,
          model: str,
          reasoningEffort: str,
          temperature: { type: 'number' },
          provider: nullable(str),
          apiType: nullable(str),
          contextWindow: nullable(int),
          available: { type: 'boolean', description: 'The connection exists and offers the model, enabled' },
        },
      }),
    },
  }),
  policy: nullable({
    type: 'object',
    required: ['maxToolRounds', 'loopGuardRepeats', 'maxRunMs', 'toolTimeoutMs'],
    properties: {
      maxToolRounds: int,
      loopGuardRepeats: int,
      maxRunMs: int,
      toolTimeoutMs: int,
      compactAtPercent: int,
      maxCompactionSweeps: int,
      agent: nullable({
        type: 'object',
        properties: { enabled: { type: 'boolean' }, toolGrants: int, executionEnvironment: { enum: ['local', 'remote'] } },
      }),
    },
  }),
  traces: nullable({
    type: 'object',
    required: ['stored', 'retention', 'latest'],
    properties: {
      stored: int,
      retention: { type: 'object', required: ['enabled'], properties: { enabled: { type: 'boolean' }, maxAgeDays: int, maxTotalMb: { type: 'number' } } },
      latest: nullable({
        type: 'object',
        description: 'The newest run as a summary (no request, answer or tool output)',
        properties: { runId: str, agentId: str, sessionId: str, status: str, startedAt: str, endedAt: nullable(str), errorCode: nullable(str) },
      }),
    },
  }),
};

export const statusResponse = okObject(
  {
    runtime: { const: 'svc' },
    version: str,
    buildIdentity: str,
    startedAt: str,
    uptimeSeconds: int,
    roots: { type: 'object', properties: { dataDir: str, workspaces: str } },
    database: { type: 'object', properties: { driver: { enum: ['pglite', 'postgres'] }, available: { type: 'boolean' }, vectorStorage: { enum: ['pgvector', 'real[]'] } } },
    mods: { type: 'object', properties: { loaded: int, disabled: int, failed: { type: 'array', items: { type: 'object', properties: { id: str, error: str } } } } },
    runs: { type: 'object', properties: { engine: { type: 'boolean' }, active: int } },
    agent: { type: 'object', properties: { id: str, status: { enum: ['running', 'idle'] }, runs: { type: 'array', items: { type: 'object' } } } },
    ...statusMetadata,
    checks: { type: 'array', items: { type: 'object', required: ['name', 'ok'], properties: { name: str, ok: { type: 'boolean' }, detail: str } } },
  },
  ['runtime', 'checks', 'model', 'policy', 'traces'],
);

export const jobsQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'At most this many jobs, newest first' } },
} as const;

/** `ModJobSummary` (sdk/core/diagnostics.ts) as the routes answer it. */
const jobSummarySchema = {
  type: 'object',
  required: ['id', 'kind', 'state'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
    kind: { type: 'string', maxLength: 64 },
    state: { enum: ['queued', 'running', 'retrying', 'succeeded', 'failed', 'cancelled'] },
    createdAt: nullable(str),
    startedAt: nullable(str),
    finishedAt: nullable(str),
    attempts: { type: 'integer', minimum: 0 },
    lastError: nullable({ type: 'string', maxLength: 500, description: 'The last failure in words' }),
    refs: { type: 'object', maxProperties: 8, additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, { type: 'null' }] } },
  },
};

export const okJobs = okObject({ modId: str, items: { type: 'array', maxItems: 200, items: jobSummarySchema }, truncated: { type: 'boolean' } }, ['modId', 'items', 'truncated']);
export const okJob = okObject({ modId: str, job: jobSummarySchema }, ['modId', 'job']);
