/** `GET/PUT /api/settings/timezone`. */
import { route } from '../../../../sdk/index.js';
import { getTimezoneSchema, putTimezoneSchema } from '../schemas/timezone.schema.js';
import type { OperatorSettings } from '../services/operator-settings.js';

export function timezoneRoutes(operator: OperatorSettings) {
  const get = route({
    schema: getTimezoneSchema,
    handler: async () => ({ ok: true, timezone: await operator.timezone() }),
  });
  const put = route({
    schema: putTimezoneSchema,
    handler: async ({ body }) => ({ ok: true, timezone: await operator.setTimezone(body.timezone) }),
  });
  return { get, put };
}
