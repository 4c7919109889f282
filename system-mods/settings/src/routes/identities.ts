/** `GET/PUT /api/settings/identities`. */
import type { RouteBinding } from '../../../../sdk/index.js';
import { getIdentitiesSchema, putIdentitiesSchema } from '../schemas/identities.schema.js';
import type { OperatorIdentityUpdate, OperatorSettings } from '../services/operator-settings.js';

export function identitiesRoutes(operator: OperatorSettings) {
  const get: RouteBinding = {
    schema: getIdentitiesSchema,
    handler: async () => ({ ok: true, identities: await operator.identities() }),
  };
  const put: RouteBinding<{ operator: OperatorIdentityUpdate }> = {
    schema: putIdentitiesSchema,
    handler: async ({ body }) => ({ ok: true, identities: { operator: await operator.updateOperator(body.operator) } }),
  };
  return { get, put };
}
