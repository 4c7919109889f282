/**
 * Admission of a run: the request checked and normalized, slash commands answered at once,
 * the model planned, the turn offered to `chat.beforeTurnAccepted` (the last refusal, so a tap
 * that writes — a continuity scope binding — writes only for a turn nothing else refuses), the
 * run row written — every refusal thrown here, before a caller writes a stream byte — then the
 * run registered and queued on its session lane (one run per agent/session at a time, in
 * arrival order). The caller gets the run's events from `run.started` on.
 */
import { randomUUID } from 'node:crypto';
import type { SettingsService } from '../../../../../sdk/index.js';
import type { ModelGatewayService } from '../../../../model-connections/src/contract.js';
import type { AgentsService } from '../../../../agents/src/contract.js';
import type { AttachmentsService } from '../../../../workspace/src/contract.js';
import type { AgentRunStartRequest, RunOrigin, RuntimeHooksService } from '../../contract.js';
import { chatErrors as errors } from '../../errors.js';
import { AdmissionsFirst } from './admissions-first.js';
import { ChatRun } from './chat-run.js';
import { EventChannel, type ChatEvent } from './event-channel.js';
import { planModel } from './model-plan.js';
import type { ChatSettings, RunJob } from './run-context.js';
import type { RunStore } from './run-store.js';
import { SessionLanes } from './session-lanes.js';
import { slashCommand } from './slash-commands.js';
import { attachmentMeta, normalizeTurn, withContinuityScope, type ChatRequestBody, type TurnInput } from './turn-input.js';
import type { LoggerService } from '../../../../../sdk/index.js';
import type { RunTelemetry } from './run-telemetry.js';

/** An admitted run (or a slash command's answer, whose events are only the terminal one). */
export interface Admission {
  runId: string;
  sessionId: string;
  events: EventChannel<ChatEvent>;
}

export class RunAdmission {
  private readonly gate = new AdmissionsFirst();

  constructor(
    private readonly deps: {
      agents: AgentsService;
      gateway: () => ModelGatewayService | undefined;
      /** `beforeTurnAccepted`; absent in callers that build an admission without hooks. */
      hooks?: Pick<RuntimeHooksService, 'beforeTurnAccepted'>;
      settings: SettingsService;
      store: RunStore;
      /** Where a turn's attachments are kept (the workspace mod), when it is enabled. */
      attachments: () => AttachmentsService | undefined;
      log: LoggerService;
      /** Keeps every event of an admitted run (the run event log). */
      record: (event: ChatEvent) => void;
      /** Runs active here, by id (owned by the engine). */
      active: Map<string, ChatRun>;
      lanes: SessionLanes;
      closed: () => boolean;
      resetSession: (agentId: string, sessionId: string) => Promise<{ generation: number }>;
      execute: (job: RunJob) => Promise<void>;
      /** The run's span, started here so its context goes onto the run row. */
      telemetry: Pick<RunTelemetry, 'startRun' | 'carrier' | 'noteExported' | 'refuseRun'>;
    },
  ) {}

  async admit(request: AgentRunStartRequest): Promise<Admission> {
    if (this.deps.closed()) throw errors.chatModelUnavailable();
    this.gate.enter();
    try {
      return await this.admitNow(request);
    } finally {
      this.gate.leave();
    }
  }

