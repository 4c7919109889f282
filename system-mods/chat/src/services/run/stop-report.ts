/**
 * The stop report of a run that did not complete: what was stopped (the model stream, each
 * tool call in flight) and what had already taken effect (tool calls that completed, with Brain
 * writes, files written and messages sent apart), so an operator knows what to check.
 *
 * Built only from the run's events in emit order (`model.started`, `model.completed`,
 * `tool.started`, `tool.completed`), never from in-memory state: the same function serves a run
 * that ends in this process and a run whose process died, its events read back from storage
 * (a `tool.started` there may have no `tool.completed`).
 */
import { toolCategory, toolTarget, type ToolCategory } from './tool-effects.js';

/** At most this many entries a list; the rest are counted in `omitted`. */
export const STOP_REPORT_MAX_ENTRIES = 50;

export interface Bounded<T> {
  items: T[];
  omitted: number;
}

interface ToolCallEntry {
  callId: string;
  /** What the model called. */
  name: string;
  /** The tool's identity: `builtin.<tool>`, `mod.<id>.<tool>` or `mcp:<connectionId>/<tool>`. */
  tool: string;
  kind: string;
  category: ToolCategory;
  /** What the call acted on (a path, a record, the masked arguments of an unknown tool). */
  target?: string;
}

export interface StoppedToolCall extends ToolCallEntry {
  /** `aborted`: the call saw the stop and ended; `in_flight`: no end was recorded (the process may have died). */
  state: 'aborted' | 'in_flight';
}

export interface CompletedToolCall extends ToolCallEntry {
  outputChars: number | null;
  durationMs: number | null;
}

/** A tool call the tool-approval policy refused, or that waited for the operator. */
export interface ApprovalCall extends ToolCallEntry {
  /** The policy rule that asked or refused. */
  ruleId: string | null;
  approvalId: string | null;
  /** `denied` by the operator, `expired` unanswered, `policy` refused by a deny rule, `waiting` when the run ended. */
  state: 'denied' | 'expired' | 'policy' | 'waiting';
}

/** The run's status is not part of it: the response or row carrying the report says it. */
export interface StopReport {
  stopped: {
    /** The model call streaming when the run ended. */
    modelStream: { modelCall: number | null; round: number | null; connectionId: string | null; model: string | null } | null;
    toolCalls: Bounded<StoppedToolCall>;
  };
  tookEffect: {
    brainWrites: Bounded<CompletedToolCall>;
    filesWritten: Bounded<CompletedToolCall>;
    messagesSent: Bounded<CompletedToolCall>;
    /** Every other completed call: MCP calls, gateway processes, child runs, reads, other tools. */
    toolCalls: Bounded<CompletedToolCall>;
  };
  /** Calls that did not run because of the tool-approval policy, and calls still waiting for the operator when the run ended. */
  approvals: { denied: Bounded<ApprovalCall>; waiting: Bounded<ApprovalCall> };
  /** The run limits it hit: `model_calls` (the run stopped there), `tool_rounds` (its last call had no tools). */
  limits: RunLimitHit[];
}

export interface RunLimitHit {
  kind: 'model_calls' | 'tool_rounds';
  limit: number;
}

