/** `GET/PUT /api/settings/curator`. */
import type { RouteBinding } from '../../../../sdk/index.js';
import { getCuratorSchema, putCuratorSchema } from '../schemas/curator.schema.js';
import type { CuratorSettings, CuratorSettingsStore } from '../services/curator-settings.js';

export function curatorRoutes(curator: CuratorSettingsStore) {
  const get: RouteBinding = {
    schema: getCuratorSchema,
    handler: async () => ({ ok: true, curator: await curator.get() }),
  };
  const put: RouteBinding<Partial<CuratorSettings>> = {
    schema: putCuratorSchema,
    handler: async ({ body }) => ({ ok: true, curator: await curator.update(body) }),
  };
  return { get, put };
}
