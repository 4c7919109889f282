import { bindRoutes, coreServices, defineMod, httpRouterFor, optional } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { gatewayErrors } from './errors.js';
import { agentsServiceRef } from '../../agents/src/contract.js';
import { executionBoundariesServiceRef } from '../../settings/src/contract.js';
import { gatewayRoutes } from './routes/gateways.js';
import { targetRoutes } from './routes/targets.js';
import { gatewayErrors as errors } from './errors.js';
import { ControllerConfig } from './services/controller-config.js';
import { GatewayRegistry } from './services/gateway-registry.js';
import { Listener } from './services/listener.js';
import { Operations } from './services/operations.js';
import { Targets } from './services/targets.js';
import { processTool } from './tools/process-tool.js';

export default defineMod({
  errors: [gatewayErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    secrets: coreServices.secrets,
    tools: coreServices.tools,
    log: coreServices.logger,
    // Without the settings mod's execution boundaries nothing tells what may run, so nothing runs.
    boundaries: optional(executionBoundariesServiceRef),
    // The process_run tool reads the calling agent's execution environment.
    agents: optional(agentsServiceRef),
  },
  async init({ http, db, secrets, tools, log, boundaries, agents }) {
    const config = new ControllerConfig(db, secrets);
    const registry = new GatewayRegistry(db, secrets);
    const operations = new Operations(db, boundaries, log);
    const listener = new Listener(config, registry, log, {
      authenticated: (connection) => {
        log.info({ gatewayId: connection.gatewayId }, 'gateway connected');
        operations.authenticated(connection).catch((error) => log.warn({ err: (error as Error).message }, 'gateway sync failed'));
      },
      frame: (connection, frame) => operations.frame(connection.gatewayId, frame),
      closed: (connection) => {
        log.info({ gatewayId: connection.gatewayId }, 'gateway disconnected');
        registry.seen(connection.gatewayId, {}).catch(() => undefined);
      },
    });
    operations.attach(listener);
    const routes = { ...targetRoutes(new Targets(db)), ...gatewayRoutes({ config, registry, listener, operations }) };
    for (const binding of Object.values(routes)) if (binding) binding.validationError = errors.gatewayRequestInvalid;
    bindRoutes(http, routes as Required<typeof routes>);
    for (const [name, binding] of Object.entries(processTool(operations, agents))) tools.register(name, binding);
    // The listener follows the stored settings on every start of the mod.
    await listener.restart();
    return async () => {
      await listener.stop();
      await operations.flushAll();
    };
  },
});
