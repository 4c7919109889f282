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
import { retentionRoutes } from './routes/retention.js';
import { SessionOps } from './services/archive/session-ops.js';
import { scheduleDailyCleanup, TraceRetention, type RetentionTiming } from './services/archive/trace-retention.js';
import { archiveRoutes } from './routes/archive.js';
import { ArchiveReader } from './services/archive/archive-reader.js';
import { SessionSearch } from './services/archive/session-search.js';
import { CursorSigner } from '../../../sdk/cursor-signer.js';
import { startHeartbeat } from '../../../sdk/liveness.js';
import { operatorSettingsServiceRef } from '../../settings/src/contract.js';
import { AgentRunEngine } from './services/run/agent-run-engine.js';
import type { ChatSettings } from './services/run/run-context.js';
import { RunStore } from './services/run/run-store.js';
import { RunLiveness } from './services/run/run-liveness.js';
import { SteeringStore } from './services/run/steering-store.js';
import { ToolBelt } from './services/run/tool-belt.js';
import { TranscriptStore } from './services/archive/transcript-store.js';
import { transcriptReader } from './services/archive/transcript-reader.js';
import { SummaryStore } from './services/context/summary-store.js';
import { ContextInspector } from './services/context/context-inspector.js';
import { contextRoutes } from './routes/context.js';
import { exportCategoryPoint } from '../../export/src/contract.js';
import { sessionsExportCategory } from './export-category.js';

