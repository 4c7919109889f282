/**
 * The run zone: the engine that admits, executes and finishes every agent run, its stores, the
 * liveness of run rows across processes (cancel notices, heartbeat, sweep of interrupted runs)
 * and the chat routes.
 */
import path from 'node:path';
import type { Knex } from 'knex';
import type { ModInitContext } from '../../../../sdk/index.js';
import { startHeartbeat } from '../../../../sdk/helpers/liveness.js';
import { agentRunsServiceRef, chatHookPoints, type RuntimeHooksService, type ToolCallVeto } from '../contract.js';
import { chatRoutes } from '../routes/chat.js';
import type { TranscriptStore } from '../services/archive/transcript-store.js';
import { AgentRunEngine } from '../services/run/agent-run-engine.js';
import { RunEventLog } from '../services/run/event-log.js';
import { InterruptedRuns } from '../services/run/interrupted-runs.js';
import type { ChatSettings } from '../services/run/run-context.js';
import { RunLiveness } from '../services/run/run-liveness.js';
import { RunStore } from '../services/run/run-store.js';
import { RunTelemetry } from '../services/run/run-telemetry.js';
import { SteeringStore } from '../services/run/steering-store.js';
import { ApprovalStore } from '../services/run/approval-store.js';
import { ApprovalGate } from '../services/run/approval-gate.js';
import { ToolBelt } from '../services/run/tool-belt.js';
import { workspaceTools } from '../services/run/workspace-tools.js';
import { toolCatalogRoutes } from '../routes/tool-catalog.js';
import type { ContextZone } from './context.js';
import type { ChatDeps } from './deps.js';

export interface RunZone {
  runtime: AgentRunEngine;
  store: RunStore;
  eventLog: RunEventLog;
  /** The agent's steering and runs, in the agent deletion's transaction. */
  deleteForAgent(agentId: string, trx: Knex.Transaction): Promise<void>;
  /** Stops the heartbeat and the cancel notices. */
  stopWatching(): Promise<void>;
}

/** The runtime calls the hook points this mod owns (contributes.extensionPoints); other mods tap them. */
export function runtimeHooks(extensions: ChatDeps['extensions']): RuntimeHooksService {
  const modelCall = extensions.hook(chatHookPoints.beforeModelCall);
  const toolCall = extensions.hook(chatHookPoints.beforeToolCall);
  const toolResult = extensions.hook(chatHookPoints.afterToolCall);
  const runFinished = extensions.hook(chatHookPoints.onRunFinished);
  const turnAccepted = extensions.hook(chatHookPoints.beforeTurnAccepted);
  return {
    beforeModelCall: (context) => modelCall.call(context),
    beforeToolCall: async (event) => ((await toolCall.call(event)) ?? undefined) as ToolCallVeto | undefined,
    afterToolCall: (event) => toolResult.call(event),
    onRunFinished: (event) => runFinished.call(event),
    beforeTurnAccepted: (turn) => turnAccepted.call(turn),
  };
}

