/**
 * The chat runtime: admission (everything checked before a stream byte), per-session
 * serialization, the model/tool loop with steering at each boundary, and one authoritative
 * finish (transcript and terminal state in one transaction, then the terminal event).
 */
import { randomUUID } from 'node:crypto';
import type {
  AgentRunProfile,
  AgentSkillsService,
  AgentsService,
  ChatMessage,
  ChatTool,
  LoggerService,
  ModelGatewayService,
  ModelSelection,
  ReasoningBlock,
  RunRegistryService,
  RuntimeHooksService,
  SettingsService,
} from '../../../../sdk/index.js';
import { isSvcError, raceAbort } from '../../../../sdk/index.js';
import { chatErrors as errors } from '../errors.js';
import { ChatRun, RunStopped } from './chat-run.js';
import { fitHistory, historyBudget, replay, systemPrompt } from './context-builder.js';
import type { EventChannel } from './event-channel.js';
import type { RunStore, TerminalStatus, ToolCallRecord } from './run-store.js';
import { SessionLanes } from './session-lanes.js';
import { slashCommand } from './slash-commands.js';
import type { DeliveredSteering, SteeringStore } from './steering-store.js';
import type { RunTool, ToolBelt } from './tool-belt.js';
import { describeToolError, toolOutputText } from './tool-output.js';
import { composeUserText, normalizeTurn, type ChatRequestBody, type TurnInput } from './turn-input.js';
import type { StoredMessage, TranscriptStore } from './transcript-store.js';

export interface ChatSettings {
  maxToolRounds: number;
  loopGuardRepeats: number;
  maxRunMs: number;
  toolTimeoutMs: number;
  defaultContextWindow: number;
  staleRunAfterMs: number;
}

interface ModelPlan {
  connectionId: string;
  model: string;
  contextWindow: number;
  reasoningEffort?: string;
  temperature?: number;
}

const TERMINAL_EVENT: Record<TerminalStatus, string> = {
  completed: 'run.completed',
  failed: 'run.failed',
  cancelled: 'run.cancelled',
  superseded: 'run.superseded',
  interrupted: 'run.failed',
};

class ModelFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly upstream?: { code: string; status?: number },
  ) {
    super(message);
  }
}

export interface Admitted {
  run: ChatRun | undefined;
  /** Set when the turn was answered at once (slash commands): only a terminal event. */
  immediate?: { runId: string; sessionId: string; response: Record<string, unknown> };
  channel?: EventChannel<string>;
}

export class ChatRuntime {
  private readonly lanes = new SessionLanes();
  private readonly active = new Map<string, ChatRun>();
  private closed = false;

  constructor(
    private readonly deps: {
      agents: AgentsService;
      gateway: () => ModelGatewayService | undefined;
      skills: () => AgentSkillsService | undefined;
      runs: RunRegistryService;
      hooks: RuntimeHooksService;
      settings: SettingsService;
      transcript: TranscriptStore;
      store: RunStore;
      steering: SteeringStore;
      belt: ToolBelt;
      log: LoggerService;
    },
  ) {}

  activeRunIds(): string[] {
    return [...this.active.keys()];
  }

  private async settingsNow(): Promise<ChatSettings> {
    return this.deps.settings.get<ChatSettings>();
  }

