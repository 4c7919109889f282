import { coreServices, defineMod, modelCatalogServiceRef, modelGatewayServiceRef } from '../../../sdk/index.js';
import { loadBundledCatalog, ModelCatalog } from './catalog.js';
import { ConnectionService } from './connections.js';
import { createModelGateway } from './gateway.js';
import { connectionRoutes } from './routes.js';

export default defineMod({
  deps: {
    http: coreServices.httpRouter,
    db: coreServices.database,
    secrets: coreServices.secrets,
    settings: coreServices.settings,
    log: coreServices.logger,
    providers: coreServices.modelProviderCatalog,
  },
  async init({ http, db, secrets, settings, log, providers }, { provide }) {
    const catalog = new ModelCatalog(loadBundledCatalog(), db, settings, log);
    const connections = new ConnectionService(db, secrets, providers, catalog, log);
    await connections.load();
    for (const [id, binding] of Object.entries(connectionRoutes(connections))) http.route(id, binding);
    provide(modelCatalogServiceRef, { connection: (connectionId) => connections.connection(connectionId) });
    provide(modelGatewayServiceRef, createModelGateway(connections));
  },
});
