import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { agentRunsServiceRef } from '../../chat/src/contract.js';
import { workItemErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { taskRoutes } from './routes/tasks.js';
import { workbenchRoutes } from './routes/workbench.js';
import { ItemStore } from './services/item-store.js';
import { StepRunner } from './services/step-runner.js';
import { WorkItems } from './services/work-items.js';
import { Workbench } from './services/workbench.js';
import { workItemJobDiagnostics } from './services/job-diagnostics.js';

interface WorkItemSettings {
  /** A running step without a heartbeat this long was left by a process that is gone. */
  staleAfterMs?: number;
}

export default defineMod({
  errors: [workItemErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    agents: agentsServiceRef,
    runs: agentRunsServiceRef,
    diagnostics: coreServices.diagnostics,
  },
  async init({ http, db, extensions, settings, log, agents, runs, diagnostics }) {
    const store = new ItemStore(db);
    const runner = new StepRunner(db, store, agents, runs, log, async () => (await settings.get<WorkItemSettings>()).staleAfterMs);
    await runner.open();
    const items = new WorkItems(db, agents, store, runner);
    const workbench = new Workbench(db, agents, runs, store, runner);

    bindRoutes(http, { ...taskRoutes(items, runner), ...workbenchRoutes(workbench) });
    diagnostics.provide(workItemJobDiagnostics(db));
    // In the agent deletion's unit of work (chat cancels the agent's runs; their late outcomes find no row).
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await store.purgeAgent(trx, agentId);
          await workbench.purgeAgent(trx, agentId);
        },
        { join: unitOfWork },
      ),
    );
    // Runs first on disable, while the database handle still works: steps in flight are stored as interrupted.
    return () => runner.close();
  },
});
