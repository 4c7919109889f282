import { coreServices, defineMod, httpRouterFor, optional, type RouteBinding, type RouteTable } from '../../../sdk/index.js';
import { modelCatalogServiceRef } from '../../model-connections/src/contract.js';
import { agentErrors } from './errors.js';
import { agentHookPoints, agentsServiceRef, dreamSettingsServiceRef } from './contract.js';
import { runStatusServiceRef } from '../../chat/src/contract.js';
import type { Knex } from 'knex';
import { agentConfigRoutes } from './routes/agent-config.js';
import { agentStatusRoute } from './routes/agent-status.js';
import { agentRoutes } from './routes/agents.js';
import { AgentRegistry } from './services/agent-registry.js';
import { agentsService } from './services/agents-service.js';
import { DreamSettingsService } from './services/dream-settings.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { agentsExportCategory } from './export-category.js';
import { ModelChoiceChecker } from './services/model-choice.js';
import type { RouteId } from './route-ids.js';

export default defineMod({
  errors: [agentErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    log: coreServices.logger,
    catalog: optional(modelCatalogServiceRef),
    // Live runs come from the chat mod's engine when it is enabled (agents is enabled first).
    runStatus: optional(runStatusServiceRef),
  },
  init({ http, db, extensions, log, catalog, runStatus }, { provide }) {
    // Mods that keep rows per agent tap agents.beforeDelete; each joins the deletion's unit of
    // work (a token for this transaction) and writes through a view checked against its own tables.
    const beforeDelete = extensions.hook(agentHookPoints.beforeDelete);
    // Once the deletion committed, taps remove what is outside the database; the deletion stands either way.
    const deleted = extensions.hook(agentHookPoints.deleted);
    const records = {
      purge: (agentId: string, trx: Knex.Transaction) => beforeDelete.call({ agentId, unitOfWork: db.unitOfWork(trx) }),
      deleted: (agentId: string) => deleted.call({ agentId }).catch((err: unknown) => log.error({ err, agentId }, "removing a deleted agent's files failed")),
    };
    const models = new ModelChoiceChecker(catalog);
    const registry = new AgentRegistry(db, models);
    const dreams = new DreamSettingsService(db, registry, models);
    const routes: RouteTable<RouteId> = { ...agentRoutes(registry, db, records), ...agentConfigRoutes(registry, dreams) };
    // The table's keys are RouteIds (Object.entries widens them to string).
    for (const [id, binding] of Object.entries(routes) as [RouteId, RouteBinding][]) {
      http.route(id, binding);
    }
    http.route('status', agentStatusRoute(registry, runStatus));
    extensions.provide(exportCategoryPoint, agentsExportCategory(db, registry));
    provide(agentsServiceRef, agentsService(registry, db));
    provide(dreamSettingsServiceRef, {
      get: async (agentId) => ({ agentId, ...(await dreams.get(agentId)) }),
      listEnabled: async () =>
        (
          await db
            .knex('agents_dream_settings as d')
            .join('agents_agents as a', 'a.id', 'd.agent_id')
            .where({ 'd.enabled': true, 'a.enabled': true })
            .select('d.agent_id', 'd.cron', 'd.timezone', 'd.prompt', 'd.model_connection_id', 'd.model', 'd.review_memory')
        ).map((r: Record<string, string | null>) => ({
          agentId: r.agent_id!,
          enabled: true,
          cron: r.cron!,
          timezone: r.timezone ?? null,
          prompt: r.prompt ?? '',
          modelConnectionId: r.model_connection_id ?? null,
          model: r.model ?? null,
          reviewMemory: Boolean(r.review_memory),
        })),
      effectiveModel: async (agentId) => dreams.effectiveModel(agentId, await dreams.get(agentId)),
    });
  },
});
