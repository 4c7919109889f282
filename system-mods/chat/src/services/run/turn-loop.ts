/**
 * The turn loop: the user's message into the transcript, then model calls streamed as deltas,
 * each answer's tool calls handed to the tool invoker, until a model call asks for no tool.
 * Steering is claimed at every boundary (before a model call, after a call without tools) and
 * continues the turn. Throws `RunStopped` when the run is stopped and `ModelFailure` when the
 * model call fails; the finisher turns either into the terminal outcome.
 */
import type { ChatMessage, ChatTool, ModelGatewayService, ReasoningBlock } from '../../../../model-connections/src/contract.js';
import { chatErrors as errors } from '../../errors.js';
import type { ChatRun } from './chat-run.js';
import type { Compactor } from '../context/compaction.js';
import { assembleContext } from '../context/context-builder.js';
import { contextParts, type ContextSource } from '../context/context-source.js';
import { ModelFailure, type ModelPlan, type RunJob, type TurnState } from './run-context.js';
import type { DeliveredSteering, SteeringStore } from './steering-store.js';
import type { ToolBelt } from './tool-belt.js';
import type { LoopGuard, ModelToolCall, ToolInvoker } from './tool-invoker.js';
import type { StoredMessage } from '../archive/transcript-rows.js';
import { attachmentMeta, composeUserText } from './turn-input.js';
import { mcpStateNotice } from './tool-output.js';
import type { RunTelemetry } from './run-telemetry.js';
import { addUsage, emitBudgetChanges, emptyUsage, runAttribution } from './run-usage.js';

export class TurnLoop {
  constructor(
    private readonly deps: {
      gateway: () => ModelGatewayService | undefined;
      context: ContextSource;
      compactor: Compactor;
      steering: SteeringStore;
      belt: ToolBelt;
      tools: ToolInvoker;
      telemetry: RunTelemetry;
    },
  ) {}

  async run(job: RunJob, state: TurnState): Promise<void> {
    const { run, turn, plan } = job;
    const userText = composeUserText(turn.message, turn.texts);
    state.transcript.push({
      role: 'user',
      content: userText,
      meta: turn.texts.length + turn.images.length > 0 ? { attachments: attachmentMeta(turn) } : {},
    });
    for (const t of turn.texts) {
      if (t.truncatedChars > 0) {
        const notice = { kind: 'attachment_truncated', name: t.name, keptChars: t.text.length, truncatedChars: t.truncatedChars };
        state.notices.push(notice);
        run.emit('runtime.notice', notice);
      }
    }
    if (run.stop) throw run.stop;
    run.phase = 'context';
    run.emit('route.decided', {
      route: plan ? 'model' : 'no-model',
      sessionKind: 'chat',
      ...(turn.continuityScope !== undefined ? { continuityScope: turn.continuityScope } : {}),
      ...(plan ? { connectionId: plan.connectionId, model: plan.model } : {}),
    });
    if (plan) await this.loop(job, plan, userText, state);
  }

