/**
 * What a run tells the operator's observability stack: OpenTelemetry spans following the GenAI
 * semantic conventions (`invoke_agent` for the run, `chat` per model call, `execute_tool` per
 * tool call, `tools/call` per MCP call) and Prometheus metrics (runs by status, model calls,
 * tokens and cost by agent and model, tool calls by outcome). Labels are agent ids, model ids,
 * tool ids and fixed words: never a session or run id. Prompt, completion and tool text go on
 * spans only when the operator opted in, with credential-named fields masked and each value cut.
 */
import type { InstrumentsService, SpanAttributes, TraceCarrier, TraceSpan, TracingService } from '../../../../../sdk/index.js';
import type { ChatMessage } from '../../../../model-connections/src/contract.js';
import { maskCredentials } from '../credential-mask.js';
import type { ChatRun } from './chat-run.js';
import type { RunOrigin } from '../../contract.js';
import type { ModelPlan, RunJob } from './run-context.js';
import type { RunRow, ToolCallRecord } from './run-rows.js';
import type { RunTool } from './tool-belt.js';

/** Longest content value put on a span (characters). */
const CONTENT_MAX_CHARS = 16_000;

/** The convention's tool types: svc's built-in tools are functions, MCP and mod tools extensions. */
const TOOL_TYPE: Record<string, string> = { builtin: 'function', mcp: 'extension', mod: 'extension' };

export interface ModelCallEnd {
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number; reasoningTokens: number };
  error?: { code: string; message: string };
  output?: string;
}

/** What the run's span names, known at admission. */
export interface RunFacts {
  runId: string;
  agentId: string;
  agentName: string;
  sessionId: string;
  origin: RunOrigin;
  plan: ModelPlan | null;
}

export class RunTelemetry {
  private readonly runs;
  private readonly runSeconds;
  private readonly modelCalls;
  private readonly tokens;
  private readonly cost;
  private readonly toolCalls;

  constructor(
    readonly tracing: TracingService,
    instruments: InstrumentsService,
    active: () => number,
  ) {
    this.runs = instruments.counter({ name: 'svc_runs_total', help: 'Agent runs ended, by terminal status and origin', labels: ['status', 'origin'] });
    this.runSeconds = instruments.histogram({
      name: 'svc_run_duration_seconds',
      help: 'Agent run duration from admission to its terminal event, by status',
      labels: ['status'],
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
    });
    instruments.gauge({ name: 'svc_runs_active', help: 'Agent runs active on this process', read: () => [{ labels: {}, value: active() }] });
    this.modelCalls = instruments.counter({ name: 'svc_model_calls_total', help: 'Model calls, by agent, provider, model and outcome', labels: ['agent', 'provider', 'model', 'outcome'] });
    this.tokens = instruments.counter({ name: 'svc_model_tokens_total', help: 'Model tokens, by agent, model and type (input, output, reasoning)', labels: ['agent', 'model', 'type'] });
    this.cost = instruments.counter({ name: 'svc_model_cost_total', help: 'Model cost from the catalog pricing, by agent, model and currency', labels: ['agent', 'model', 'currency'] });
    this.toolCalls = instruments.counter({ name: 'svc_tool_calls_total', help: 'Tool calls, by tool, kind and outcome (ok, error, blocked, aborted)', labels: ['tool', 'kind', 'outcome'] });
  }

