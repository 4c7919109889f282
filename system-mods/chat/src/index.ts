import { defineMod } from '../../../sdk/index.js';
import { chatErrors } from './errors.js';
import { runStatusServiceRef } from './contract.js';
import { runMetadata } from './services/run/run-metadata.js';
import { agentHookPoints } from '../../agents/src/contract.js';
import { diagnosticsHookPoints } from '../../diagnostics/src/contract.js';
import { TranscriptStore } from './services/archive/transcript-store.js';
import { chatDeps } from './wiring/deps.js';
import { wireArchive } from './wiring/archive.js';
import { wireContext } from './wiring/context.js';
import { runtimeHooks, wireRun } from './wiring/run.js';

export default defineMod({
  errors: [chatErrors],
  deps: chatDeps,
  async init(deps, { provide }) {
    const { db, extensions } = deps;
    const hooks = runtimeHooks(extensions);
    // Sessions and their messages: the run writes them, the context reads them, the archive serves them.
    const transcript = new TranscriptStore(db);
    const context = wireContext(deps, { transcript, hooks });
    const run = await wireRun(deps, { transcript, hooks, context }, provide);
    const archive = wireArchive(deps, { transcript, runtime: run.runtime, store: run.store }, provide);
    const metadata = { settings: deps.settings, agents: deps.agents, gateway: () => deps.gateway.get(), store: run.store, retention: archive.retention };
    provide(runStatusServiceRef, { status: (agentId?: string) => run.runtime.status(agentId), metadata: (agentId?: string) => runMetadata(metadata, agentId) });

    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) => {
      run.runtime.cancelAgent(agentId, 'the agent is being deleted');
      return db.transaction(
        async (trx) => {
          await run.deleteForAgent(agentId, trx);
          await context.summaries.deleteForAgent(agentId, trx);
          await transcript.deleteForAgent(agentId, trx);
        },
        { join: unitOfWork },
      );
    });
    extensions.tap(diagnosticsHookPoints.beforeInventoryReport, async (counts) => ({ ...counts, chatSessions: await transcript.count(), chatRuns: await run.store.count() }));

    // First on disable and shutdown: active runs stop (run.failed, interrupted) and are written.
    return async () => {
      await run.stopWatching();
      await archive.stopRetention();
      await run.runtime.close();
    };
  },
});