  private async loop(job: RunJob, plan: ModelPlan, userText: string, state: TurnState): Promise<void> {
    const { run, turn, settings, profile } = job;
    const gateway = this.deps.gateway();
    if (!gateway) throw new ModelFailure(errors.chatModelUnavailable().code, errors.chatModelUnavailable().message);
    const base = await this.deps.context.base(run, profile, job.knownEmpty);
    // The MCP connections this run uses: their changes of state are stream events while it lasts.
    const watching = this.deps.belt.watchMcp(profile.grants, (change) => {
      if (!run.finished) run.emit('runtime.notice', mcpStateNotice(change));
    });
    void run.done.then(() => watching.dispose());
    const belt = await this.deps.belt.forAgent(run.agentId, profile.grants, run.signal);
    if (belt.unresolved.length > 0) run.emit('runtime.notice', { kind: 'tools_unavailable', tools: belt.unresolved });
    const byName = new Map(belt.tools.map((t) => [t.name, t]));
    const chatTools: ChatTool[] = belt.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));

    const userContent: ChatMessage['content'] =
      turn.images.length > 0 ? [...(userText ? [{ type: 'text' as const, text: userText }] : []), ...turn.images.map((i) => ({ type: 'image' as const, dataUrl: i.dataUrl }))] : userText;
    const current: ChatMessage[] = [{ role: 'user', content: userContent }];
    const repeats: LoopGuard = new Map();
    // The tools that ran in this turn so far: each later call is told (ToolCallContext.earlierToolResults).
    const ran: string[] = [];
    let latestUserText = userText;
    let round = 0;

    for (;;) {
      round += 1;
      if (run.stop) throw run.stop;
      latestUserText = deliverSteering(job, round, await this.deps.steering.claim(run.runId, round), current, state.transcript) ?? latestUserText;

      const contributions = await this.deps.context.contributions({
        agentId: run.agentId,
        sessionId: run.sessionId,
        runId: run.runId,
        round,
        userMessage: latestUserText,
        ...(job.turn.continuityScope !== undefined ? { continuityScope: job.turn.continuityScope } : {}),
        contributions: [],
      });
      const lastRound = round > settings.maxToolRounds;
      if (lastRound) {
        const notice = { kind: 'round_cap', rounds: settings.maxToolRounds, message: 'tool round limit reached; asking for an answer without tools' };
        state.notices.push(notice);
        run.emit('runtime.notice', notice);
      }
      // Before the turn's first model call only: later rounds of the turn keep its context.
      if (round === 1) await this.deps.compactor.compact({ run, plan, settings, base, contributions, current, state });
      const built = assembleContext(contextParts(base, contributions, current, plan.contextWindow));
      if (built.dropped > 0 && round === 1) run.emit('runtime.notice', { kind: 'context_trimmed', droppedMessages: built.dropped, contextWindow: plan.contextWindow });
      const messages = built.messages;

      // The loop guard by count: one more model call than the run may make stops it, said in its stop report.
      if (state.modelCalls >= settings.maxModelCalls) {
        const notice = { kind: 'model_call_cap', limit: settings.maxModelCalls, message: `model call limit reached (${settings.maxModelCalls}); the run stops` };
        state.notices.push(notice);
        run.emit('runtime.notice', notice);
        const failure = errors.chatModelCallLimit({ limit: settings.maxModelCalls });
        throw new ModelFailure(failure.code, failure.message);
      }
      const { text, calls, reasoning } = await this.callModel(gateway, run, plan, messages, lastRound ? [] : chatTools, round, state);
      // Reasoning blocks go back with the next call of this turn only; the transcript keeps the text.
      current.push({ role: 'assistant', content: text, ...(calls.length > 0 ? { toolCalls: calls } : {}), ...(reasoning.length > 0 ? { reasoning } : {}) });
      state.transcript.push({ role: 'assistant', content: text, meta: calls.length > 0 ? { toolCalls: calls } : {} });
      state.partial.stored = true;

      if (calls.length === 0) {
        // A model boundary: steering that arrived meanwhile continues the turn.
        const late = await this.deps.steering.claim(run.runId, round + 1);
        if (late.length === 0) return;
        latestUserText = deliverSteering(job, round + 1, late, current, state.transcript) ?? latestUserText;
        continue;
      }

      run.phase = 'tool';
      for (const toolCall of calls) {
        if (run.stop) throw run.stop;
        const record = await this.deps.tools.invoke(run, toolCall, byName.get(toolCall.name), repeats, settings, state.notices, ran);
        state.toolCalls.push(record);
        if (record.authority.decision === 'allowed' && !ran.includes(record.tool)) ran.push(record.tool);
        const content = record.ok ? (record.output ?? '') : `Error (${record.error?.code}): ${record.error?.message}`;
        current.push({ role: 'tool', content, toolCallId: toolCall.id });
        state.transcript.push({ role: 'tool', content, meta: { toolCallId: toolCall.id } });
      }
    }
  }

  /** One model call, streamed: deltas and thoughts as events, tool calls and usage collected. */
  private async callModel(gateway: ModelGatewayService, run: ChatRun, plan: ModelPlan, messages: ChatMessage[], tools: ChatTool[], round: number, state: TurnState) {
    const call = ++state.modelCalls;
    state.partial.answer = '';
    state.partial.stored = false;
    run.phase = 'model';
    const started = Date.now();
    run.emit('model.started', { modelCall: call, round, connectionId: plan.connectionId, model: plan.model, messages: messages.length, tools: tools.length });
    const telemetry = this.deps.telemetry;
    const span = telemetry.startModelCall(plan, messages, tools.length);
    try {
      const result = await telemetry.tracing.within(span, () => this.streamModel(gateway, run, plan, messages, tools, { call, round, started }, state));
      telemetry.endModelCall(run, plan, span, { finishReason: result.finish, usage: result.usage, output: result.text });
      return result;
    } catch (error) {
      const code = error instanceof ModelFailure ? error.code : run.stop ? 'aborted' : 'chat_model_failed';
      telemetry.endModelCall(run, plan, span, { finishReason: 'error', usage: emptyUsage(), error: { code, message: (error as Error).message } });
      throw error;
    }
  }

  private async streamModel(gateway: ModelGatewayService, run: ChatRun, plan: ModelPlan, messages: ChatMessage[], tools: ChatTool[], at: { call: number; round: number; started: number }, state: TurnState) {
    const { call, round, started } = at;
    let text = '';
    let thoughtChars = 0;
    let finish: string | undefined;
    const usage = emptyUsage();
    const calls: ModelToolCall[] = [];
    const reasoning: ReasoningBlock[] = [];
    for await (const event of gateway.stream(
      plan.connectionId,
      {
        model: plan.model,
        messages,
        ...(tools.length > 0 ? { tools } : {}),
        ...(plan.temperature !== undefined ? { temperature: plan.temperature } : {}),
        ...(plan.reasoningEffort !== undefined ? { reasoningEffort: plan.reasoningEffort } : {}),
        signal: run.signal,
      },
      runAttribution(run),
    )) {
      if (event.type === 'text') {
        text += event.delta;
        state.partial.answer = text;
        run.emit('assistant.delta', { delta: event.delta, totalChars: text.length, modelCall: call });
      } else if (event.type === 'thought') {
        thoughtChars += event.delta.length;
        run.emit('assistant.thought', { delta: event.delta, modelCall: call });
      } else if (event.type === 'reasoning_block') {
        reasoning.push(event.block);
      } else if (event.type === 'tool_call') {
        calls.push({ id: event.id || `call_${calls.length + 1}`, name: event.name, arguments: event.arguments });
      } else if (event.type === 'usage' || event.type === 'cost') {
        addUsage(event, usage, state.usage);
        if (event.type === 'cost') emitBudgetChanges(run, event);
      } else if (event.type === 'finish') {
        finish = event.reason;
      } else if (event.type === 'error') {
        if (run.stop) throw run.stop;
        if (event.code.startsWith('budget_')) throw new ModelFailure(event.code, event.message);
        throw new ModelFailure('chat_model_failed', `the model call failed: ${event.message}`, { code: event.code, ...(event.status !== undefined ? { status: event.status } : {}) });
      }
    }
    if (run.stop) throw run.stop;
    run.emit('model.completed', {
      modelCall: call,
      round,
      finishReason: finish ?? 'other',
      chars: text.length,
      thoughtChars,
      toolCalls: calls.length,
      durationMs: Date.now() - started,
      usage,
      runUsage: { ...state.usage },
    });
    state.partial.answer = text;
    return { text, calls, reasoning, finish: finish ?? 'other', usage };
  }
}

/** Hands claimed steering into the continuation (an event on the run's span); returns the latest steering text, if any. */
function deliverSteering({ run, span }: RunJob, round: number, delivered: DeliveredSteering[], current: ChatMessage[], transcript: StoredMessage[]): string | undefined {
  if (delivered.length === 0) return undefined;
  span.event('steering.delivered', { 'svc.steering.round': round, 'svc.steering.count': delivered.length });
  let latest: string | undefined;
  for (const s of delivered) {
    const text = composeUserText(
      s.message,
      s.attachments.filter((a) => a.text !== undefined).map((a) => ({ name: a.name, type: a.type, size: a.size, text: a.text!, truncatedChars: 0 })),
    );
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
