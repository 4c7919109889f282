/** `/targets`: API targets. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { okOnly, okTarget, okTargets, targetBody, targetIdParams } from '../schemas/gateway.schema.js';
import type { Targets } from '../services/targets.js';

const tags = ['exec-gateway'];

export function targetRoutes(targets: Targets): Partial<RouteTable<RouteId>> {
  return {
    'targets-list': route({
      schema: { tags, response: { 200: okTargets } },
      handler: async () => ({ ok: true, targets: await targets.list() }),
    }),
    'targets-create': route({
      schema: { tags, description: 'Creates a target; an existing id is 409 api_target_exists.', body: targetBody, response: { 201: okTarget } },
      handler: async (req) => respond.json({ ok: true, target: await targets.create(req.body) }, { status: 201 }),
    }),
    'targets-update': route({
      schema: { tags, description: 'Replaces a target; the body id must equal the path id (400 target_id_immutable).', params: targetIdParams, body: targetBody, response: { 200: okTarget } },
      handler: async (req) => ({ ok: true, target: await targets.update(req.params.id, req.body) }),
    }),
    'targets-delete': route({
      schema: { tags, params: targetIdParams, response: { 200: okOnly } },
      handler: async (req) => {
        await targets.remove(req.params.id);
        return { ok: true };
      },
    }),
  };
}
