import { bindRoutes, httpRouterFor, coreServices, defineMod, optional } from '../../../sdk/index.js';
import type { RouteId } from './route-ids.js';
import { connectionErrors } from './errors.js';
import { connectionCredentialsServiceRef } from '../../provider-logins/src/contract.js';
import { connectionAccessServiceRef, modelCallHookPoints, modelConnectionDirectoryServiceRef, modelCatalogServiceRef, modelGatewayServiceRef } from './contract.js';
import { UpstreamError } from '../../../sdk/helpers/providers/upstream-error.js';
import { loadBundledCatalog, ModelCatalog } from './catalog.js';
import { ConnectionService } from './connections.js';
import { modelProviderPoint } from './contract.js';
import { ProviderAdapters } from './provider-adapters.js';
import { createModelGateway, meteredCall } from './gateway.js';
import { connectionRoutes } from './routes.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { connectionsExportCategory } from './export-category.js';

export default defineMod({
  errors: [connectionErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    secrets: coreServices.secrets,
    settings: coreServices.settings,
    log: coreServices.logger,
    extensions: coreServices.extensions,
    logins: optional(connectionCredentialsServiceRef),
    egress: coreServices.egress,
    changes: coreServices.changes,
  },
  async init({ http, db, secrets, settings, log, extensions, logins, egress, changes }, { provide }) {
    const providers = new ProviderAdapters(extensions.list(modelProviderPoint), log);
    const catalog = new ModelCatalog(loadBundledCatalog(), db, settings, log, egress);
    const connections = new ConnectionService(db, secrets, providers, catalog, log, () => logins.get(), egress);
    // Subscribed before the first load: a change another process makes meanwhile is not missed.
    connections.shareChanges(changes);
    await connections.load();
    bindRoutes(http, connectionRoutes(connections, providers));
    extensions.provide(exportCategoryPoint, connectionsExportCategory(db, secrets, connections, egress));
    provide(modelCatalogServiceRef, { connection: (connectionId) => connections.connection(connectionId) });
    const callHooks = { before: extensions.hook(modelCallHookPoints.beforeModelCall), settle: extensions.hook(modelCallHookPoints.settleModelCall), after: extensions.hook(modelCallHookPoints.afterModelCall) };
    provide(modelGatewayServiceRef, createModelGateway(connections, callHooks, log));
    provide(modelConnectionDirectoryServiceRef, {
      get: (connectionId) => connections.summary(connectionId),
      create: async (input) => (await connections.summary((await connections.save(input)).connection.id))!,
    });
    provide(connectionAccessServiceRef, {
      list: async () =>
        (await connections.list()).map((c) => ({
          id: c.id,
          provider: c.provider,
          apiType: c.apiType,
          models: c.models.map((m) => ({ id: m.id, enabled: m.enabled, ...(m.capabilities.outputModalities ? { outputModalities: [...m.capabilities.outputModalities] } : {}) })),
        })),
      withConnection: async (connectionId, call, metered) => {
        if (metered) return meteredCall(connections, callHooks, log, connectionId, metered, (resolved) => call(resolved.connection, resolved.view.apiType));
        const resolved = await connections.resolve(connectionId);
        if (!resolved) throw new UpstreamError('connection_unavailable', `model connection ${connectionId.slice(0, 100)} does not exist`);
        return call(resolved.connection, resolved.view.apiType);
      },
    });
  },
});
