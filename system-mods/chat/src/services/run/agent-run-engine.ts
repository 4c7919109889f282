/**
 * The run engine: every agent run — HTTP chat, and whatever other mods start through the
 * provided `chat.agent-runs` service — is admitted, executed and finished here, so every run
 * has the same events, trace, cancel and steering. It holds the runs active on this process;
 * with several processes on one PostgreSQL a cancel of a run another process owns is written to
 * the run row and announced on the change bus (the owner stops it: {@link cancelRequested}), and
 * the active-runs listing adds the other processes' running rows with a fresh heartbeat;
 * the parts of a run live in their own units (admission, turn loop, tool invoker, finisher).
 */
import type { LoggerService, SettingsService } from '../../../../../sdk/index.js';
import type { ModelGatewayService } from '../../../../model-connections/src/contract.js';
import type { AgentsService } from '../../../../agents/src/contract.js';
import type { AttachmentsService } from '../../../../workspace/src/contract.js';
import type {
  AgentRunCancelRequest,
  AgentRunCancelResult,
  AgentRunEvent,
  AgentRunHandle,
  AgentRunReplayRequest,
  AgentRunsService,
  AgentRunStartRequest,
  AgentRunStatus,
  AgentRunSteerRequest,
  AgentRunSteerResult,
  LiveRun,
  RunOrigin,
  RuntimeHooksService,
} from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';
import type { ChatRun } from './chat-run.js';
import type { RunEventLog } from './event-log.js';
import { replayRun } from './event-replay.js';
import { RunAdmission } from './run-admission.js';
import { newTurnState, type ChatSettings, type RunJob } from './run-context.js';
import { RunFinisher } from './run-finisher.js';
import type { Compactor } from '../context/compaction.js';
import type { ContextSource } from '../context/context-source.js';
import { checkRunRequest } from './run-requests.js';
import type { RunLiveness } from './run-liveness.js';
import type { RunRow } from './run-rows.js';
import type { RunStore } from './run-store.js';
import { SessionLanes } from './session-lanes.js';
import type { SteeringStore } from './steering-store.js';
import type { ApprovalStore } from './approval-store.js';
import type { ApprovalGate } from './approval-gate.js';
import type { ToolBelt } from './tool-belt.js';
import { ToolInvoker } from './tool-invoker.js';
import type { TranscriptStore } from '../archive/transcript-store.js';
import { TurnLoop } from './turn-loop.js';
import { decodeAttachments } from './turn-input.js';
import type { RunTelemetry } from './run-telemetry.js';

const DEFAULT_CANCEL_REASON = 'cancelled by the operator';

/** A run another process owns, as far as its row tells (its phase is live in its own process only). */
function remoteRun(row: RunRow): LiveRun {
  return {
    runId: row.run_id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    startedAt: new Date(row.started_at).toISOString(),
    phase: 'running',
    detached: false,
    origin: (typeof row.origin === 'string' ? JSON.parse(row.origin) : row.origin) as RunOrigin,
    instanceId: row.instance_id ?? '',
  };
}

export class AgentRunEngine implements AgentRunsService {
  private readonly active = new Map<string, ChatRun>();
  private readonly admission: RunAdmission;
  private readonly loop: TurnLoop;
  private readonly finisher: RunFinisher;
  private closed = false;

  constructor(
    private readonly deps: {
      agents: AgentsService;
      gateway: () => ModelGatewayService | undefined;
      hooks: RuntimeHooksService;
      settings: SettingsService;
      transcript: TranscriptStore;
      store: RunStore;
      liveness: RunLiveness;
      /** Every event of every run, numbered and kept (resumable streams). */
      eventLog: RunEventLog;
      steering: SteeringStore;
      /** Tool calls waiting for the operator, and the policy that decides which do. */
      approvals: ApprovalStore;
      gate: ApprovalGate;
      /** How a model call's context is gathered (the context zone's; the context inspector reads the same). */
      context: ContextSource;
      compactor: Compactor;
      belt: ToolBelt;
      log: LoggerService;
      attachments?: () => AttachmentsService | undefined;
      /** This process's runtime instance id (the owner recorded on its run rows). */
      instanceId: string;
      /** Other processes share the database (PostgreSQL): their runs are listed and cancelled through the rows. */
      shared: boolean;
      /** Tells the owner of `runId` at once that a cancel request was written (change bus). */
      announceCancel: (runId: string) => Promise<void>;
      /** Spans and metrics of runs, model and tool calls. */
      telemetry: RunTelemetry;
    },
  ) {
    this.admission = new RunAdmission({
      agents: deps.agents,
      gateway: deps.gateway,
      hooks: deps.hooks,
      settings: deps.settings,
      store: deps.store,
      attachments: () => deps.attachments?.(),
      log: deps.log,
      record: (event) => deps.eventLog.append(event),
      active: this.active,
      lanes: new SessionLanes(),
      closed: () => this.closed,
      resetSession: (agentId, sessionId) => this.resetSession(agentId, sessionId, true),
      execute: (job) => this.execute(job),
      telemetry: deps.telemetry,
    });
    this.loop = new TurnLoop({
      gateway: deps.gateway,
      context: deps.context,
      compactor: deps.compactor,
      steering: deps.steering,
      belt: deps.belt,
      tools: new ToolInvoker(deps.hooks, deps.telemetry, deps.gate),
      telemetry: deps.telemetry,
    });
    this.finisher = new RunFinisher({ hooks: deps.hooks, store: deps.store, transcript: deps.transcript, steering: deps.steering, log: deps.log });
  }

