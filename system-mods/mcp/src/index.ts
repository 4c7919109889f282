import { bindRoutes, httpRouterFor, coreServices, defineMod, optional } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { executionBoundariesServiceRef } from '../../settings/src/contract.js';
import { MCP_STATES, mcpToolsServiceRef } from './contract.js';
import { mcpErrors } from './errors.js';
import { tapInventoryCount } from './hooks/inventory-count.js';
import { mcpConnectionRoutes } from './routes/mcp-connections.js';
import { ConnectionManager, type McpTimings } from './services/connection-manager.js';
import { ConnectionStore } from './services/connection-store.js';
import { stdioLaunchPolicy } from './services/launch-policy.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { mcpExportCategory } from './export-category.js';

/** Change name of a saved or deleted connection (key: its id). */
const MCP_CONNECTIONS_CHANGED = 'connections';
const MCP_CONNECTIONS_TOPIC = `mcp.${MCP_CONNECTIONS_CHANGED}`;

export default defineMod({
  errors: [mcpErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    secrets: coreServices.secrets,
    settings: coreServices.settings,
    extensions: coreServices.extensions,
    logger: coreServices.logger,
    egress: coreServices.egress,
    boundaries: optional(executionBoundariesServiceRef),
    changes: coreServices.changes,
    instruments: coreServices.instruments,
  },
  init({ http, db, secrets, settings, extensions, logger, egress, boundaries, changes, instruments }, { manifest, provide }) {
    // The operator's execution boundaries decide which stdio servers may be saved and started.
    const stdioLaunch = stdioLaunchPolicy(boundaries);
    const store = new ConnectionStore(db, secrets, { egress, stdioLaunch });
    const manager = new ConnectionManager({
      source: store,
      egress,
      stdioLaunch,
      // Read per use, so a changed timeout applies to the next call without a restart.
      timings: () => settings.get<McpTimings>(),
      logger,
      clientInfo: { name: 'svc', version: manifest.version },
    });
    // A kept client checks the row's revision on every use; closing it when another process
    // changed or deleted the connection also ends a stdio child nobody will use again.
    changes.subscribe(MCP_CONNECTIONS_TOPIC, (notice) => {
      if (notice.local) return;
      const ids = notice.resync || notice.key === undefined ? manager.keptIds() : [notice.key];
      for (const id of ids) {
        void manager
          .release(id)
          // Deleted elsewhere: what this process knew of it goes too.
          .then(async () => (notice.key !== undefined && !(await store.has(id)) ? manager.forget(id) : undefined))
          .catch((err: unknown) => logger.warn({ err, connectionId: id }, 'closing a kept MCP client failed'));
      }
    });
    const changed = (id: string) => changes.publish(MCP_CONNECTIONS_CHANGED, id).catch(() => undefined);
    bindRoutes(http, mcpConnectionRoutes(store, manager, changed));
    tapInventoryCount(extensions, store);
    extensions.provide(exportCategoryPoint, mcpExportCategory(db, secrets, { egress, stdioLaunch }));
    // `/metrics`: how many of this process's connections are in each state (every state, zeros
    // included, so a dashboard can alert on circuit_open > 0; no connection id as a label).
    instruments.gauge({
      name: 'svc_mcp_connections',
      help: 'MCP connections this process uses, by supervisor state',
      labels: ['state'],
      read: () => {
        const counts = new Map<string, number>(MCP_STATES.map((state) => [state, 0]));
        for (const status of manager.states()) counts.set(status.state, (counts.get(status.state) ?? 0) + 1);
        return [...counts].map(([state, value]) => ({ labels: { state }, value }));
      },
    });
    // The chat runtime calls granted tools through this; disabled connections are refused.
    provide(mcpToolsServiceRef, {
      listTools: (connectionId, options = {}) => manager.listTools(connectionId, { ...options, requireEnabled: true }),
      callTool: (connectionId, toolName, args, options = {}) => manager.callTool(connectionId, toolName, args, { ...options, requireEnabled: true }),
      states: () => manager.states(),
      onStateChange: (listener) => manager.onStateChange(listener),
    });
    // Runs first on disable and shutdown: every client is closed and every stdio child has exited.
    return () => manager.closeAll();
  },
});
