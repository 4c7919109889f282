import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { agentRunsServiceRef } from '../../chat/src/contract.js';
import { groupChannelErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { channelRoutes } from './routes/channels.js';
import { ChannelStore } from './services/channel-store.js';
import { CursorSigner } from '../../../sdk/cursor-signer.js';
import { MAX_CURSOR } from './schemas/channels.schema.js';
import { DeliveryEngine } from './services/delivery-engine.js';
import { MessageStore } from './services/message-store.js';

/** Running deliveries say they are alive this often; on PostgreSQL one silent for STALE_MS is marked interrupted. */
const HEARTBEAT_MS = 30_000;
const STALE_MS = 90_000;

export default defineMod({
  errors: [groupChannelErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    secrets: coreServices.secrets,
    log: coreServices.logger,
    agents: agentsServiceRef,
    runs: agentRunsServiceRef,
  },
  async init({ http, db, extensions, secrets, log, agents, runs }) {
    const channels = new ChannelStore(db, agents);
    const messages = new MessageStore(db, channels);
    const engine = new DeliveryEngine(messages, channels, agents, runs, log);

    // Deliveries a previous process left running: on the embedded database this process is the
    // only one (the data-dir lock), so all of them; on PostgreSQL those without a heartbeat.
    // Queued ones behind them go on.
    const sweep = async (all: boolean) => {
      for (const channelId of await messages.interrupt(all ? { all: true } : { staleMs: STALE_MS })) engine.kick(channelId);
    };
    await sweep(db.driver === 'pglite');
    const heartbeat = setInterval(() => {
      void messages
        .heartbeat(engine.worker)
        .then(() => (db.driver === 'postgres' ? sweep(false) : undefined))
        .catch((err: unknown) => log.warn({ err }, 'group channel heartbeat failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();

    bindRoutes(http, channelRoutes({ channels, messages, engine, cursors: new CursorSigner(secrets, { invalid: groupChannelErrors.groupChannelCursorInvalid, stale: groupChannelErrors.groupChannelCursorStale }, MAX_CURSOR) }));
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) =>
      db.transaction((trx) => channels.purgeAgent(trx, agentId), { join: unitOfWork }),
    );

    return async () => {
      clearInterval(heartbeat);
      await engine.close();
    };
  },
});
