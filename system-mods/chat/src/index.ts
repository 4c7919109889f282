import path from 'node:path';
import { coreServices, defineMod, modelGatewayServiceRef, optional } from '../../../sdk/index.js';
import { chatErrors } from './errors.js';
import { agentSkillsServiceRef } from '../../skills/src/contract.js';
import { agentHookPoints, agentsServiceRef } from '../../agents/src/contract.js';
import { mcpToolsServiceRef } from '../../mcp/src/contract.js';
import { diagnosticsHookPoints } from '../../diagnostics/src/contract.js';
import { attachmentsServiceRef } from '../../workspace/src/contract.js';
import { agentRunsServiceRef, chatHookPoints, runStatusServiceRef, sessionArtifactsServiceRef, transcriptsServiceRef, type RuntimeHooksService, type ToolCallVeto } from './contract.js';
import { chatRoutes } from './routes/chat.js';
import { sessionRoutes } from './routes/sessions.js';
import { AgentRunEngine } from './services/agent-run-engine.js';
import type { ChatSettings } from './services/run-context.js';
import { RunStore } from './services/run-store.js';
import { SteeringStore } from './services/steering-store.js';
import { ToolBelt } from './services/tool-belt.js';
import { TranscriptStore } from './services/transcript-store.js';
import { transcriptReader } from './services/transcript-reader.js';

/** Heartbeat of active run rows; a row without one for `staleRunAfterMs` is marked interrupted. */
const HEARTBEAT_MS = 15_000;

export default defineMod({
  errors: [chatErrors],
  deps: {
    http: coreServices.httpRouter,
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    log: coreServices.logger,
    runtimeInfo: coreServices.runtimeInfo,
    toolCatalog: coreServices.toolCatalog,
    agents: agentsServiceRef,
    gateway: optional(modelGatewayServiceRef),
    skills: optional(agentSkillsServiceRef),
    mcp: optional(mcpToolsServiceRef),
    // Where attachments are kept; without it they are metadata only.
    attachments: optional(attachmentsServiceRef),
  },
  async init({ http, db, extensions, settings, log, runtimeInfo, toolCatalog, agents, gateway, skills, mcp, attachments }, { provide }) {
    // The runtime calls the hook points this mod owns (contributes.extensionPoints); other mods tap them.
    const modelCall = extensions.hook(chatHookPoints.beforeModelCall);
    const toolCall = extensions.hook(chatHookPoints.beforeToolCall);
    const toolResult = extensions.hook(chatHookPoints.afterToolCall);
    const runFinished = extensions.hook(chatHookPoints.onRunFinished);
    const runtimeHooks: RuntimeHooksService = {
      beforeModelCall: (context) => modelCall.call(context),
      beforeToolCall: async (event) => ((await toolCall.call(event)) ?? undefined) as ToolCallVeto | undefined,
      afterToolCall: (event) => toolResult.call(event),
      onRunFinished: (event) => runFinished.call(event),
    };
    const transcript = new TranscriptStore(db);
    const store = new RunStore(db);
    const steering = new SteeringStore(db);
    const belt = new ToolBelt({ catalog: toolCatalog, mcp: () => mcp.get(), workspacesDir: path.join(runtimeInfo.dataDir, 'workspaces'), log });
    const runtime = new AgentRunEngine({ agents, gateway: () => gateway.get(), skills: () => skills.get(), hooks: runtimeHooks, settings, transcript, store, steering, belt, log, attachments: () => attachments.get() });

    // Runs a previous process left running: on the embedded database this process is the only
    // one (the data-dir lock), so all of them; on PostgreSQL only those without a heartbeat.
    const sweep = async (all: boolean) => {
      const { staleRunAfterMs } = await settings.get<ChatSettings>();
      const ids = await store.sweepInterrupted({ all, staleMs: staleRunAfterMs, activeHere: runtime.activeRunIds() });
      await steering.sweepRuns(ids);
      if (ids.length > 0) log.warn({ runs: ids.length }, 'runs left running by a previous process were marked interrupted');
    };
    await sweep(db.driver === 'pglite');
    const heartbeat = setInterval(() => {
      void store
        .heartbeat(runtime.activeRunIds())
        .then(() => (db.driver === 'postgres' ? sweep(false) : undefined))
        .catch((err: unknown) => log.warn({ err }, 'chat run heartbeat failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();

    for (const [id, binding] of Object.entries({
      ...chatRoutes({ agentRuns: runtime, store, steering, agents }),
      ...sessionRoutes({ runtime, transcript, store, agents }),
    })) {
      http.route(id, binding);
    }

    provide(agentRunsServiceRef, runtime);
    provide(runStatusServiceRef, { status: (agentId?: string) => runtime.status(agentId) });
    provide(transcriptsServiceRef, transcriptReader(db));
    provide(sessionArtifactsServiceRef, {
      appendArtifact: (request, options) => db.transaction((trx) => transcript.appendArtifact(trx, request), options?.unitOfWork ? { join: options.unitOfWork } : undefined),
    });

    extensions.tap(agentHookPoints.beforeDelete, ({ agentId, unitOfWork }) => {
      runtime.cancelAgent(agentId, 'the agent is being deleted');
      return db.transaction(
        async (trx) => {
          await steering.deleteForAgent(agentId, trx);
          await store.deleteForAgent(agentId, trx);
          await transcript.deleteForAgent(agentId, trx);
        },
        { join: unitOfWork },
      );
    });
    extensions.tap(diagnosticsHookPoints.beforeInventoryReport, async (counts) => ({ ...counts, chatSessions: await transcript.count(), chatRuns: await store.count() }));

    // First on disable and shutdown: active runs stop (run.failed, interrupted) and are written.
    return async () => {
      clearInterval(heartbeat);
      await runtime.close();
    };
  },
});
