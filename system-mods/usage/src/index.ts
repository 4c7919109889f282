import { bindRoutes, coreServices, defineMod, httpRouterFor, optional } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { usageErrors } from './errors.js';
import { modelCallHookPoints } from '../../model-connections/src/contract.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { usageRoutes } from './routes.js';
import { UsageStore } from './usage-store.js';

export default defineMod({
  errors: [usageErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    log: coreServices.logger,
    operator: optional(operatorSettingsServiceRef),
  },
  async init({ http, db, extensions, log, operator }) {
    const store = new UsageStore(db);
    const timezone = async () => (await operator.get()?.timezone()) ?? 'UTC';
    bindRoutes(http, usageRoutes(store, timezone));
    // Every call the gateway made or refused is on the record; a failed write is logged, never the call's failure.
    extensions.tap(modelCallHookPoints.afterModelCall, (end) => store.record(end).catch((err: unknown) => log.warn({ err, callId: end.callId }, 'a model call could not be recorded')));
  },
});
