import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { DEFAULT_STALE_AFTER_MS, startHeartbeat } from '../../../sdk/helpers/liveness.js';
import type { RouteId } from './route-ids.js';
import { taskBoardErrors } from './errors.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { agentRunsServiceRef, chatHookPoints } from '../../chat/src/contract.js';
import { projectRoutes } from './routes/projects.js';
import { taskRoutes } from './routes/tasks.js';
import { BoardStore } from './services/board-store.js';
import { TaskRunner } from './services/task-runner.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { taskBoardExportCategory } from './export-category.js';

interface TaskBoardSettings {
  /** A running row without a heartbeat this long was left by a process that is gone. */
  staleAfterMs?: number;
}

export default defineMod({
  errors: [taskBoardErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    agents: agentsServiceRef,
    agentRuns: agentRunsServiceRef,
  },
  async init({ http, db, extensions, settings, log, agents, agentRuns }) {
    const store = new BoardStore(db, agents);
    const runner = new TaskRunner(db, store, agents, agentRuns, log);

    // Runs a previous process left in flight: on the embedded database every one that is not
    // live (the chat mod marked its own rows interrupted before this mod started); on
    // PostgreSQL those whose consumer stopped beating.
    // The setting, read at every use: the sweep's bound is always the one the heartbeat beats by.
    const staleAfterMs = async () => (await settings.get<TaskBoardSettings>()).staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    const all = db.driver === 'pglite';
    const settled = await runner.sweep({ all, staleMs: await staleAfterMs() });
    if (settled.length > 0) log.warn({ runs: settled.length }, 'task runs left in flight by a previous process were marked interrupted');
    // Heartbeat of the runs this process consumes, and (PostgreSQL) the sweep of stale ones.
    const heartbeat = startHeartbeat({
      name: 'task run',
      beat: () => runner.heartbeat(),
      sweep: all ? undefined : async () => runner.sweep({ all: false, staleMs: await staleAfterMs() }),
      staleAfterMs,
      log,
    });

    bindRoutes(http, { ...projectRoutes(store, runner), ...taskRoutes(store, runner) });
    extensions.provide(exportCategoryPoint, taskBoardExportCategory(db, store, agents));

    // Deleting an agent keeps its tasks, unassigned, in the deletion's unit of work.
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await store.unassignAgent(trx, agentId);
        },
        { join: unitOfWork },
      ),
    );
    // A run that ends while no consumer of this process reads it (the mod was re-enabled mid-run).
    extensions.tap(chatHookPoints.onRunFinished, (event) => runner.onRunFinished(event).catch((err: unknown) => log.warn({ err, runId: event.runId }, 'settling a task run failed')));

    return async () => {
      await heartbeat.dispose();
      runner.close();
    };
  },
});