export interface RunEventLike {
  type: string;
  data: Record<string, unknown>;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** `builtin.x` → builtin, `mod.a.x` → mod, `mcp:c/x` → mcp, when no `tool.started` said. */
function kindOf(tool: string): string {
  return tool.startsWith('builtin.') ? 'builtin' : tool.startsWith('mod.') ? 'mod' : tool.startsWith('mcp:') ? 'mcp' : 'unknown';
}

/** A started call; its target is worked out only for the calls a list keeps. */
interface OpenCall {
  call: Omit<ToolCallEntry, 'target'>;
  args: unknown;
}

function opened(data: Record<string, unknown>): OpenCall {
  const tool = text(data.tool) ?? `unknown.${text(data.name) ?? 'tool'}`;
  const kind = text(data.kind) ?? kindOf(tool);
  return { call: { callId: text(data.callId) ?? '', name: text(data.name) ?? '', tool, kind, category: toolCategory(tool, kind) }, args: data.arguments };
}

function withTarget({ call, args }: OpenCall): ToolCallEntry {
  const target = toolTarget(call.tool, args);
  return target === undefined ? call : { ...call, target };
}

class BoundedList<T> {
  private readonly items: T[] = [];
  private omitted = 0;
  /** Adds `make()`, or counts it when the list is full. */
  push(make: () => T): void {
    if (this.items.length < STOP_REPORT_MAX_ENTRIES) this.items.push(make());
    else this.omitted += 1;
  }
  done(): Bounded<T> {
    return { items: this.items, omitted: this.omitted };
  }
}

export function buildStopReport(events: Iterable<RunEventLike>): StopReport {
  let model: StopReport['stopped']['modelStream'] = null;
  /** Started calls without an end yet, in start order (model call ids may repeat across rounds). */
  const open: OpenCall[] = [];
  const stopped = new BoundedList<StoppedToolCall>();
  const effects = {
    brainWrites: new BoundedList<CompletedToolCall>(),
    filesWritten: new BoundedList<CompletedToolCall>(),
    messagesSent: new BoundedList<CompletedToolCall>(),
    toolCalls: new BoundedList<CompletedToolCall>(),
  };

  const denied = new BoundedList<ApprovalCall>();
  /** Asked and not yet answered, by approval id. */
  const asking = new Map<string, { started: OpenCall; ruleId: string | null }>();
  /** Every started call by its id (the latest with that id), for the approval events. */
  const startedById = new Map<string, OpenCall>();
  const ruleOf = (data: Record<string, unknown>) => text((data.rule as { id?: unknown } | undefined)?.id);

  const limits: RunLimitHit[] = [];
  for (const { type, data } of events) {
    if (type === 'runtime.notice' && (data.kind === 'model_call_cap' || data.kind === 'round_cap')) {
      const kind = data.kind === 'model_call_cap' ? 'model_calls' : 'tool_rounds';
      const limit = int(data.kind === 'model_call_cap' ? data.limit : data.rounds);
      if (limit !== null && !limits.some((l) => l.kind === kind)) limits.push({ kind, limit });
    } else if (type === 'approval.requested') {
      const started = startedById.get(text(data.callId) ?? '') ?? opened(data);
      asking.set(text(data.approvalId) ?? '', { started, ruleId: ruleOf(data) });
    } else if (type === 'approval.decided') {
      const id = text(data.approvalId) ?? '';
      const entry = asking.get(id);
      asking.delete(id);
      const status = text(data.status);
      if (entry && (status === 'denied' || status === 'expired')) denied.push(() => ({ ...withTarget(entry.started), ruleId: entry.ruleId, approvalId: id, state: status }));
    } else if (type === 'model.started') {
      model = { modelCall: int(data.modelCall), round: int(data.round), connectionId: text(data.connectionId), model: text(data.model) };
    } else if (type === 'model.completed') {
      if (model && (model.modelCall === null || model.modelCall === int(data.modelCall))) model = null;
    } else if (type === 'tool.started') {
      const call = opened(data);
      open.push(call);
      startedById.set(call.call.callId, call);
    } else if (type === 'tool.completed') {
      const at = open.findIndex((c) => c.call.callId === text(data.callId));
      const started = at >= 0 ? open.splice(at, 1)[0]! : opened(data);
      const category = started.call.category;
      const error = data.error as { code?: unknown } | undefined;
      if (data.ok === true) {
        const list = category === 'brain_write' ? effects.brainWrites : category === 'file_write' ? effects.filesWritten : category === 'message' ? effects.messagesSent : effects.toolCalls;
        list.push(() => ({ ...withTarget(started), outputChars: int(data.outputChars), durationMs: int(data.durationMs) }));
      } else if (error?.code === 'aborted') {
        stopped.push(() => ({ ...withTarget(started), state: 'aborted' }));
      } else if (error?.code === 'chat_tool_policy_denied') {
        denied.push(() => ({ ...withTarget(started), ruleId: null, approvalId: null, state: 'policy' }));
      }
      // Any other failure was refused before it ran or ended on its own: not a stop, and no effect reported.
    }
  }
  for (const started of open) stopped.push(() => ({ ...withTarget(started), state: 'in_flight' }));
  const waiting = new BoundedList<ApprovalCall>();
  for (const [approvalId, entry] of asking) waiting.push(() => ({ ...withTarget(entry.started), ruleId: entry.ruleId, approvalId, state: 'waiting' }));

  return {
    stopped: { modelStream: model, toolCalls: stopped.done() },
    tookEffect: { brainWrites: effects.brainWrites.done(), filesWritten: effects.filesWritten.done(), messagesSent: effects.messagesSent.done(), toolCalls: effects.toolCalls.done() },
    approvals: { denied: denied.done(), waiting: waiting.done() },
    limits,
  };
}
