import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { agentRunsServiceRef } from '../../chat/src/contract.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { usageHookPoints } from '../../usage/src/contract.js';
import { scheduleErrors } from './errors.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { schedulesExportCategory } from './export-category.js';
import type { RouteId } from './route-ids.js';
import { scheduledJobRoutes } from './routes/scheduled-jobs.js';
import { ScheduledJobs } from './services/scheduled-jobs.js';
import { Scheduler } from './services/scheduler.js';
import { scheduleJobDiagnostics } from './services/job-diagnostics.js';
import { Ticker } from '../../../sdk/helpers/index.js';
import { startHeartbeat } from '../../../sdk/helpers/liveness.js';

interface ScheduleSettings {
  tickMs: number;
  graceSeconds: number;
  staleRunSeconds: number;
}

export default defineMod({
  errors: [scheduleErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    agents: agentsServiceRef,
    agentRuns: agentRunsServiceRef,
    operator: operatorSettingsServiceRef,
    diagnostics: coreServices.diagnostics,
    tracing: coreServices.tracing,
  },
  async init({ http, db, extensions, settings, log, agents, agentRuns, operator, diagnostics, tracing }) {
    const clock = () => Date.now();
    const operatorTimezone = () => operator.timezone();
    const current = () => settings.get<ScheduleSettings>();
    const jobs = new ScheduledJobs({ db, agents, operatorTimezone, clock });
    const scheduler = new Scheduler({ db, runs: agentRuns, operatorTimezone, clock, timing: current, log, tracing });

    bindRoutes(http, scheduledJobRoutes(jobs, scheduler));
    extensions.provide(exportCategoryPoint, schedulesExportCategory({ db, agents, operatorTimezone, clock }));
    diagnostics.provide(scheduleJobDiagnostics(db));
    // A budget the operator changed may let the jobs it paused run again (the next one that is still short pauses again).
    extensions.tap(usageHookPoints.onBudgetChanged, async (change) => {
      const resumed = await jobs.resumePaused(change);
      if (resumed.length > 0) log.info({ jobs: resumed, budgetId: change.budgetId }, 'scheduled jobs a budget paused were resumed');
    });
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) => db.transaction((trx) => jobs.purgeAgent(trx, agentId), { join: unitOfWork }));

    // The embedded database has one process: runs left `running` belonged to one that is gone.
    // On PostgreSQL other replicas may own them; their heartbeats decide (Scheduler.tick).
    if (db.driver === 'pglite') await scheduler.recoverAfterRestart();
    // Heartbeat of the runs this process follows (sdk/helpers/liveness.ts: every third of
    // `staleRunSeconds`, 5 s at most, so a long `tickMs` never lets a live run look dead). The
    // sweep of stale runs is the tick's, right before it claims (a dead run must not make an
    // occurrence `skipped`).
    const heartbeat = startHeartbeat({
      name: 'scheduled run',
      beat: () => scheduler.beat(),
      staleAfterMs: async () => (await current()).staleRunSeconds * 1000,
      log,
    });
    const ticker = new Ticker(
      () => scheduler.tick(),
      async () => (await current()).tickMs,
      (error) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'scheduler tick failed'),
    );
    // The first tick runs now: occurrences missed while the service was down are recorded at start.
    ticker.start();
    return async () => {
      await heartbeat.dispose();
      scheduler.stop();
      return ticker.stop();
    };
  },
});
