import { agentsServiceRef, coreServices, defineMod, modelCatalogServiceRef, optional } from '../../../sdk/index.js';
import { runStatusServiceRef } from '../../chat/src/contract.js';
import { agentConfigRoutes } from './routes/agent-config.js';
import { agentStatusRoute } from './routes/agent-status.js';
import { agentRoutes } from './routes/agents.js';
import { AgentRegistry } from './services/agent-registry.js';
import { DreamSettingsService } from './services/dream-settings.js';
import { ModelChoiceChecker } from './services/model-choice.js';

export default defineMod({
  deps: {
    http: coreServices.httpRouter,
    db: coreServices.database,
    records: coreServices.agentRecords,
    catalog: optional(modelCatalogServiceRef),
    // Live runs come from the chat mod's engine when it is enabled (agents is enabled first).
    runStatus: optional(runStatusServiceRef),
  },
  init({ http, db, records, catalog, runStatus }, { provide }) {
    const models = new ModelChoiceChecker(catalog);
    const registry = new AgentRegistry(db, models);
    const dreams = new DreamSettingsService(db, registry, models);
    for (const [id, binding] of Object.entries({ ...agentRoutes(registry, db, records), ...agentConfigRoutes(registry, dreams) })) {
      http.route(id, binding);
    }
    http.route('status', agentStatusRoute(registry, runStatus));
    provide(agentsServiceRef, registry);
  },
});