  /**
   * The run's span, started at admission (so its context is written with the run row, and work
   * on the run in another process continues its trace); the turn runs inside it.
   */
  startRun(facts: RunFacts): TraceSpan {
    if (!this.tracing.enabled) return this.tracing.start('');
    return this.tracing.start(`invoke_agent ${facts.agentId}`, {
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.id': facts.agentId,
        'gen_ai.agent.name': facts.agentName,
        'gen_ai.conversation.id': facts.sessionId,
        'svc.run.id': facts.runId,
        'svc.run.origin': facts.origin.kind,
        ...(facts.plan ? { 'gen_ai.request.model': facts.plan.model, 'gen_ai.provider.name': facts.plan.provider } : {}),
      },
    });
  }

  /** The run span's W3C context for the run row; undefined when it is not recorded. */
  carrier(span: TraceSpan): TraceCarrier | undefined {
    return span.recording ? this.tracing.carrier(span) : undefined;
  }

  /** Names the exported trace in the run's own trace (`trace.exported`), for the jump between the two. */
  noteExported(run: ChatRun, span: TraceSpan): void {
    if (span.traceId) run.trace.push({ type: 'trace.exported', ts: new Date().toISOString(), data: { traceId: span.traceId, spanId: span.spanId } });
  }

  /** A run refused after its span started (a used run id): the span ends failed. */
  refuseRun(span: TraceSpan, error: unknown): void {
    if (span.recording) span.fail(typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'chat_run_refused', error instanceof Error ? error.message : undefined);
    span.end();
  }

  /**
   * A span for work on a run done outside the run's own flow — a steering submission, a cancel,
   * a resumed stream, possibly in another process: a child of the run's span (from the row's
   * context), linked to whatever was active (the request), so both traces lead to the other.
   */
  startRunWork(name: string, row: Pick<RunRow, 'run_id' | 'agent_id' | 'session_id' | 'trace_context'>, attributes: SpanAttributes = {}): TraceSpan {
    if (!this.tracing.enabled) return this.tracing.start('');
    const raw = row.trace_context;
    const context = typeof raw === 'string' ? (JSON.parse(raw) as TraceCarrier) : (raw ?? undefined);
    const here = this.tracing.carrier();
    return this.tracing.start(`${name} ${row.agent_id}`, {
      ...(context?.traceparent ? { parent: context } : {}),
      ...(context?.traceparent && here ? { links: [here] } : {}),
      attributes: { 'gen_ai.agent.id': row.agent_id, 'gen_ai.conversation.id': row.session_id, 'svc.run.id': row.run_id, ...attributes },
    });
  }

  endRun(job: RunJob, span: TraceSpan, response: Record<string, unknown>): void {
    const status = typeof response.status === 'string' ? response.status : 'failed';
    this.runs.inc({ status, origin: job.run.origin.kind });
    this.runSeconds.observe({ status }, Math.max(0, Date.now() - Date.parse(job.run.startedAt)) / 1000);
    if (!span.recording) return span.end();
    const stop = (response.stopReport as { reason?: string } | undefined)?.reason;
    span.setAttributes({ 'svc.run.status': status, 'svc.run.stop_reason': stop ?? (typeof response.message === 'string' ? response.message : undefined) });
    if (status === 'failed') span.fail(typeof response.error === 'string' ? response.error : 'chat_run_failed', typeof response.message === 'string' ? response.message : undefined);
    span.end();
  }

  startModelCall(plan: ModelPlan, messages: ChatMessage[], tools: number): TraceSpan {
    if (!this.tracing.enabled) return this.tracing.start('');
    const attributes: SpanAttributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': plan.provider,
      'gen_ai.request.model': plan.model,
      'svc.model.connection_id': plan.connectionId,
      'svc.model.tools': tools,
      ...(plan.temperature !== undefined ? { 'gen_ai.request.temperature': plan.temperature } : {}),
    };
    if (this.tracing.captureContent) attributes['gen_ai.input.messages'] = content(messages.map(({ role, content: c, toolCallId }) => ({ role, content: c, ...(toolCallId ? { toolCallId } : {}) })));
    return this.tracing.start(`chat ${plan.model}`, { kind: 'client', attributes });
  }

  endModelCall(run: ChatRun, plan: ModelPlan, span: TraceSpan, end: ModelCallEnd): void {
    const agent = run.agentId;
    this.modelCalls.inc({ agent, provider: plan.provider ?? 'unknown', model: plan.model, outcome: end.error ? 'error' : 'ok' });
    const { inputTokens, outputTokens, reasoningTokens } = end.usage;
    if (inputTokens > 0) this.tokens.inc({ agent, model: plan.model, type: 'input' }, inputTokens);
    if (outputTokens > 0) this.tokens.inc({ agent, model: plan.model, type: 'output' }, outputTokens);
    if (reasoningTokens > 0) this.tokens.inc({ agent, model: plan.model, type: 'reasoning' }, reasoningTokens);
    const pricing = plan.pricing;
    if (pricing && (pricing.inputPerMillion !== undefined || pricing.outputPerMillion !== undefined)) {
      const amount = (inputTokens * (pricing.inputPerMillion ?? 0) + outputTokens * (pricing.outputPerMillion ?? 0)) / 1e6;
      if (amount > 0) this.cost.inc({ agent, model: plan.model, currency: pricing.currency }, amount);
    }
    if (!span.recording) return span.end();
    span.setAttributes({
      'gen_ai.response.model': plan.model,
      'gen_ai.response.finish_reasons': [end.finishReason],
      'gen_ai.usage.input_tokens': inputTokens,
      'gen_ai.usage.output_tokens': outputTokens,
      ...(reasoningTokens > 0 ? { 'gen_ai.usage.reasoning_tokens': reasoningTokens } : {}),
      ...(this.tracing.captureContent && end.output !== undefined ? { 'gen_ai.output.messages': content([{ role: 'assistant', content: end.output }]) } : {}),
    });
    if (end.error) span.fail(end.error.code, end.error.message);
    span.end();
  }

  startToolCall(callId: string, name: string, tool: RunTool | undefined, args: unknown): TraceSpan {
    if (!this.tracing.enabled) return this.tracing.start('');
    return this.tracing.start(`execute_tool ${name}`, {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': name,
        'gen_ai.tool.type': TOOL_TYPE[tool?.kind ?? ''] ?? 'function',
        'gen_ai.tool.call.id': callId,
        'svc.tool.id': tool?.tool,
        'svc.tool.kind': tool?.kind,
        ...(this.tracing.captureContent ? { 'gen_ai.tool.call.arguments': content(args) } : {}),
      },
    });
  }

  endToolCall(span: TraceSpan, record: ToolCallRecord): void {
    const outcome = record.ok ? 'ok' : record.authority?.decision === 'blocked' ? 'blocked' : 'error';
    // A name the model made up is not a label value: unknown tools count as one.
    this.toolCalls.inc({ tool: record.kind === 'unknown' ? 'unknown' : record.tool, kind: record.kind, outcome });
    if (!span.recording) return span.end();
    span.setAttributes({ 'svc.tool.outcome': outcome, ...(this.tracing.captureContent && record.output !== undefined ? { 'gen_ai.tool.call.result': cut(record.output) } : {}) });
    if (!record.ok && record.error) span.fail(record.error.code, record.error.message);
    span.end();
  }

  abortToolCall(span: TraceSpan, tool: RunTool | undefined): void {
    this.toolCalls.inc({ tool: tool?.tool ?? 'unknown', kind: tool?.kind ?? 'unknown', outcome: 'aborted' });
    span.fail('aborted', 'the run was stopped');
    span.end();
  }
}

/** Content for a span: credential-named fields masked (as in the transcript export), then cut. */
function content(value: unknown): string {
  return cut(JSON.stringify(maskCredentials(value)) ?? '');
}

function cut(text: string): string {
  return text.length > CONTENT_MAX_CHARS ? `${text.slice(0, CONTENT_MAX_CHARS)}…` : text;
}