  /** Picks and checks the model: the override, else the agent's selection. */
  private async planModel(turn: TurnInput, agentSelection: ModelSelection | null, settings: ChatSettings): Promise<ModelPlan> {
    const gateway = this.deps.gateway();
    if (!gateway) throw errors.chatModelUnavailable();
    const selection = turn.override ? null : agentSelection;
    const connectionId = turn.override?.connectionId ?? selection?.connectionId;
    const modelId = turn.override?.model ?? selection?.model;
    if (!connectionId || !modelId) throw errors.chatModelNotConfigured({ agentId: turn.agentId });
    const connection = await gateway.describe(connectionId);
    if (!connection) throw errors.chatModelConnectionUnknown({ connectionId });
    const model = connection.models.find((m) => m.id === modelId);
    if (!model?.enabled) throw errors.chatModelNotEnabled({ model: modelId, connectionId });
    const reasoningEffort = turn.reasoningEffort ?? selection?.reasoningEffort;
    if (turn.reasoningEffort !== undefined && turn.reasoningEffort !== 'off' && model.reasoningEfforts !== undefined && !model.reasoningEfforts.includes(turn.reasoningEffort)) {
      throw errors.chatReasoningEffortUnsupported({ model: modelId, reasoningEffort: turn.reasoningEffort, supported: ['off', ...model.reasoningEfforts].join(', ') });
    }
    return {
      connectionId,
      model: modelId,
      contextWindow: model.contextWindow ?? settings.defaultContextWindow,
      ...(reasoningEffort !== undefined ? { reasoningEffort } : {}),
      ...((turn.temperature ?? selection?.temperature) !== undefined ? { temperature: turn.temperature ?? selection!.temperature } : {}),
    };
  }

