import type { RouteSchema } from '../../../../sdk/index.js';

export const healthSchema: RouteSchema = {
  tags: ['health'],
  querystring: {
    type: 'object',
    properties: { agentId: { type: 'string', maxLength: 200 } },
  },
  response: {
    200: {
      type: 'object',
      required: ['ok', 'runtime', 'version', 'buildIdentity'],
      properties: {
        ok: { const: true },
        runtime: { const: 'svc' },
        version: { type: 'string' },
        buildIdentity: { type: 'string' },
        releaseProvenance: {
          type: 'object',
          properties: { assembly: { type: 'string' }, backend: { type: 'string' }, ui: { type: 'string' } },
        },
      },
    },
  },
};
