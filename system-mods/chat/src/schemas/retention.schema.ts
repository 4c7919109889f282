/** Request and response schemas of the trace retention routes. */

const maxAgeDays = { type: 'integer', minimum: 1, maximum: 36500, description: 'Traces of runs that ended more than this many days ago are cleared' } as const;
const maxTotalMb = { type: 'number', minimum: 0.001, maximum: 10_000_000, description: 'Oldest traces are cleared until all kept traces together are at most this many MiB' } as const;

export const retentionPolicyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: { enabled: { type: 'boolean', description: 'Off by default; enabling needs maxAgeDays or maxTotalMb (else 400 chat_retention_bound_required)' }, maxAgeDays, maxTotalMb },
} as const;

/** A policy to try; without fields, the saved one. `enabled` does not matter to a preview. */
export const retentionPreviewBody = {
  type: 'object',
  additionalProperties: false,
  properties: { enabled: { type: 'boolean' }, maxAgeDays, maxTotalMb },
} as const;

export const retentionRunBody = {
  type: 'object',
  additionalProperties: false,
  properties: { batchSize: { type: 'integer', minimum: 1, maximum: 5000, default: 500, description: 'Runs cleared per statement' } },
} as const;

const isoOrNull = { type: ['string', 'null'], format: 'date-time' } as const;

export const retentionPolicySchema = {
  type: 'object',
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' }, maxAgeDays: { type: 'integer' }, maxTotalMb: { type: 'number' } },
} as const;

export const retentionPreviewSchema = {
  type: 'object',
  description: 'What the policy’s bounds clear now (whether or not it is enabled); nothing is deleted',
  required: ['runs', 'bytes', 'oldestEndedAt', 'newestEndedAt', 'totalRuns', 'totalBytes'],
  properties: {
    runs: { type: 'integer', description: 'Finished runs whose trace would be cleared' },
    bytes: { type: 'integer', description: 'Their trace size (JSON text of events and tool calls)' },
    oldestEndedAt: isoOrNull,
    newestEndedAt: isoOrNull,
    totalRuns: { type: 'integer', description: 'Finished runs with a kept trace' },
    totalBytes: { type: 'integer' },
  },
} as const;

export const retentionReportSchema = {
  type: 'object',
  required: ['runs', 'bytes', 'batches', 'oldestEndedAt', 'newestEndedAt', 'startedAt', 'finishedAt'],
  properties: {
    runs: { type: 'integer', description: 'Runs whose trace was cleared' },
    bytes: { type: 'integer', description: 'Trace bytes freed' },
    batches: { type: 'integer', description: 'Statements that cleared traces' },
    oldestEndedAt: isoOrNull,
    newestEndedAt: isoOrNull,
    startedAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const okRetention = {
  type: 'object',
  required: ['ok', 'policy', 'preview'],
  properties: { ok: { const: true }, policy: retentionPolicySchema, preview: retentionPreviewSchema },
} as const;

export const okRetentionRun = {
  type: 'object',
  required: ['ok', 'policy', 'report'],
  properties: { ok: { const: true }, policy: retentionPolicySchema, report: retentionReportSchema },
} as const;
