import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { DEFAULT_STALE_AFTER_MS, startHeartbeat } from '../../../sdk/helpers/liveness.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { agentRunsServiceRef } from '../../chat/src/contract.js';
import { groupChannelErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { channelRoutes } from './routes/channels.js';
import { ChannelStore } from './services/channel-store.js';
import { CursorSigner } from '../../../sdk/helpers/cursor-signer.js';
import { MAX_CURSOR } from './schemas/channels.schema.js';
import { DeliveryEngine } from './services/delivery-engine.js';
import { MessageStore } from './services/message-store.js';

interface GroupChannelSettings {
  /** On PostgreSQL a running delivery silent this long is marked interrupted. */
  staleAfterMs?: number;
}

export default defineMod({
  errors: [groupChannelErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    secrets: coreServices.secrets,
    settings: coreServices.settings,
    log: coreServices.logger,
    agents: agentsServiceRef,
    runs: agentRunsServiceRef,
  },
  async init({ http, db, extensions, secrets, settings, log, agents, runs }) {
    const channels = new ChannelStore(db, agents);
    const messages = new MessageStore(db, channels);
    const engine = new DeliveryEngine(messages, channels, agents, runs, log);

    // Deliveries a previous process left running: on the embedded database this process is the
    // only one (the data-dir lock), so all of them; on PostgreSQL those without a heartbeat.
    // Queued ones behind them go on.
    // The setting, read at every use: the sweep's bound is always the one the heartbeat beats by.
    const staleAfterMs = async () => (await settings.get<GroupChannelSettings>()).staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    const sweep = async (all: boolean) => {
      for (const channelId of await messages.interrupt(all ? { all: true } : { staleMs: await staleAfterMs() })) engine.kick(channelId);
    };
    await sweep(db.driver === 'pglite');
    const heartbeat = startHeartbeat({
      name: 'group channel delivery',
      beat: () => messages.heartbeat(engine.worker),
      sweep: db.driver === 'postgres' ? () => sweep(false) : undefined,
      staleAfterMs,
      log,
    });

    bindRoutes(
      http,
      channelRoutes({ channels, messages, engine, cursors: new CursorSigner(secrets, { invalid: groupChannelErrors.groupChannelCursorInvalid, stale: groupChannelErrors.groupChannelCursorStale }, MAX_CURSOR) }),
    );
    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) => db.transaction((trx) => channels.purgeAgent(trx, agentId), { join: unitOfWork }));

    return async () => {
      await heartbeat.dispose();
      await engine.close();
    };
  },
});
