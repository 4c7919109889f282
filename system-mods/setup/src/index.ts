import { coreServices, defineMod, httpRouterFor, route } from '../../../sdk/index.js';
import { agentsServiceRef } from '../../agents/src/contract.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { setupErrors } from './errors.js';
import { operationBody, statusSchema } from './schemas/setup.schema.js';
import { SetupService } from './services/setup-service.js';
import type { RouteId } from './route-ids.js';

export default defineMod({
  errors: [setupErrors],
  deps: { http: httpRouterFor<RouteId>(), db: coreServices.database, agents: agentsServiceRef, settings: operatorSettingsServiceRef },
  init({ http, db, agents, settings }) {
    const setup = new SetupService(db, agents, settings);
    http.route('status', { schema: { tags: ['setup'], response: { 200: statusSchema } }, handler: () => setup.status() });
    http.route(
      'operation',
      route({
        schema: { tags: ['setup'], body: operationBody },
        handler: (req) => setup.run(req.body),
      }),
    );
    http.route('complete', {
      schema: { tags: ['setup'], body: { type: 'object', description: 'Ignored: completion is decided from persisted data' }, response: { 200: statusSchema } },
      handler: () => setup.complete(),
    });
  },
});