  /**
   * Checks the request against the contract's schema and admits the run. The handle's `events`
   * is the run's own channel: leaving it early detaches the run at once.
   */
  async start(request: AgentRunStartRequest): Promise<AgentRunHandle> {
    checkRunRequest('start', request);
    return this.admission.admit(request);
  }

  async cancel(request: AgentRunCancelRequest): Promise<AgentRunCancelResult> {
    checkRunRequest('cancel', request);
    const { runId, agentId } = request;
    const reason = request.reason?.trim() || DEFAULT_CANCEL_REASON;
    const active = this.active.get(runId);
    if (active && (agentId === undefined || active.agentId === agentId)) {
      active.cancel(reason);
      return { runId, cancelRequested: true, status: 'cancelling' };
    }
    const row = await this.deps.store.get(runId);
    if (!row || (agentId !== undefined && row.agent_id !== agentId)) throw errors.chatRunNotFound({ runId, agentId: agentId ?? '' });
    if (row.status === 'running' && this.ownedElsewhere(row)) {
      // In the run's trace: the owner's spans and this request's meet there.
      const span = this.deps.telemetry.startRunWork('cancel_run', row, { 'svc.run.owner': row.instance_id ?? undefined });
      try {
        // The request is durable before it is announced: an owner that misses the notice reads it at its next heartbeat.
        if (await this.deps.liveness.requestCancel(runId, reason)) {
          await this.deps.announceCancel(runId);
          return { runId, cancelRequested: true, status: 'cancelling' };
        }
        // It ended meanwhile: answer with what it ended as.
        return { runId, cancelRequested: false, status: (await this.deps.store.get(runId))?.status ?? row.status };
      } finally {
        span.end();
      }
    }
    return { runId, cancelRequested: false, status: row.status };
  }

  /** A row another live process runs (rows without an owner predate owners and are answered as stored). */
  private ownedElsewhere(row: RunRow): boolean {
    return this.deps.shared && typeof row.instance_id === 'string' && row.instance_id !== this.deps.instanceId;
  }

  /**
   * Another process wrote a cancel request for these runs (change-bus notice, or the heartbeat's
   * backstop): the ones active here stop exactly as a local cancel stops them.
   */
  async cancelRequested(runIds: string[]): Promise<void> {
    for (const runId of runIds) {
      const run = this.active.get(runId);
      if (!run) continue;
      const reason = await this.deps.liveness.cancelRequest(runId);
      if (reason !== undefined) run.cancel(reason || DEFAULT_CANCEL_REASON);
    }
  }

  /**
   * Through the run engine's service (other mods) a steering carries a message only: answering an
   * approval is the operator's (`decide`, the steering route's), so a mod that may start and steer
   * runs cannot approve its own tool calls.
   */
  async steer(request: AgentRunSteerRequest): Promise<AgentRunSteerResult> {
    if (request.decision !== undefined) throw errors.chatApprovalOperatorOnly();
    return this.submit(request, { via: 'service' });
  }

  /** The steering route: a message, or the operator's decision on a pending approval. */
  decide(request: AgentRunSteerRequest, by: { via: string; authenticated?: boolean; requestId?: string }): Promise<AgentRunSteerResult> {
    return this.submit(request, by);
  }

