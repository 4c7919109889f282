import { coreServices, defineMod } from '../../../sdk/index.js';
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
  },
  init({ http, runtime, mods, metrics, database, inventory, modDiagnostics }) {
    http.route('status', statusRoute(runtime, mods, database));
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
