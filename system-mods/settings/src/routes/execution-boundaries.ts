/** `GET/PUT /api/settings/execution-boundaries`. */
import { route, type LoggerService } from '../../../../sdk/index.js';
import { getExecutionBoundariesSchema, putExecutionBoundariesSchema } from '../schemas/execution-boundaries.schema.js';
import type { ExecutionBoundariesStore } from '../services/execution-boundaries.js';

export function executionBoundariesRoutes(boundaries: ExecutionBoundariesStore, log: LoggerService) {
  const get = route({
    schema: getExecutionBoundariesSchema,
    handler: async () => ({ ok: true, executionBoundaries: await boundaries.get() }),
  });
  const put = route({
    schema: putExecutionBoundariesSchema,
    async handler({ body, requestId }) {
      const saved = await boundaries.update(body);
      // These widen or narrow what agents may execute: leave a trail of who changed which fields when.
      log.info({ requestId, fields: Object.keys(body), maxCommandSeconds: saved.maxCommandSeconds }, 'execution boundaries changed');
      return { ok: true, executionBoundaries: saved };
    },
  });
  return { get, put };
}
