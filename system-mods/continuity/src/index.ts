/**
 * The `continuity` system mod: carrying work from one session to the next.
 *
 * - A session's continuity scope (`continuity_scopes`): set over the API or by the first chat
 *   turn naming one (`chat.beforeTurnAccepted`); a turn naming another is refused with 409
 *   `continuity_scope_mismatch` before anything is stored or streamed; a turn naming none runs
 *   in the session's scope, so memory (`ModelCallContext.continuityScope`) follows it.
 * - Handoffs (`continuity_handoffs`): one per session, explicit or an automatic candidate that
 *   never replaces an explicit one; the next session of the same agent and scope gets the newest
 *   as a "HANDOFF" context section (`chat.beforeModelCall`). Kept 14 days; a periodic sweep
 *   deletes expired ones.
 * - An agent's rows go with it (`agents.beforeDelete`), a session's with its purge
 *   (`chat.beforeSessionPurge`), in the deleting transaction.
 */
import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { Ticker } from '../../../sdk/helpers/index.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { chatHookPoints } from '../../chat/src/contract.js';
import { continuityErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { continuityRoutes } from './routes/continuity.js';
import { ChatTaps } from './services/chat-taps.js';
import { Continuity } from './services/continuity.js';
import { HandoffStore } from './services/handoffs.js';
import { ScopeStore } from './services/scopes.js';

interface ContinuitySettings {
  sweepIntervalMs: number;
}

export default defineMod({
  errors: [continuityErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    changes: coreServices.changes,
    agents: agentsServiceRef,
  },
  async init({ http, db, extensions, settings, log, changes, agents }) {
    const clock = () => Date.now();
    const scopes = new ScopeStore(db, clock, changes);
    const handoffs = new HandoffStore(db, clock, changes);
    const taps = new ChatTaps(scopes, handoffs);

    bindRoutes(http, continuityRoutes(new Continuity(db, agents, scopes, handoffs)));

    extensions.tap(chatHookPoints.beforeTurnAccepted, (turn) => taps.beforeTurnAccepted(turn));
    extensions.tap(chatHookPoints.beforeModelCall, (context) => taps.beforeModelCall(context));
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await handoffs.deleteForAgent(trx, agentId);
          await scopes.deleteForAgent(trx, agentId);
        },
        { join: unitOfWork },
      ),
    );
    extensions.tap(chatHookPoints.beforeSessionPurge, ({ agentId, sessionId, unitOfWork }) =>
      db.transaction(
        async (trx) => {
          await handoffs.deleteForSession(trx, agentId, sessionId);
          await scopes.deleteForSession(trx, agentId, sessionId);
        },
        { join: unitOfWork },
      ),
    );

    const sweeper = new Ticker(
      async () => {
        const deleted = await handoffs.sweep();
        if (deleted > 0) log.info({ deleted }, 'expired handoffs deleted');
      },
      async () => (await settings.get<ContinuitySettings>()).sweepIntervalMs,
      (error) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'handoff sweep failed'),
    );
    sweeper.start();
    return () => sweeper.stop();
  },
});
