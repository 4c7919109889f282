/**
 * The `tiddle` system mod: continuity memory and the Brain promotion inbox.
 *
 * - After each finished chat turn (`chat.onRunFinished`) the turn's residue (decisions, open
 *   questions, tasks; fixed rules in `services/residue.ts`) is appended to the agent's cards of
 *   the turn's continuity scope, under the agent's advisory lock.
 * - Before each model call (`chat.beforeModelCall`) the scope's newest cards, within the agent's
 *   budget, are added as "Continuity cards".
 * - A durable `merge` job every 4 hours proposes merged cards and cross-scope syntheses.
 * - Promotion candidates (`tiddle.candidates`, proposed by the curator, Dreams and others) wait
 *   for the operator; accepting one creates the Brain record in the same transaction.
 * - The memory curator runs on the settings mod's schedule, once per occurrence across processes.
 */
import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { brainRecordsServiceRef } from '../../brains/src/contract.js';
import { agentRunsServiceRef, chatHookPoints } from '../../chat/src/contract.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { usageHookPoints } from '../../usage/src/contract.js';
import { promotionCandidatesServiceRef } from './contract.js';
import { tiddleErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { tiddleRoutes } from './routes/tiddle.js';
import { Candidates } from './services/candidates.js';
import { CardStore } from './services/cards.js';
import { ContinuityHooks } from './services/continuity.js';
import { Curator } from './services/curator.js';
import { MERGE_EVERY_SECONDS, MERGE_QUEUE, MergePass } from './services/merge-pass.js';
import { Ticker } from '../../../sdk/helpers/index.js';

interface TiddleModSettings {
  tickMs: number;
  curatorGraceSeconds: number;
}

export default defineMod({
  errors: [tiddleErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    jobs: coreServices.jobs,
    settings: coreServices.settings,
    log: coreServices.logger,
    agents: agentsServiceRef,
    brains: brainRecordsServiceRef,
    operator: operatorSettingsServiceRef,
    runs: agentRunsServiceRef,
  },
  async init({ http, db, extensions, jobs, settings, log, agents, brains, operator, runs }, { provide }) {
    const clock = () => Date.now();
    const current = () => settings.get<TiddleModSettings>();
    const cards = new CardStore(db, clock);
    const candidates = new Candidates(db, agents, brains, clock);
    const curator = new Curator({
      db,
      cards,
      candidates,
      clock,
      settings: () => operator.curator(),
      timezone: () => operator.timezone(),
      graceSeconds: async () => (await current()).curatorGraceSeconds,
    });
    const merge = new MergePass(db, cards, () => runs, clock, log);
    const continuity = new ContinuityHooks(db, cards, log);

    bindRoutes(http, tiddleRoutes({ db, cards, candidates, curator, agents, merge }));
    provide(promotionCandidatesServiceRef, { propose: (request, options) => candidates.propose(request, options) });

    extensions.tap(chatHookPoints.onRunFinished, async (event) => {
      await continuity.runFinished(event);
    });
    extensions.tap(chatHookPoints.beforeModelCall, (context) => continuity.beforeModelCall(context));
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await cards.purgeAgent(trx, agentId);
          await candidates.purgeAgent(trx, agentId);
          await merge.purgeAgent(trx, agentId);
        },
        { join: unitOfWork },
      ),
    );

    // A budget the operator changed may let a merge pass it paused go on (a pass still short pauses it again).
    extensions.tap(usageHookPoints.onBudgetChanged, async (change) => {
      const resumed = await merge.resume(change);
      if (resumed.length > 0) log.info({ agents: resumed, budgetId: change.budgetId }, 'Tiddle merge passes a budget paused were resumed');
    });
    jobs.work(MERGE_QUEUE, async () => {
      await merge.run();
    });
    const ticker = new Ticker(
      async () => {
        await curator.tick();
        // One merge job per 4-hour window across every process (the queue dedupes by key and window).
        await jobs.send(MERGE_QUEUE, {}, { singletonKey: 'merge', singletonSeconds: MERGE_EVERY_SECONDS, retryLimit: 2, retryDelay: 60 });
      },
      async () => (await current()).tickMs,
      (error) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'tiddle tick failed'),
    );
    ticker.start();
    return () => ticker.stop();
  },
});