  /**
   * Checks the request and starts the run. Every refusal is thrown here, before the caller
   * writes a byte. With `subscribe`, the returned channel sees every event from `run.started`.
   */
  async admit(body: ChatRequestBody, options: { subscribe: boolean }): Promise<Admitted> {
    if (this.closed) throw errors.chatModelUnavailable();
    const turn = normalizeTurn(body);
    const profile = await this.deps.agents.runProfile(turn.agentId);
    const settings = await this.settingsNow();

    const command = slashCommand(turn.message);
    if (command) {
      const runId = turn.runId ?? `run_${randomUUID()}`;
      const answer = await command.run({
        agentId: turn.agentId,
        sessionId: turn.sessionId,
        selection: async () => profile.selection,
        reset: () => this.resetSession(turn.agentId, turn.sessionId, true),
      });
      return { run: undefined, immediate: { runId, sessionId: turn.sessionId, response: { ok: true, status: 'completed', runId, agentId: turn.agentId, sessionId: turn.sessionId, command: command.name, answer } } };
    }

    const plan = turn.noCallModel ? null : await this.planModel(turn, profile.selection, settings);
    const runId = turn.runId ?? `run_${randomUUID()}`;
    if (this.active.has(runId)) throw errors.chatRunExists({ runId });
    const { generation, messageCount } = await this.deps.store.create({
      runId,
      agentId: turn.agentId,
      sessionId: turn.sessionId,
      request: {
        message: turn.message,
        attachments: [...turn.texts.map((t) => ({ name: t.name, type: t.type, size: t.size, truncatedChars: t.truncatedChars })), ...turn.images.map((i) => ({ name: i.name, type: i.type, size: i.size }))],
        ...(turn.continuityScope !== undefined ? { continuityScope: turn.continuityScope } : {}),
        ...(turn.noCallModel ? { noCallModel: true } : {}),
      },
      model: plan ? { connectionId: plan.connectionId, model: plan.model } : null,
    });

    const run = new ChatRun(runId, turn.agentId, turn.sessionId, generation);
    /** A session with no message yet has no history to read (the common first turn). */
    const emptySession = messageCount === 0;
    const channel = options.subscribe ? run.subscribe() : undefined;
    this.active.set(runId, run);
    const registration = this.deps.runs.register(run);
    run.emit('run.started', { agentId: turn.agentId, sessionId: turn.sessionId, runId, queued: this.lanes.size() > 0 });
    const timer = setTimeout(() => run.halt('timeout', `longer than ${settings.maxRunMs} ms`), settings.maxRunMs);
    timer.unref();
    // Started on the next turn of the event loop, so the answer's head and run.started leave
    // before the run's own work (in-process database calls) keeps the thread busy.
    setImmediate(() => {
      const lane = SessionLanes.key(turn.agentId, turn.sessionId);
      // Nothing queued ahead of it can write into the session first: the history is still empty.
      const knownEmpty = emptySession && !this.lanes.pending(lane);
      void this.lanes
        .enqueue(lane, () => this.execute(run, turn, plan, settings, profile, knownEmpty))
        .finally(() => {
          clearTimeout(timer);
          registration.dispose();
          this.active.delete(runId);
        });
    });
    return { run, ...(channel ? { channel } : {}) };
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

  private async execute(run: ChatRun, turn: TurnInput, plan: ModelPlan | null, settings: ChatSettings, profile: AgentRunProfile, knownEmpty: boolean): Promise<void> {
    const transcript: StoredMessage[] = [];
    const toolCalls: ToolCallRecord[] = [];
    const notices: Array<Record<string, unknown>> = [];
    const usage = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0 };
    const partial = { answer: '', stored: false };
    let modelCalls = 0;
    let failure: { code: string; message: string; upstream?: unknown } | undefined;

    const userText = composeUserText(turn.message, turn.texts);
    transcript.push({
      role: 'user',
      content: userText,
      meta: turn.texts.length + turn.images.length > 0
        ? { attachments: [...turn.texts.map((t) => ({ name: t.name, type: t.type, size: t.size, ...(t.truncatedChars ? { truncatedChars: t.truncatedChars } : {}) })), ...turn.images.map((i) => ({ name: i.name, type: i.type, size: i.size }))] }
        : {},
    });
    for (const t of turn.texts) {
      if (t.truncatedChars > 0) {
        const notice = { kind: 'attachment_truncated', name: t.name, keptChars: t.text.length, truncatedChars: t.truncatedChars };
        notices.push(notice);
        run.emit('runtime.notice', notice);
      }
    }

    try {
      if (run.stop) throw run.stop;
      run.phase = 'context';
      run.emit('route.decided', {
        route: plan ? 'model' : 'no-model',
        sessionKind: 'chat',
        ...(turn.continuityScope !== undefined ? { continuityScope: turn.continuityScope } : {}),
        ...(plan ? { connectionId: plan.connectionId, model: plan.model } : {}),
      });
      if (plan) {
        await this.loop(run, turn, plan, settings, profile, knownEmpty, userText, { transcript, toolCalls, notices, usage, partial, count: () => ++modelCalls });
      }
    } catch (error) {
      if (error instanceof RunStopped || run.stop) {
        // classified below from run.stop
      } else if (error instanceof ModelFailure) {
        failure = { code: error.code, message: error.message, ...(error.upstream ? { upstream: error.upstream } : {}) };
      } else {
        const described = isSvcError(error) ? { code: error.code, message: error.message } : { code: errors.chatRunFailed({ reason: 'internal error' }).code, message: 'internal error' };
        if (!isSvcError(error)) this.deps.log.error({ err: error, runId: run.runId }, 'chat run failed');
        failure = described;
      }
    }

    let status: TerminalStatus = 'completed';
    let error: { code: string; message: string } | undefined;
    const stop = run.stop;
    if (stop) {
      if (stop.kind === 'cancel') {
        status = 'cancelled';
        const e = errors.chatRunCancelled({ reason: stop.reason });
        error = { code: e.code, message: e.message };
      } else if (stop.kind === 'reset') {
        status = 'superseded';
        const e = errors.chatRunSessionReset({ sessionId: run.sessionId, runId: run.runId });
        error = { code: e.code, message: e.message };
      } else if (stop.kind === 'timeout') {
        status = 'failed';
        const e = errors.chatRunTimeout({ maxRunMs: settings.maxRunMs });
        error = { code: e.code, message: e.message };
      } else {
        status = 'interrupted';
        const e = errors.chatRunInterrupted();
        error = { code: e.code, message: e.message };
      }
    } else if (failure) {
      status = 'failed';
      error = { code: failure.code, message: failure.message };
    }
    const answer = partial.answer;
    if (status !== 'completed') closeOpenToolCalls(transcript, status, partial.stored ? '' : answer);

    const response: Record<string, unknown> = {
      ok: status === 'completed',
      status,
      runId: run.runId,
      agentId: run.agentId,
      sessionId: run.sessionId,
      answer,
      ...(plan ? { model: { connectionId: plan.connectionId, model: plan.model } } : { noModel: true }),
      modelCalls,
      toolCalls: toolCalls.length,
      usage,
      ...(notices.length > 0 ? { notices } : {}),
      ...(error ? { error: error.code, message: error.message } : {}),
      ...(failure?.upstream ? { upstream: failure.upstream } : {}),
    };

    run.phase = 'finishing';
    let written: TerminalStatus = status;
    let persisted = false;
    try {
      written = await this.deps.store.finish(
        { runId: run.runId, agentId: run.agentId, sessionId: run.sessionId, generation: run.generation, title: turn.message.trim().split('\n')[0] ?? '' },
        { status, response, trace: run.trace, toolCalls, ...(error ? { error } : {}) },
        transcript,
      );
      persisted = written !== 'superseded';
      if (written === 'superseded' && status !== 'superseded') {
        const e = errors.chatRunSessionReset({ sessionId: run.sessionId, runId: run.runId });
        Object.assign(response, { ok: false, status: 'superseded', error: e.code, message: e.message });
      }
    } catch (persistError) {
      this.deps.log.error({ err: persistError, runId: run.runId }, 'chat run could not be persisted');
      written = 'failed';
      Object.assign(response, { ok: false, status: 'failed', error: 'chat_run_failed', message: 'The chat run failed: its transcript could not be saved' });
    }
    const swept = await this.deps.steering.sweep(run.runId).catch(() => 0);
    run.emit('verification.completed', { persisted, transcriptMessages: persisted ? transcript.length : 0, status: written, followUps: swept });
    run.phase = 'done';
    run.end(TERMINAL_EVENT[written], response);
    await this.deps.hooks.onRunFinished({ agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, status: written }).catch((err: unknown) => {
      this.deps.log.warn({ err, runId: run.runId }, 'onRunFinished tap failed');
    });
  }

