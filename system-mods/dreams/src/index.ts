import { randomBytes } from 'node:crypto';
import { bindRoutes, coreServices, defineMod, httpRouterFor, optional } from '../../../sdk/index.js';
import { startHeartbeat } from '../../../sdk/helpers/liveness.js';
import { agentHookPoints, agentsServiceRef, dreamSettingsServiceRef } from '../../agents/src/contract.js';
import { agentRunsServiceRef, transcriptsServiceRef } from '../../chat/src/contract.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { promotionCandidatesServiceRef } from '../../tiddle/src/contract.js';
import { usageHookPoints } from '../../usage/src/contract.js';
import { dreamErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { dreamRoutes } from './routes/dreams.js';
import { DreamCycles } from './services/dream-cycles.js';
import { DreamMemory } from './services/dream-memory.js';
import { DreamScheduler, type DreamTiming } from './services/dream-scheduler.js';
import { dreamJobDiagnostics } from './services/job-diagnostics.js';

interface DreamModSettings extends DreamTiming {
  tickMs: number;
}

export default defineMod({
  errors: [dreamErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    dreamSettings: dreamSettingsServiceRef,
    agents: agentsServiceRef,
    agentRuns: agentRunsServiceRef,
    transcripts: transcriptsServiceRef,
    operator: operatorSettingsServiceRef,
    // The candidate store may be absent: items are then listed in the receipt only.
    candidates: optional(promotionCandidatesServiceRef),
    diagnostics: coreServices.diagnostics,
    tracing: coreServices.tracing,
  },
  async init({ http, db, extensions, settings, log, dreamSettings, agents, agentRuns, transcripts, operator, candidates, diagnostics, tracing }) {
    const clock = () => Date.now();
    const current = () => settings.get<DreamModSettings>();
    const dreams = new DreamCycles({
      db,
      runs: agentRuns,
      transcripts,
      candidates: () => candidates.get(),
      settings: dreamSettings,
      operatorTimezone: () => operator.timezone(),
      clock,
      log,
      owner: `p-${randomBytes(8).toString('hex')}`,
      tracing,
    });
    const scheduler = new DreamScheduler({ cycles: dreams, settings: dreamSettings, clock, timing: current, driver: db.driver, log });

    const memory = new DreamMemory({ runs: agentRuns, diary: dreams.diary, settings: dreamSettings, agents: () => agents, clock });

    bindRoutes(http, dreamRoutes(dreams, memory, dreamSettings, clock));
    diagnostics.provide(dreamJobDiagnostics(db));
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await dreams.diary.deleteForAgent(trx, agentId);
          await dreams.checkpoints.deleteForAgent(trx, agentId);
          await dreams.cycles.deleteForAgent(trx, agentId);
          await dreams.pauses.deleteForAgent(trx, agentId);
        },
        { join: unitOfWork },
      ),
    );

    // A budget the operator changed may let the Dreams it paused run again (the next cycle that is still short pauses again).
    extensions.tap(usageHookPoints.onBudgetChanged, async (change) => {
      const resumed = await dreams.pauses.resume(change);
      if (resumed.length > 0) log.info({ agents: resumed, budgetId: change.budgetId }, 'Dreams a budget paused were resumed');
    });

    const recovered = await scheduler.recoverAfterRestart();
    if (recovered > 0) log.warn({ cycles: recovered }, 'Dream cycles left running by a previous process were marked interrupted');

    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    let ticking: Promise<unknown> = Promise.resolve();
    const schedule = async () => {
      if (stopped) return;
      timer = setTimeout(
        () => {
          ticking = scheduler
            .tick()
            .catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'Dream scheduler tick failed'))
            .finally(() => void schedule());
        },
        (await current()).tickMs,
      );
      timer.unref();
    };
    await schedule();
    // Cycles of this process show they are alive whatever the tick interval, every third of
    // staleCycleSeconds (5 s at most). The sweep stays in the scheduler's tick: PostgreSQL
    // replicas interrupt cycles whose heartbeat is older than staleCycleSeconds.
    const heartbeat = startHeartbeat({
      name: 'Dream cycle',
      beat: () => dreams.cycles.heartbeat(dreams.activeIds(), clock()),
      staleAfterMs: async () => (await current()).staleCycleSeconds * 1000,
      log,
    });
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await heartbeat.dispose();
      await ticking;
      await dreams.stop();
    };
  },
});