  private async submit(request: AgentRunSteerRequest, by: { via: string; authenticated?: boolean; requestId?: string }): Promise<AgentRunSteerResult> {
    checkRunRequest('steer', request);
    const { runId, agentId, sessionId } = request;
    const row = await this.deps.store.get(runId);
    if (!row || row.agent_id !== agentId) throw errors.chatRunNotFound({ runId, agentId });
    if (row.session_id !== sessionId) throw errors.chatRunSessionMismatch({ runId, sessionId });
    if (request.decision) {
      if (request.message !== undefined || (request.attachments?.length ?? 0) > 0) throw errors.chatSteeringEmpty();
      const decided = await this.deps.gate.answer({ runId, agentId, sessionId, idempotencyKey: request.idempotencyKey, decision: request.decision }, by);
      return { stored: true, ...decided };
    }
    const { texts, images } = decodeAttachments(request.attachments);
    const message = request.message ?? '';
    if (message.trim().length === 0 && images.length === 0) throw errors.chatMessageRequired();
    const attachments = [...texts.map((t) => ({ name: t.name, type: t.type, size: t.size, text: t.text })), ...images.map((i) => ({ name: i.name, type: i.type, size: i.size, dataUrl: i.dataUrl }))];
    // The submission is part of the run's trace, whichever process stores it; the owner's run span notes its delivery.
    const span = this.deps.telemetry.startRunWork('steer_run', row, { 'svc.steering.images': images.length });
    try {
      const { steering, replayed } = await this.deps.steering.submit(
        { runId, agentId, sessionId, idempotencyKey: request.idempotencyKey, message, attachments },
        async () => (await this.deps.store.get(runId))?.status !== 'running',
      );
      span.end({ 'svc.steering.id': steering.id, 'svc.steering.status': steering.status, 'svc.steering.replayed': replayed });
      return { stored: true, replayed, steering };
    } catch (error) {
      span.fail(typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'chat_steering_failed', (error as Error).message);
      span.end();
      throw error;
    }
  }

  approvals(agentId?: string) {
    return this.deps.approvals.pending(agentId);
  }

  async replay(request: AgentRunReplayRequest): Promise<AsyncIterable<AgentRunEvent>> {
    checkRunRequest('replay', request);
    const { runId, agentId } = request;
    const row = await this.deps.store.get(runId);
    if (!row || (agentId !== undefined && row.agent_id !== agentId)) throw errors.chatRunNotFound({ runId, agentId: agentId ?? '' });
    // A resumed stream (any process) is marked in the run's trace; the stream itself is not a span.
    this.deps.telemetry.startRunWork('resume_run', row, { 'svc.run.resume_after': request.after ?? 0, 'svc.run.status': row.status }).end();
    return replayRun(
      {
        eventLog: this.deps.eventLog,
        active: (id) => this.active.get(id),
        row: (id) => this.deps.store.get(id),
        onError: (err) => this.deps.log.warn({ err, runId }, 'a resumed run stream stopped early'),
      },
      row,
      request.after ?? 0,
    );
  }

  async status(agentId?: string): Promise<AgentRunStatus> {
    const runs: LiveRun[] = [];
    for (const run of this.active.values()) if (agentId === undefined || run.agentId === agentId) runs.push(run.live(this.deps.instanceId));
    if (!this.deps.shared) return { runs };
    const { staleRunAfterMs } = await this.deps.settings.get<ChatSettings>();
    const elsewhere = await this.deps.liveness.runningElsewhere({ ...(agentId !== undefined ? { agentId } : {}), staleMs: staleRunAfterMs });
    // A run of another process waiting for the operator: its pending approval is in the shared table.
    const waiting = elsewhere.length > 0 ? await this.deps.approvals.pending(agentId) : [];
    for (const row of elsewhere) {
      const run = remoteRun(row);
      const approval = waiting.find((a) => a.runId === run.runId);
      runs.push(approval ? { ...run, phase: 'approval', pendingApproval: { approvalId: approval.approvalId, callId: approval.callId, tool: approval.tool, deadline: approval.deadline } } : run);
    }
    runs.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.runId.localeCompare(b.runId));
    return { runs };
  }

  activeRunIds(): string[] {
    return [...this.active.keys()];
  }

  /** Cancels the agent's active runs here (the agent is being deleted). */
  cancelAgent(agentId: string, reason: string): void {
    for (const run of this.active.values()) if (run.agentId === agentId) run.cancel(reason);
  }

  /** Advances the session's generation; active runs of the session here end superseded. */
  async resetSession(agentId: string, sessionId: string, createIfMissing = false) {
    if (createIfMissing) await this.deps.transcript.ensure(agentId, sessionId);
    const session = await this.deps.transcript.reset(agentId, sessionId);
    for (const run of this.active.values()) {
      if (run.agentId === agentId && run.sessionId === sessionId) run.halt('reset', 'the session was reset');
    }
    return session;
  }

  /** Stops every active run (mod disable, shutdown) and waits for them to finish. */
  async close(): Promise<void> {
    this.closed = true;
    const runs = [...this.active.values()];
    for (const run of runs) run.halt('shutdown', 'the chat runtime is stopping');
    await Promise.all(runs.map((r) => r.done));
    await this.deps.eventLog.drain();
  }

  private async execute(job: RunJob): Promise<void> {
    const state = newTurnState();
    const { telemetry } = this.deps;
    const { span } = job;
    let thrown: unknown;
    try {
      await telemetry.tracing.within(span, () => this.loop.run(job, state));
    } catch (error) {
      thrown = error;
    }
    try {
      await this.finisher.finish(job, state, thrown);
    } finally {
      // The finisher always ends the run (settles `done`), also when it could not persist it.
      if (job.run.finished) telemetry.endRun(job, span, await job.run.done);
      else span.end();
    }
  }
}
