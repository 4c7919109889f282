/**
 * One tool call of a run: arguments parsed, then the call's authority decided in order — a
 * grant names the tool, the loop guard has not seen it too often, no `beforeToolCall` tap
 * vetoes it — then the call itself, bounded by the tool timeout and the run's stop. Every call,
 * allowed or blocked, becomes a record with the reason (the trace's authority view).
 */
import type { RuntimeHooksService } from '../../contract.js';
import { raceAbort } from '../../../../../sdk/helpers/index.js';
import type { ChatRun } from './chat-run.js';
import type { ChatSettings } from './run-context.js';
import type { ToolCallRecord } from './run-rows.js';
import type { RunTool } from './tool-belt.js';
import { describeToolError, toolOutputText } from './tool-output.js';
import type { RunTelemetry } from './run-telemetry.js';
import type { ApprovalGate, PolicyAuthority } from './approval-gate.js';

export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * `tool.completed` carries the head of a tool's output, this many characters, for a client to
 * show while the run streams; `outputChars` says how long the whole was. The whole output is in
 * the transcript (a `tool` message) and the trace.
 */
export const TOOL_OUTPUT_PREVIEW_CHARS = 2_000;

/** The same tool with the same arguments, counted per run. */
export type LoopGuard = Map<string, number>;

export class ToolInvoker {
  constructor(
    private readonly hooks: RuntimeHooksService,
    private readonly telemetry: RunTelemetry,
    private readonly gate: ApprovalGate,
  ) {}

  /**
   * One call inside its `execute_tool` span (MCP and sandboxed calls it makes are the span's
   * children). `earlier`: the tools that ran before this call in the turn (their output reached the model).
   */
  async invoke(
    run: ChatRun,
    call: ModelToolCall,
    tool: RunTool | undefined,
    repeats: LoopGuard,
    settings: ChatSettings,
    notices: Array<Record<string, unknown>>,
    earlier: readonly string[] = [],
  ): Promise<ToolCallRecord> {
    const span = this.telemetry.startToolCall(call.id, call.name, tool, call.arguments);
    try {
      const record = await this.telemetry.tracing.within(span, () => this.call(run, call, tool, repeats, settings, notices, earlier));
      this.telemetry.endToolCall(span, record);
      return record;
    } catch (error) {
      // The run was stopped mid-call.
      this.telemetry.abortToolCall(span, tool);
      throw error;
    }
  }

  private async call(
    run: ChatRun,
    call: ModelToolCall,
    tool: RunTool | undefined,
    repeats: LoopGuard,
    settings: ChatSettings,
    notices: Array<Record<string, unknown>>,
    earlier: readonly string[],
  ): Promise<ToolCallRecord> {
    const startedAt = new Date().toISOString();
    const t0 = Date.now();
    const { args, parseError } = parseArguments(call.arguments);
    const base = {
      callId: call.id,
      name: call.name,
      tool: tool?.tool ?? `unknown.${call.name}`,
      kind: tool?.kind ?? ('unknown' as const),
      arguments: parseError ? call.arguments.slice(0, 10_000) : args,
      startedAt,
    };
    const blocked = (code: string, message: string, reason: string, policy?: PolicyAuthority): ToolCallRecord => {
      run.emit('tool.completed', { callId: call.id, tool: base.tool, name: call.name, ok: false, error: { code, message }, durationMs: Date.now() - t0 });
      return {
        ...base,
        ok: false,
        error: { code, message },
        authority: { decision: 'blocked', grant: tool?.grant ?? null, boundary: tool?.boundary ?? {}, reason, ...(policy ? { policy } : {}) },
        durationMs: Date.now() - t0,
      };
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
    const veto = await this.hooks.beforeToolCall({ agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, tool: tool.tool, arguments: args });
    if (veto) return blocked('chat_tool_vetoed', veto.reason, `vetoed by a beforeToolCall tap: ${veto.reason}`);

    // The tool-approval policy: the one place every kind of tool call is allowed, refused or asked about.
    let gate;
    try {
      gate = await this.gate.check(run, { callId: call.id, name: call.name }, tool, args, { timeoutMs: settings.approvalTimeoutMs, pollMs: settings.approvalPollMs });
    } catch (error) {
      if (run.stop) {
        const stopped = { code: 'aborted', message: `the run was stopped: ${run.stop.reason}` };
        run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: false, error: stopped, durationMs: Date.now() - t0 });
        throw run.stop;
      }
      throw error;
    }
    if (!gate.ok) return blocked(gate.code, gate.message, gate.reason, gate.policy);

    const authority = { decision: 'allowed' as const, grant: tool.grant, boundary: tool.boundary, reason: authorityReason(tool), ...(gate.policy ? { policy: gate.policy } : {}) };
    const signal = AbortSignal.any([run.signal, AbortSignal.timeout(settings.toolTimeoutMs)]);
    let record: ToolCallRecord;
    try {
      const output = await raceAbort(
        tool.invoke(args, { agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, toolCallId: call.id, earlierToolResults: [...earlier], origin: { ...run.origin }, signal }),
        signal,
      );
      const text = toolOutputText(output);
      record = { ...base, ok: true, output: text, authority, durationMs: Date.now() - t0 };
      run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: true, outputChars: text.length, output: text.slice(0, TOOL_OUTPUT_PREVIEW_CHARS), durationMs: record.durationMs });
    } catch (error) {
      if (run.stop) {
        record = { ...base, ok: false, error: { code: 'aborted', message: `the run was stopped: ${run.stop.reason}` }, authority, durationMs: Date.now() - t0 };
        run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: false, error: record.error, durationMs: record.durationMs });
        throw run.stop;
      }
      const described = signal.aborted ? { code: 'chat_tool_timeout', message: `the tool took longer than ${settings.toolTimeoutMs} ms` } : describeToolError(error);
      record = { ...base, ok: false, error: described, authority, durationMs: Date.now() - t0 };
      run.emit('tool.completed', { callId: call.id, tool: tool.tool, name: call.name, ok: false, error: described, durationMs: record.durationMs });
    }
    await this.hooks.afterToolCall({ agentId: run.agentId, sessionId: run.sessionId, runId: run.runId, tool: tool.tool, arguments: args, ok: record.ok, durationMs: record.durationMs }).catch(() => undefined);
    return record;
  }
}

function parseArguments(text: string): { args: Record<string, unknown>; parseError?: string } {
  try {
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { args: parsed as Record<string, unknown> };
    return { args: {}, parseError: 'tool arguments must be a JSON object' };
  } catch {
    return { args: {}, parseError: 'tool arguments are not valid JSON' };
  }
}

function authorityReason(tool: RunTool): string {
  if (tool.grant === 'builtin') return 'built-in workspace tool: confined to the agent workspace';
  return `granted to the agent as ${tool.grant.connectionId}/${tool.grant.toolName}`;
}

/** JSON with sorted keys: the loop guard's notion of "the same arguments". */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
