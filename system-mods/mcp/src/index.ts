import { coreServices, defineMod } from '../../../sdk/index.js';
import { tapInventoryCount } from './hooks/inventory-count.js';
import { mcpConnectionRoutes } from './routes/mcp-connections.js';
import { ConnectionManager, type McpTimings } from './services/connection-manager.js';
import { ConnectionStore } from './services/connection-store.js';

export default defineMod({
  deps: {
    http: coreServices.httpRouter,
    db: coreServices.database,
    secrets: coreServices.secrets,
    settings: coreServices.settings,
    hooks: coreServices.hooks,
    logger: coreServices.logger,
  },
  init({ http, db, secrets, settings, hooks, logger }, { manifest }) {
    const store = new ConnectionStore(db, secrets);
    const manager = new ConnectionManager({
      source: store,
      // Read per use, so a changed timeout applies to the next call without a restart.
      timings: () => settings.get<McpTimings>(),
      logger,
      clientInfo: { name: 'svc', version: manifest.version },
    });
    for (const [id, binding] of Object.entries(mcpConnectionRoutes(store, manager))) http.route(id, binding);
    tapInventoryCount(hooks, store);
    // Runs first on disable and shutdown: every client is closed and every stdio child has exited.
    return () => manager.closeAll();
  },
});