  private async admitNow(request: AgentRunStartRequest): Promise<Admission> {
    const body: ChatRequestBody = { agentId: request.agentId, ...(request.sessionId !== undefined ? { sessionId: request.sessionId } : {}), ...request.input };
    let turn = normalizeTurn(body);
    const origin: RunOrigin = request.origin.id !== undefined ? { kind: request.origin.kind, id: request.origin.id } : { kind: request.origin.kind };
    const profile = await this.deps.agents.runProfile(turn.agentId);
    // A disabled agent takes no new turns from anyone: the operator, a schedule, a task, a channel.
    if (!profile.agent.enabled) throw errors.chatAgentDisabled({ agentId: turn.agentId });
    const settings = await this.deps.settings.get<ChatSettings>();

    const command = slashCommand(turn.message);
    if (command) {
      turn = await this.accept(turn, origin);
      const runId = turn.runId ?? `run_${randomUUID()}`;
      const answer = await command.run({
        agentId: turn.agentId,
        sessionId: turn.sessionId,
        selection: async () => profile.selection,
        reset: () => this.deps.resetSession(turn.agentId, turn.sessionId),
      });
      const response = { ok: true, status: 'completed', runId, agentId: turn.agentId, sessionId: turn.sessionId, command: command.name, answer };
      const events = new EventChannel<ChatEvent>(() => undefined);
      events.push({ type: 'run.completed', runId, sessionId: turn.sessionId, ts: new Date().toISOString(), seq: 1, data: { response } });
      events.end();
      return { runId, sessionId: turn.sessionId, events };
    }

    const plan = turn.noCallModel ? null : await planModel(this.deps.gateway(), turn, profile.selection, settings);
    const runId = turn.runId ?? `run_${randomUUID()}`;
    if (this.deps.active.has(runId)) throw errors.chatRunExists({ runId });
    turn = await this.accept(turn, origin);
    const kept = await this.keepAttachments(turn, runId);
    const { telemetry } = this.deps;
    const span = telemetry.startRun({ runId, agentId: turn.agentId, agentName: profile.agent.name, sessionId: turn.sessionId, origin, plan });
    const traceContext = telemetry.carrier(span);
    const created = this.deps.store.create({
      runId,
      agentId: turn.agentId,
      sessionId: turn.sessionId,
      request: {
        message: turn.message,
        attachments: attachmentMeta(turn),
        ...(turn.continuityScope !== undefined ? { continuityScope: turn.continuityScope } : {}),
        ...(turn.noCallModel ? { noCallModel: true } : {}),
      },
      model: plan ? { connectionId: plan.connectionId, model: plan.model } : null,
      origin,
      ...(traceContext ? { traceContext } : {}),
    });
    // A run refused here (a used run id) keeps no files.
    const { generation, messageCount } = await created.catch(async (error: unknown) => {
      telemetry.refuseRun(span, error);
      await this.deps
        .attachments()
        ?.discard({ agentId: turn.agentId, references: kept })
        .catch(() => undefined);
      throw error;
    });

    const run = new ChatRun(runId, turn.agentId, turn.sessionId, generation, origin, this.deps.record);
    telemetry.noteExported(run, span);
    const events = run.subscribe();
    const { active, lanes } = this.deps;
    active.set(runId, run);
    // The question and the model ride on the first event, so a client that re-attaches to the run
    // (the resumable events route) can show what was asked before the transcript has it.
    run.emit('run.started', {
      agentId: turn.agentId,
      sessionId: turn.sessionId,
      runId,
      queued: lanes.size() > 0,
      origin,
      message: turn.message,
      attachments: attachmentMeta(turn),
      model: plan ? { connectionId: plan.connectionId, model: plan.model } : null,
    });
    const timer = setTimeout(() => run.halt('timeout', `longer than ${settings.maxRunMs} ms`), settings.maxRunMs);
    timer.unref();
    // Started on the next turn of the event loop, so the answer's head and run.started leave
    // before the run's own work (in-process database calls) keeps the thread busy, and once the
    // admissions under way are done (admissions-first.ts).
    setImmediate(
      () =>
        void this.gate.idle().then(() => {
          const lane = SessionLanes.key(turn.agentId, turn.sessionId);
          // Nothing queued ahead of it can write into the session first: the history is still empty.
          const knownEmpty = messageCount === 0 && !lanes.pending(lane);
          void lanes
            .enqueue(lane, () => this.deps.execute({ run, turn, plan, settings, profile, origin, knownEmpty, span }))
            .finally(() => {
              clearTimeout(timer);
              active.delete(runId);
            });
        }),
    );
    return { runId, sessionId: turn.sessionId, events };
  }

  /** The turn with the continuity scope the `beforeTurnAccepted` taps left (a tap's throw refuses it). */
  private async accept(turn: TurnInput, origin: RunOrigin): Promise<TurnInput> {
    const hooks = this.deps.hooks;
    if (!hooks) return turn;
    const accepted = await hooks.beforeTurnAccepted({
      agentId: turn.agentId,
      sessionId: turn.sessionId,
      ...(turn.continuityScope !== undefined ? { continuityScope: turn.continuityScope } : {}),
      origin,
    });
    return withContinuityScope(turn, accepted?.continuityScope);
  }

  /**
   * Keeps the turn's files in the agent's workspace and notes each reference on the turn. Without
   * the workspace mod, or when keeping fails, the turn goes on with metadata only (logged).
   */
  private async keepAttachments(turn: TurnInput, runId: string): Promise<string[]> {
    const service = this.deps.attachments();
    const files = [...turn.texts, ...turn.images];
    if (!service || files.length === 0) return [];
    try {
      const stored = await service.store({
        agentId: turn.agentId,
        sessionId: turn.sessionId,
        runId,
        attachments: [
          ...turn.texts.map((t) => ({ name: t.name, type: t.type, ...(t.stored ?? { encoding: 'utf8' as const, content: t.text }) })),
          ...turn.images.map((i) => ({ name: i.name, type: i.type, encoding: 'base64' as const, content: i.dataUrl.slice(i.dataUrl.indexOf(',') + 1) })),
        ],
      });
      stored.forEach((s, index) => {
        if (s.reference) files[index]!.reference = s.reference;
      });
      return stored.flatMap((s) => (s.reference ? [s.reference] : []));
    } catch (error) {
      this.deps.log.warn({ err: error, runId }, 'attachments could not be kept; the transcript keeps their metadata only');
      return [];
    }
  }
}
