/**
 * Run rows as stored (`chat_runs`) and the views the routes answer with: the summary of the
 * listings, the whole trace, and the authority record of a run's tool calls.
 */
import type { RunApproval, RunOrigin } from '../../contract.js';
import type { ToolApprovalVerdict } from '../../../../settings/src/contract.js';

/** The tool-approval policy's part of a tool call's authority record. */
export interface PolicyAuthority {
  action: ToolApprovalVerdict['action'];
  rule: ToolApprovalVerdict['rule'];
  reason: string;
  /** The operator's answer, when the policy asked. */
  approval?: Pick<RunApproval, 'approvalId' | 'status' | 'decidedAt' | 'decidedBy' | 'message' | 'always' | 'deadline'>;
}

export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'superseded' | 'interrupted';
export type TerminalStatus = Exclude<RunStatus, 'running'>;

export interface TraceEvent {
  type: string;
  ts: string;
  data: Record<string, unknown>;
}

export interface ToolCallRecord {
  callId: string;
  /** What the model called (model-safe name). */
  name: string;
  /** Stable identity: `builtin.<tool>`, `mod.<id>.<tool>` or `mcp:<connectionId>/<tool>`. */
  tool: string;
  kind: 'builtin' | 'mod' | 'mcp' | 'unknown';
  arguments: unknown;
  ok: boolean;
  error?: { code: string; message: string };
  output?: string;
  authority: {
    decision: 'allowed' | 'blocked';
    /** The grant that allowed it, or `builtin` for workspace tools. */
    grant: { connectionId: string; toolName: string } | 'builtin' | null;
    boundary: Record<string, unknown>;
    reason: string;
    /** What the tool-approval policy decided, and the operator's answer when it asked (absent without the settings mod or when refused before the policy). */
    policy?: PolicyAuthority;
  };
  startedAt: string;
  durationMs: number;
}

export interface RunRow {
  run_id: string;
  agent_id: string;
  session_id: string;
  status: RunStatus;
  generation: number;
  request: Record<string, unknown> | string;
  model: Record<string, unknown> | string | null;
  origin: RunOrigin | string;
  response: Record<string, unknown> | string | null;
  trace: TraceEvent[] | string;
  tool_calls: ToolCallRecord[] | string;
  error_code: string | null;
  error_message: string | null;
  started_at: Date | string;
  ended_at: Date | string | null;
  /** Retention cleared `trace` and `tool_calls` then (see trace-retention.ts). */
  trace_pruned_at?: Date | string | null;
  /** The process running it (runtime instance id); null for rows from before owners were recorded. */
  instance_id?: string | null;
  /** Another process asked the owner to cancel it (see {@link RunStore.requestCancel}). */
  cancel_requested_at?: Date | string | null;
  cancel_reason?: string | null;
  /** The run span's W3C context (traces on; see the run_trace_context migration). */
  trace_context?: { traceparent: string; tracestate?: string } | string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface RunSummary {
  runId: string;
  agentId: string;
  sessionId: string;
  status: RunStatus;
  model: Record<string, unknown> | null;
  origin: RunOrigin;
  error: { code: string; message: string } | null;
  toolCallCount: number;
  startedAt: string;
  endedAt: string | null;
}

export function runSummary(row: RunRow): RunSummary {
  return {
    runId: row.run_id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    status: row.status,
    model: row.model === null ? null : json(row.model),
    origin: json(row.origin),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    toolCallCount: json(row.tool_calls).length,
    startedAt: iso(row.started_at)!,
    endedAt: iso(row.ended_at),
  };
}

export function traceView(row: RunRow, withOutput: boolean): Record<string, unknown> {
  return {
    ...runSummary(row),
    generation: row.generation,
    request: json(row.request),
    response: row.response === null ? null : json(row.response),
    // A pruned run's events and tool calls are empty because retention cleared them, not because there were none.
    tracePruned: row.trace_pruned_at != null,
    tracePrunedAt: iso(row.trace_pruned_at ?? null),
    events: json(row.trace),
    toolCalls: json(row.tool_calls).map(({ output, ...call }) => (withOutput ? { ...call, output: output ?? null } : call)),
  };
}

export function authorityView(row: RunRow): Record<string, unknown> {
  return {
    runId: row.run_id,
    agentId: row.agent_id,
    sessionId: row.session_id,
    status: row.status,
    tracePruned: row.trace_pruned_at != null,
    toolOutput: 'disabled',
    toolCalls: json(row.tool_calls).map((call) => ({
      callId: call.callId,
      tool: call.tool,
      kind: call.kind,
      decision: call.authority.decision,
      grant: call.authority.grant,
      boundary: call.authority.boundary,
      reason: call.authority.reason,
      ...(call.authority.policy ? { policy: call.authority.policy } : {}),
      ok: call.ok,
      startedAt: call.startedAt,
    })),
  };
}