export default defineMod({
  errors: [chatErrors],
  deps: {
    http: coreServices.httpRouter,
    db: coreServices.database,
    extensions: coreServices.extensions,
    settings: coreServices.settings,
    jobs: coreServices.jobs,
    log: coreServices.logger,
    runtimeInfo: coreServices.runtimeInfo,
    changes: coreServices.changes,
    secrets: coreServices.secrets,
    // The archive's default time zone; UTC without the settings mod.
    operator: optional(operatorSettingsServiceRef),
    toolCatalog: coreServices.toolCatalog,
    agents: agentsServiceRef,
    gateway: optional(modelGatewayServiceRef),
    skills: optional(agentSkillsServiceRef),
    mcp: optional(mcpToolsServiceRef),
    // Where attachments are kept; without it they are metadata only.
    attachments: optional(attachmentsServiceRef),
  },
  async init({ http, db, extensions, settings, jobs, log, runtimeInfo, changes, secrets, operator, toolCatalog, agents, gateway, skills, mcp, attachments }, { provide }) {
    // The runtime calls the hook points this mod owns (contributes.extensionPoints); other mods tap them.
    const modelCall = extensions.hook(chatHookPoints.beforeModelCall);
    const toolCall = extensions.hook(chatHookPoints.beforeToolCall);
    const toolResult = extensions.hook(chatHookPoints.afterToolCall);
    const runFinished = extensions.hook(chatHookPoints.onRunFinished);
    const turnAccepted = extensions.hook(chatHookPoints.beforeTurnAccepted);
    const runtimeHooks: RuntimeHooksService = {
      beforeModelCall: (context) => modelCall.call(context),
      beforeToolCall: async (event) => ((await toolCall.call(event)) ?? undefined) as ToolCallVeto | undefined,
      afterToolCall: (event) => toolResult.call(event),
      onRunFinished: (event) => runFinished.call(event),
      beforeTurnAccepted: (turn) => turnAccepted.call(turn),
    };
    const transcript = new TranscriptStore(db);
    const store = new RunStore(db, runtimeInfo.instanceId);
    const liveness = new RunLiveness(db, runtimeInfo.instanceId);
    const steering = new SteeringStore(db);
    const summaries = new SummaryStore(db);
    const cursors = new CursorSigner(secrets, { invalid: chatErrors.chatCursorInvalid, stale: chatErrors.chatCursorStale });
    const belt = new ToolBelt({ catalog: toolCatalog, mcp: () => mcp.get(), workspacesDir: path.join(runtimeInfo.dataDir, 'workspaces'), log });
    const runtime = new AgentRunEngine({ agents, gateway: () => gateway.get(), skills: () => skills.get(), hooks: runtimeHooks, settings, transcript, store, liveness, steering, summaries, belt, log, attachments: () => attachments.get(),
      instanceId: runtimeInfo.instanceId,
      shared: db.driver === 'postgres',
      announceCancel: (runId) => changes.publish('cancel', runId),
    });

    // A cancel request another process wrote for a run: the owner stops it at once. After a
    // resync (notices may have been lost) every run active here checks for a request.
    const cancelNotices = changes.subscribe('chat.cancel', (notice) => {
      if (notice.local && runtime.activeRunIds().length === 0) return;
      const ids = notice.key !== undefined && !notice.resync ? [notice.key] : runtime.activeRunIds();
      void runtime.cancelRequested(ids).catch((err: unknown) => log.warn({ err }, 'a chat run cancel request could not be read'));
    });

    // Runs a previous process left running: on the embedded database this process is the only
    // one (the data-dir lock), so all of them; on PostgreSQL only those without a heartbeat.
    const sweep = async (all: boolean) => {
      const { staleRunAfterMs } = await settings.get<ChatSettings>();
      const ids = await liveness.sweepInterrupted({ all, staleMs: staleRunAfterMs, activeHere: runtime.activeRunIds() });
      await steering.sweepRuns(ids);
      if (ids.length > 0) log.warn({ runs: ids.length }, 'runs left running by a previous process were marked interrupted');
    };
    await sweep(db.driver === 'pglite');
    // Heartbeat of active run rows (sdk/liveness.ts: every third of `staleRunAfterMs`, 5 s at
    // most), then on PostgreSQL the sweep of other processes' stale ones. The beat also reads
    // cancel requests: the backstop for a change-bus notice this process missed.
    const heartbeat = startHeartbeat({
      name: 'chat run',
      beat: async () => {
        const cancels = await liveness.heartbeat(runtime.activeRunIds());
        if (cancels.length > 0) await runtime.cancelRequested(cancels.map((c) => c.runId));
      },
      sweep: db.driver === 'postgres' ? () => sweep(false) : undefined,
      staleAfterMs: async () => (await settings.get<ChatSettings>()).staleRunAfterMs,
      log,
    });

    const sessionOps = new SessionOps({ db, transcript, runs: runtime, extensions, attachments: () => attachments.get(), log });
    const retention = new TraceRetention(db);
    const stopRetention = scheduleDailyCleanup({ jobs, db, retention, log, timing: () => settings.get<RetentionTiming>(), changes });

    for (const [id, binding] of Object.entries({
      ...chatRoutes({ agentRuns: runtime, store, steering, agents }),
      ...sessionRoutes({ runtime, transcript, store, agents, ops: sessionOps, db }),
      ...retentionRoutes({ retention }),
      ...contextRoutes(new ContextInspector({ agents, gateway: () => gateway.get(), settings, transcript, summaries, context: runtime.context })),
      ...archiveRoutes({ search: new SessionSearch(db, cursors), archive: new ArchiveReader(db, cursors), agents, operatorTimezone: async () => (await operator.get()?.timezone()) ?? 'UTC' }),
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
          await summaries.deleteForAgent(agentId, trx);
          await transcript.deleteForAgent(agentId, trx);
        },
        { join: unitOfWork },
      );
    });
    extensions.provide(exportCategoryPoint, sessionsExportCategory(db, transcript, agents));
    extensions.tap(diagnosticsHookPoints.beforeInventoryReport, async (counts) => ({ ...counts, chatSessions: await transcript.count(), chatRuns: await store.count() }));

    // First on disable and shutdown: active runs stop (run.failed, interrupted) and are written.
    return async () => {
      await heartbeat.dispose();
      await cancelNotices.dispose();
      await stopRetention();
      await runtime.close();
    };
  },
});
