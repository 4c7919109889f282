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