  /** The model/tool loop; returns the final answer (the text of the last model call). */
  private async loop(
    run: ChatRun,
    turn: TurnInput,
    plan: ModelPlan,
    settings: ChatSettings,
    profile: AgentRunProfile,
    knownEmpty: boolean,
    userText: string,
    acc: {
      transcript: StoredMessage[];
      toolCalls: ToolCallRecord[];
      notices: Array<Record<string, unknown>>;
      usage: { inputTokens: number; outputTokens: number; reasoningTokens: number };
      /** The text of the latest model call, kept current so a stop mid-call keeps the partial answer. */
      partial: { answer: string; stored: boolean };
      count: () => number;
    },
  ): Promise<void> {
    const gateway = this.deps.gateway();
    if (!gateway) throw new ModelFailure(errors.chatModelUnavailable().code, errors.chatModelUnavailable().message);
    // One after the other: on the embedded database the queries share one connection anyway,
    // and queued acquisitions cost more than they overlap.
    const { documents } = profile;
    const agentName = profile.agent.name;
    const skills = (await this.deps.skills()?.assigned(run.agentId)) ?? [];
    const history = knownEmpty ? [] : await this.deps.transcript.history(run.agentId, run.sessionId, run.generation);
    const belt = await this.deps.belt.forAgent(run.agentId, profile.grants, run.signal);
    if (belt.unresolved.length > 0) run.emit('runtime.notice', { kind: 'tools_unavailable', tools: belt.unresolved });
    const byName = new Map(belt.tools.map((t) => [t.name, t]));
    const chatTools: ChatTool[] = belt.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
    const past = replay(history);

    const userContent: ChatMessage['content'] = turn.images.length > 0
      ? [...(userText ? [{ type: 'text' as const, text: userText }] : []), ...turn.images.map((i) => ({ type: 'image' as const, dataUrl: i.dataUrl }))]
      : userText;
    const current: ChatMessage[] = [{ role: 'user', content: userContent }];
    const repeats = new Map<string, number>();
    let latestUserText = userText;
    let round = 0;

    for (;;) {
      round += 1;
      if (run.stop) throw run.stop;
      latestUserText = this.deliverSteering(run, round, await this.deps.steering.claim(run.runId, round), current, acc.transcript) ?? latestUserText;

      const context = await this.deps.hooks.beforeModelCall({ agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, round, userMessage: latestUserText, contributions: [] });
      const lastRound = round > settings.maxToolRounds;
      if (lastRound) {
        const notice = { kind: 'round_cap', rounds: settings.maxToolRounds, message: 'tool round limit reached; asking for an answer without tools' };
        acc.notices.push(notice);
        run.emit('runtime.notice', notice);
      }
      const sys = (omitted: number): ChatMessage => ({ role: 'system', content: systemPrompt({ agentName, documents, skills, contributions: context.contributions, omitted }) });
      const budget = historyBudget(plan.contextWindow, [sys(0), ...current]);
      const fitted = fitHistory(past, budget);
      if (fitted.dropped > 0 && round === 1) run.emit('runtime.notice', { kind: 'context_trimmed', droppedMessages: fitted.dropped, contextWindow: plan.contextWindow });
      const messages = [sys(fitted.dropped), ...fitted.kept, ...current];

      const call = acc.count();
      acc.partial.answer = '';
      acc.partial.stored = false;
      run.phase = 'model';
      const started = Date.now();
      run.emit('model.started', { modelCall: call, round, connectionId: plan.connectionId, model: plan.model, messages: messages.length, tools: lastRound ? 0 : chatTools.length });
      let text = '';
      let thoughtChars = 0;
      let finish: string | undefined;
      const calls: Array<{ id: string; name: string; arguments: string }> = [];
      const reasoning: ReasoningBlock[] = [];
      for await (const event of gateway.stream(plan.connectionId, {
        model: plan.model,
        messages,
        ...(chatTools.length > 0 && !lastRound ? { tools: chatTools } : {}),
        ...(plan.temperature !== undefined ? { temperature: plan.temperature } : {}),
        ...(plan.reasoningEffort !== undefined ? { reasoningEffort: plan.reasoningEffort } : {}),
        signal: run.signal,
      })) {
        if (event.type === 'text') {
          text += event.delta;
          acc.partial.answer = text;
          run.emit('assistant.delta', { delta: event.delta, totalChars: text.length, modelCall: call });
        } else if (event.type === 'thought') {
          thoughtChars += event.delta.length;
          run.emit('assistant.thought', { delta: event.delta, modelCall: call });
        } else if (event.type === 'reasoning_block') {
          reasoning.push(event.block);
        } else if (event.type === 'tool_call') {
          calls.push({ id: event.id || `call_${calls.length + 1}`, name: event.name, arguments: event.arguments });
        } else if (event.type === 'usage') {
          acc.usage.inputTokens += event.inputTokens ?? 0;
          acc.usage.outputTokens += event.outputTokens ?? 0;
          acc.usage.reasoningTokens += event.reasoningTokens ?? 0;
        } else if (event.type === 'finish') {
          finish = event.reason;
        } else if (event.type === 'error') {
          if (run.stop) throw run.stop;
          throw new ModelFailure('chat_model_failed', `the model call failed: ${event.message}`, { code: event.code, ...(event.status !== undefined ? { status: event.status } : {}) });
        }
      }
      if (run.stop) throw run.stop;
      run.emit('model.completed', { modelCall: call, round, finishReason: finish ?? 'other', chars: text.length, thoughtChars, toolCalls: calls.length, durationMs: Date.now() - started });
      acc.partial.answer = text;
      // Reasoning blocks go back with the next call of this turn only; the transcript keeps the text.
      const assistant: ChatMessage = { role: 'assistant', content: text, ...(calls.length > 0 ? { toolCalls: calls } : {}), ...(reasoning.length > 0 ? { reasoning } : {}) };
      current.push(assistant);
      acc.transcript.push({ role: 'assistant', content: text, meta: calls.length > 0 ? { toolCalls: calls } : {} });
      acc.partial.stored = true;

      if (calls.length === 0) {
        // A model boundary: steering that arrived meanwhile continues the turn.
        const late = await this.deps.steering.claim(run.runId, round + 1);
        if (late.length === 0) return;
        latestUserText = this.deliverSteering(run, round + 1, late, current, acc.transcript) ?? latestUserText;
        continue;
      }

      run.phase = 'tool';
      for (const toolCall of calls) {
        if (run.stop) throw run.stop;
        const record = await this.runTool(run, toolCall, byName.get(toolCall.name), repeats, settings, acc.notices);
        acc.toolCalls.push(record);
        const content = record.ok ? (record.output ?? '') : `Error (${record.error?.code}): ${record.error?.message}`;
        current.push({ role: 'tool', content, toolCallId: toolCall.id });
        acc.transcript.push({ role: 'tool', content, meta: { toolCallId: toolCall.id } });
      }
    }
  }