export async function wireRun(deps: ChatDeps, shared: { transcript: TranscriptStore; hooks: RuntimeHooksService; context: ContextZone }, provide: ModInitContext['provide']): Promise<RunZone> {
  const { http, db, settings, log, runtimeInfo, changes, processes, toolCatalog, agents, gateway, mcp, attachments, tracing, instruments, toolApprovals } = deps;
  const { transcript, hooks, context } = shared;
  const store = new RunStore(db, runtimeInfo.instanceId);
  const liveness = new RunLiveness(db, runtimeInfo.instanceId);
  const steering = new SteeringStore(db);
  const approvals = new ApprovalStore(db);
  const gate = new ApprovalGate({
    policy: () => toolApprovals.get(),
    store: approvals,
    // A decision taken here is announced: the process running the waiting call reads it at once.
    ...(db.driver === 'postgres' ? { announce: (approvalId: string) => changes.publish('approval', approvalId) } : {}),
    log,
  });
  const eventLog = new RunEventLog(db, log);
  const belt = new ToolBelt({ catalog: toolCatalog, mcp: () => mcp.get(), workspacesDir: path.join(runtimeInfo.dataDir, 'workspaces'), log, tracing });
  let activeRuns = () => 0;
  const telemetry = new RunTelemetry(tracing, instruments, () => activeRuns());
  const interrupted = new InterruptedRuns({ db, store, eventLog, telemetry });
  const runtime = new AgentRunEngine({
    agents,
    gateway: () => gateway.get(),
    hooks,
    settings,
    transcript,
    store,
    liveness,
    eventLog,
    steering,
    approvals,
    gate,
    context: context.source,
    compactor: context.compactor,
    belt,
    log,
    attachments: () => attachments.get(),
    instanceId: runtimeInfo.instanceId,
    shared: db.driver === 'postgres',
    announceCancel: (runId) => changes.publish('cancel', runId),
    telemetry,
  });
  activeRuns = () => runtime.activeRunIds().length;

  // A cancel request another process wrote for a run: the owner stops it at once. After a
  // resync (notices may have been lost) every run active here checks for a request.
  const cancelNotices = changes.subscribe('chat.cancel', (notice) => {
    if (notice.local && runtime.activeRunIds().length === 0) return;
    const ids = notice.key !== undefined && !notice.resync ? [notice.key] : runtime.activeRunIds();
    void runtime.cancelRequested(ids).catch((err: unknown) => log.warn({ err }, 'a chat run cancel request could not be read'));
  });

  // A decision another process stored: the call waiting on it here reads it now (the wait's poll is the backstop).
  const decisionNotices = changes.subscribe('chat.approval', (notice) => {
    if (notice.local || notice.key === undefined) return;
    gate.wake(notice.key);
  });

  // Runs another process left running, marked interrupted (their pending steering becomes
  // follow_up): `all` on the embedded database at startup (the data-dir lock makes this process
  // the only one); on PostgreSQL `departed`, those whose owner's session lock is free (its process
  // is gone), and `stale`, those without a heartbeat for `staleRunAfterMs` (a stuck owner, or a
  // row without one). Every sweep marks rows through here.
  const sweep = async (which: 'all' | 'stale' | 'departed') => {
    const ids = which === 'departed' ? await sweepDeparted() : await liveness.sweepInterrupted({ all: which === 'all', staleMs: (await settings.get<ChatSettings>()).staleRunAfterMs, activeHere: runtime.activeRunIds() });
    if (ids.length === 0) return ids;
    await steering.sweepRuns(ids);
    // Each response gets the partial answer, and each resumed stream the terminal event.
    await interrupted.close(ids);
    log.warn({ runs: ids.length, which }, 'runs left running by a process that stopped were marked interrupted');
    return ids;
  };
  // Cheap while no other process runs anything: the liveness read only when some owner is listed.
  const sweepDeparted = async () => {
    const owners = await liveness.ownersElsewhere();
    return owners.length === 0 ? [] : liveness.sweepDeparted(await processes.departed(owners));
  };
  await sweep(db.driver === 'pglite' ? 'all' : 'stale');
  if (db.driver === 'postgres') await sweep('departed');
  // Heartbeat of active run rows (sdk/helpers/liveness.ts: every third of `staleRunAfterMs`, 5 s at
  // most), then on PostgreSQL the sweep of other processes' stale ones, and every second that of
  // departed owners' rows. The beat also reads cancel requests: the backstop for a change-bus
  // notice this process missed.
  const heartbeat = startHeartbeat({
    name: 'chat run',
    beat: async () => {
      const cancels = await liveness.heartbeat(runtime.activeRunIds());
      if (cancels.length > 0) await runtime.cancelRequested(cancels.map((c) => c.runId));
    },
    sweep: db.driver === 'postgres' ? () => sweep('stale') : undefined,
    sweepDeparted: db.driver === 'postgres' ? () => sweep('departed') : undefined,
    staleAfterMs: async () => (await settings.get<ChatSettings>()).staleRunAfterMs,
    log,
  });

  for (const [id, binding] of Object.entries(chatRoutes({ agentRuns: runtime, decide: (request, by) => runtime.decide(request, by), store, steering, agents }))) http.route(id, binding);
  const workspacesDir = path.join(runtimeInfo.dataDir, 'workspaces');
  for (const [id, binding] of Object.entries(toolCatalogRoutes({ catalog: toolCatalog, builtin: () => workspaceTools(workspacesDir) }))) http.route(id, binding);
  provide(agentRunsServiceRef, runtime);

  return {
    runtime,
    store,
    eventLog,
    deleteForAgent: async (agentId, trx) => {
      await steering.deleteForAgent(agentId, trx);
      await store.deleteForAgent(agentId, trx);
    },
    stopWatching: async () => {
      await heartbeat.dispose();
      await cancelNotices.dispose();
      await decisionNotices.dispose();
    },
  };
}
