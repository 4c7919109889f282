/** `GET/PUT /api/settings/identities`. */
import { route } from '../../../../sdk/index.js';
import { getIdentitiesSchema, putIdentitiesSchema } from '../schemas/identities.schema.js';
import type { OperatorSettings } from '../services/operator-settings.js';

export function identitiesRoutes(operator: OperatorSettings) {
  const get = route({
    schema: getIdentitiesSchema,
    handler: async () => ({ ok: true, identities: await operator.identities() }),
  });
  const put = route({
    schema: putIdentitiesSchema,
    handler: async ({ body }) => ({ ok: true, identities: { operator: await operator.updateOperator(body.operator) } }),
  });
  return { get, put };
}
