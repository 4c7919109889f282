/** `GET/PUT /api/settings/timezone`. */
import type { RouteBinding } from '../../../../sdk/index.js';
import { getTimezoneSchema, putTimezoneSchema } from '../schemas/timezone.schema.js';
import type { OperatorSettings } from '../services/operator-settings.js';

export function timezoneRoutes(operator: OperatorSettings) {
  const get: RouteBinding = {
    schema: getTimezoneSchema,
    handler: async () => ({ ok: true, timezone: await operator.timezone() }),
  };
  const put: RouteBinding<{ timezone: string }> = {
    schema: putTimezoneSchema,
    handler: async ({ body }) => ({ ok: true, timezone: await operator.setTimezone(body.timezone) }),
  };
  return { get, put };
}
