/** `GET/PUT /api/settings/curator`. */
import { route } from '../../../../sdk/index.js';
import { getCuratorSchema, putCuratorSchema } from '../schemas/curator.schema.js';
import type { CuratorSettingsStore } from '../services/curator-settings.js';

export function curatorRoutes(curator: CuratorSettingsStore) {
  const get = route({
    schema: getCuratorSchema,
    handler: async () => ({ ok: true, curator: await curator.get() }),
  });
  const put = route({
    schema: putCuratorSchema,
    handler: async ({ body }) => ({ ok: true, curator: await curator.update(body) }),
  });
  return { get, put };
}
