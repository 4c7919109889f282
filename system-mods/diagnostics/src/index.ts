import { coreServices, defineMod, optional } from '../../../sdk/index.js';
import { runStatusServiceRef } from '../../chat/src/contract.js';
import { modDiagnosticsRoutes } from './routes/mod-diagnostics.js';
import { inventoryRoute, metricsRoute, sqlRoute, statusRoute } from './routes/runtime.js';

export default defineMod({
  deps: {
    http: coreServices.httpRouter,
    runtime: coreServices.runtimeInfo,
    mods: coreServices.modCatalog,
    metrics: coreServices.metrics,
    database: coreServices.databaseInfo,
    inventory: coreServices.inventory,
    modDiagnostics: coreServices.modDiagnostics,
    runStatus: optional(runStatusServiceRef),
  },
  init({ http, runtime, mods, metrics, database, inventory, modDiagnostics, runStatus }) {
    http.route('status', statusRoute(runtime, mods, database, runStatus));
    http.route('metrics', metricsRoute(metrics));
    http.route('sql', sqlRoute(database));
    http.route('inventory', inventoryRoute(inventory));
    const diag = modDiagnosticsRoutes(mods, modDiagnostics);
    http.route('mods', diag.list);
    http.route('mod-pending', diag.pending);
    http.route('mod-jobs', diag.jobs);
    http.route('mod-job', diag.job);
  },
});
