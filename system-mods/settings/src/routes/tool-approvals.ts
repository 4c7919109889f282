/** `GET/PUT /api/settings/tool-approvals`. */
import { route, type LoggerService } from '../../../../sdk/index.js';
import { getToolApprovalsSchema, putToolApprovalsSchema } from '../schemas/tool-approvals.schema.js';
import type { ToolApprovalsStore } from '../services/tool-approvals.js';

export function toolApprovalsRoutes(approvals: ToolApprovalsStore, log: LoggerService) {
  const get = route({
    schema: getToolApprovalsSchema,
    handler: async () => ({ ok: true, toolApprovals: await approvals.get() }),
  });
  const put = route({
    schema: putToolApprovalsSchema,
    async handler({ body, requestId }) {
      const saved = await approvals.update(body);
      // These widen or narrow what agents may do unattended: leave a trail of who changed what when.
      log.info({ requestId, fields: Object.keys(body), rules: saved.rules.length }, 'tool-approval policy changed');
      return { ok: true, toolApprovals: saved };
    },
  });
  return { get, put };
}
