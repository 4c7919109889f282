import path from 'node:path';
import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { attachmentsServiceRef } from './contract.js';
import { workspaceErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { attachmentRoutes } from './routes/attachments.js';
import { workspaceChangeRoutes } from './routes/workspace-changes.js';
import { workspaceFileRoutes } from './routes/workspace-files.js';
import { AttachmentStore } from './services/attachment-store.js';
import { WorkspaceChanges } from './services/workspace-changes.js';
import { WorkspaceFiles } from './services/workspace-files.js';
import { WorkspaceRoots } from './services/workspace-roots.js';

const EXPIRE_QUEUE = 'expire';
/** The expiry sweep runs again this long after each run. */
const SWEEP_EVERY_SECONDS = 3600;

export default defineMod({
  errors: [workspaceErrors],
  deps: {
    http: httpRouterFor<RouteId>(),
    db: coreServices.database,
    extensions: coreServices.extensions,
    jobs: coreServices.jobs,
    log: coreServices.logger,
    runtimeInfo: coreServices.runtimeInfo,
    agents: agentsServiceRef,
  },
  async init({ http, db, extensions, jobs, log, runtimeInfo, agents }, { provide }) {
    const roots = new WorkspaceRoots(path.join(runtimeInfo.dataDir, 'workspaces'), agents);
    const files = new WorkspaceFiles();
    // Date.now read at each use: tests move it to see attachments expire.
    const store = new AttachmentStore({ db, roots, clock: () => Date.now(), log });

    const routes = { ...workspaceFileRoutes(roots, files), ...workspaceChangeRoutes(roots, new WorkspaceChanges()), ...attachmentRoutes(roots, store) };
    for (const binding of Object.values(routes)) binding.validationError = workspaceErrors.workspaceRequestInvalid;
    bindRoutes(http, routes);
    provide(attachmentsServiceRef, store);

    // Expiry: one sweep at enable, then each sweep schedules the next (one per hour slot).
    jobs.work(EXPIRE_QUEUE, async () => {
      const removed = await store.expire();
      if (removed > 0) log.info({ removed }, 'expired attachments removed');
      await jobs.send(EXPIRE_QUEUE, {}, { startAfter: SWEEP_EVERY_SECONDS, singletonKey: 'next-sweep', singletonSeconds: SWEEP_EVERY_SECONDS });
    });
    await jobs.send(EXPIRE_QUEUE, {}, { retryLimit: 2 });

    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) => db.transaction((trx) => store.purgeAgent(trx, agentId), { join: unitOfWork }));
    // The files only once the rows are gone for good: a vetoed or retried deletion keeps them.
    extensions.tap(agentHookPoints.deleted, ({ agentId }) => store.removeAgentFolder(agentId));
  },
});
