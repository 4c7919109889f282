import { coreServices, defineMod, httpRouterFor, optional } from '../../../sdk/index.js';
import { diagnosticsHookPoints } from './contract.js';
import { diagnosticsErrors } from './errors.js';
import { runStatusServiceRef } from '../../chat/src/contract.js';
import { modDiagnosticsRoutes } from './routes/mod-diagnostics.js';
import { inventoryRoute, metricsRoute, prometheusRoute, sqlRoute, statusRoute } from './routes/runtime.js';
import type { RouteId } from './route-ids.js';

export default defineMod({
  errors: [diagnosticsErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    runtime: coreServices.runtimeInfo,
    mods: coreServices.modCatalog,
    metrics: coreServices.metrics,
    database: coreServices.databaseInfo,
    extensions: coreServices.extensions,
    modDiagnostics: coreServices.modDiagnostics,
    runStatus: optional(runStatusServiceRef),
  },
  init({ http, runtime, mods, metrics, database, extensions, modDiagnostics, runStatus }) {
    const report = extensions.hook(diagnosticsHookPoints.beforeInventoryReport);
    const inventory = {
      // The base counts; mods that own countable things add theirs through the point. The spec's
      // mcpConnections is 0 until the MCP mod (when enabled) reports its count.
      collect: () => {
        const list = mods.list();
        return report.call({ mcpConnections: 0, modsInstalled: list.length, modsEnabled: list.filter((m) => m.status === 'loaded').length });
      },
    };
    http.route('status', statusRoute(runtime, mods, database, runStatus));
    http.route('metrics', metricsRoute(metrics));
    http.route('prometheus', prometheusRoute(metrics));
    http.route('sql', sqlRoute(database));
    http.route('inventory', inventoryRoute(inventory));
    const diag = modDiagnosticsRoutes(mods, modDiagnostics);
    http.route('mods', diag.list);
    http.route('mod-pending', diag.pending);
    http.route('mod-jobs', diag.jobs);
    http.route('mod-job', diag.job);
  },
});