  /** Hands claimed steering into the continuation; returns the latest steering text, if any. */
  private deliverSteering(run: ChatRun, round: number, delivered: DeliveredSteering[], current: ChatMessage[], transcript: StoredMessage[]): string | undefined {
    if (delivered.length === 0) return undefined;
    let latest: string | undefined;
    for (const s of delivered) {
      const text = composeUserText(s.message, s.attachments.filter((a) => a.text !== undefined).map((a) => ({ name: a.name, type: a.type, size: a.size, text: a.text!, truncatedChars: 0 })));
      const images = s.attachments.filter((a) => a.dataUrl !== undefined);
      current.push({
        role: 'user',
        content: images.length > 0 ? [...(text ? [{ type: 'text' as const, text }] : []), ...images.map((i) => ({ type: 'image' as const, dataUrl: i.dataUrl! }))] : text,
      });
      transcript.push({ role: 'user', content: text, meta: { steeringId: s.id, ...(s.attachments.length > 0 ? { attachments: s.attachments.map(({ name, type, size }) => ({ name, type, size })) } : {}) } });
      if (text) latest = text;
    }
    run.emit('runtime.notice', { kind: 'steering_delivered', round, steeringIds: delivered.map((s) => s.id) });
    return latest;
  }

  private async runTool(
    run: ChatRun,
    call: { id: string; name: string; arguments: string },
    tool: RunTool | undefined,
    repeats: Map<string, number>,
    settings: ChatSettings,
    notices: Array<Record<string, unknown>>,
  ): Promise<ToolCallRecord> {
    const startedAt = new Date().toISOString();
    const t0 = Date.now();
    let args: Record<string, unknown> = {};
    let parseError: string | undefined;
    try {
      const parsed: unknown = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
      else parseError = 'tool arguments must be a JSON object';
    } catch {
      parseError = 'tool arguments are not valid JSON';
    }
    const base = {
      callId: call.id,
      name: call.name,
      tool: tool?.tool ?? `unknown.${call.name}`,
      kind: tool?.kind ?? ('unknown' as const),
      arguments: parseError ? call.arguments.slice(0, 10_000) : args,
      startedAt,
    };
    const blocked = (code: string, message: string, reason: string): ToolCallRecord => {
      run.emit('tool.completed', { callId: call.id, tool: base.tool, name: call.name, ok: false, error: { code, message }, durationMs: Date.now() - t0 });
      return { ...base, ok: false, error: { code, message }, authority: { decision: 'blocked', grant: tool?.grant ?? null, boundary: tool?.boundary ?? {}, reason }, durationMs: Date.now() - t0 };
    };
    run.emit('tool.started', { callId: call.id, tool: base.tool, name: call.name, kind: base.kind, arguments: base.arguments });

    if (!tool) return blocked('chat_tool_not_granted', `tool ${call.name} is not available to this agent`, 'no grant names this tool');
    if (parseError) return blocked('tool_input_invalid', parseError, 'arguments rejected before the call');

    const key = `${tool.tool}\u0000${stableJson(args)}`;
    const seen = (repeats.get(key) ?? 0) + 1;
    repeats.set(key, seen);
    if (seen >= settings.loopGuardRepeats) {
      const notice = { kind: 'loop_guard', tool: tool.tool, repeats: seen, message: `identical call repeated ${seen} times; blocked` };
      notices.push(notice);
      run.emit('runtime.notice', notice);
      return blocked('chat_tool_loop_blocked', `this exact call was already made ${seen - 1} times in this run; use its earlier result or change approach`, 'blocked by the loop guard');
    }
    const veto = await this.deps.hooks.beforeToolCall({ agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, tool: tool.tool, arguments: args });
    if (veto) return blocked('chat_tool_vetoed', veto.reason, `vetoed by a beforeToolCall tap: ${veto.reason}`);

    const signal = AbortSignal.any([run.signal, AbortSignal.timeout(settings.toolTimeoutMs)]);
    let record: ToolCallRecord;
    try {
      const output = await raceAbort(tool.invoke(args, { agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, signal }), signal);
      const text = toolOutputText(output);
      record = { ...base, ok: true, output: text, authority: { decision: 'allowed', grant: tool.grant, boundary: tool.boundary, reason: authorityReason(tool) }, durationMs: Date.now() - t0 };
      run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: true, outputChars: text.length, durationMs: record.durationMs });
    } catch (error) {
      if (run.stop) {
        record = { ...base, ok: false, error: { code: 'aborted', message: `the run was stopped: ${run.stop.reason}` }, authority: { decision: 'allowed', grant: tool.grant, boundary: tool.boundary, reason: authorityReason(tool) }, durationMs: Date.now() - t0 };
        run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: false, error: record.error, durationMs: record.durationMs });
        throw run.stop;
      }
      const described = signal.aborted ? { code: 'chat_tool_timeout', message: `the tool took longer than ${settings.toolTimeoutMs} ms` } : describeToolError(error);
      record = { ...base, ok: false, error: described, authority: { decision: 'allowed', grant: tool.grant, boundary: tool.boundary, reason: authorityReason(tool) }, durationMs: Date.now() - t0 };
      run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: false, error: described, durationMs: record.durationMs });
    }
    await this.deps.hooks.afterToolCall({ agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, tool: tool.tool, arguments: args, ok: record.ok, durationMs: record.durationMs }).catch(() => undefined);
    return record;
  }

  /** Stops every active run (mod disable, shutdown) and waits for them to finish. */
  async close(): Promise<void> {
    this.closed = true;
    const runs = [...this.active.values()];
    for (const run of runs) run.halt('shutdown', 'the chat runtime is stopping');
    await Promise.all(runs.map((r) => r.done));
  }
}

function authorityReason(tool: RunTool): string {
  if (tool.grant === 'builtin') return 'built-in workspace tool: confined to the agent workspace';
  return `granted to the agent as ${tool.grant.connectionId}/${tool.grant.toolName}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as Record<string, unknown>).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A stopped turn is stored consistently: every tool call gets a result message, and the turn
 * ends with an assistant message flagged with the outcome (holding the partial answer).
 */
function closeOpenToolCalls(transcript: StoredMessage[], status: TerminalStatus, unstoredPartial: string): void {
  const answered = new Set(transcript.filter((m) => m.role === 'tool').map((m) => m.meta.toolCallId));
  for (const m of [...transcript]) {
    for (const call of m.meta.toolCalls ?? []) {
      if (!answered.has(call.id)) transcript.push({ role: 'tool', content: `[not run: the run was ${status}]`, meta: { toolCallId: call.id } });
    }
  }
  const outcome = status === 'cancelled' ? 'cancelled' : 'failed';
  const last = transcript[transcript.length - 1]!;
  if (last.role === 'assistant' && !last.meta.toolCalls?.length && unstoredPartial === '') last.meta.outcome = outcome;
  else transcript.push({ role: 'assistant', content: unstoredPartial, meta: { outcome } });
}
