/**
 * The kernel hook catalogue as mods see it. Names state their position: `before*` hooks may
 * transform (waterfall) or veto (bail); `on*`/`after*` hooks are only told (series/parallel).
 * Mods tap through a facade (the tap is named after the mod and removed on disable); they can
 * never call a hook.
 */
import type { Knex } from 'knex';

/** A mod lifecycle notification. @public */
export interface ModLifecycleEvent {
  modId: string;
  version: string;
}

/** Counts reported by `GET /api/diagnostics/inventory`; mods add their own. @public */
export type InventoryCounts = Record<string, number>;

/** An agent is being deleted: every mod removes its rows for the agent in `trx`. @public */
export interface AgentDeleteEvent {
  agentId: string;
  /** The deletion's transaction: write through it so the whole delete commits or none of it. */
  trx: Knex.Transaction;
}

/** A section of model context a mod contributes (memory, retrieved notes). @public */
export interface ModelContextContribution {
  /** Who contributed it (a mod id); shown in traces. */
  source: string;
  title: string;
  text: string;
}

/**
 * A model call is about to be made for a chat run: taps return the context with their own
 * sections appended (waterfall). They see the latest user text, never the credential.
 * @public
 */
export interface ModelCallContext {
  agentId: string;
  sessionId: string;
  runId: string;
  /** 1 for the first call of a turn, then one more per tool round. */
  round: number;
  /** The user's message of this turn (after steering, the latest delivered text). */
  userMessage: string;
  contributions: ModelContextContribution[];
}

/** A tool is about to run for a chat run; a tap may veto it. @public */
export interface ToolCallEvent {
  agentId: string;
  sessionId: string;
  runId: string;
  /** `mcp:<connectionId>/<tool>`, `mod.<id>.<tool>` or `builtin.<tool>`. */
  tool: string;
  arguments: Record<string, unknown>;
}

/** A veto of a tool call: the model is told the reason, the tool does not run. @public */
export interface ToolCallVeto {
  block: true;
  reason: string;
}

/** A tool call finished (its output is not included). @public */
export interface ToolCallResultEvent extends ToolCallEvent {
  ok: boolean;
  durationMs: number;
}

/** A chat run ended with a terminal outcome. @public */
export interface RunFinishedEvent {
  agentId: string;
  sessionId: string;
  runId: string;
  status: 'completed' | 'failed' | 'cancelled' | 'superseded' | 'interrupted';
}

/** Hook name → semantics and argument types. @public */
export interface KernelHookMap {
  /** A mod finished enabling. */
  onModEnabled: { kind: 'series'; args: [ModLifecycleEvent] };
  /** A mod finished disabling (its registrations are gone). */
  onModDisabled: { kind: 'series'; args: [ModLifecycleEvent] };
  /** The listener is accepting connections. */
  onServerReady: { kind: 'series'; args: [{ url: string }] };
  /** The kernel is shutting down; mods are still enabled. */
  onShutdown: { kind: 'series'; args: [] };
  /** An agent is being deleted; taps delete the agent's records in the event's transaction (throw to veto). */
  beforeAgentDelete: { kind: 'series'; args: [AgentDeleteEvent] };
  /** Transform the inventory counts before they are reported (counts only, never content). */
  beforeInventoryReport: { kind: 'waterfall'; args: [InventoryCounts] };
  /** A chat model call is about to be made: append context sections (memory uses it). */
  beforeModelCall: { kind: 'waterfall'; args: [ModelCallContext] };
  /** A chat tool call is about to run: return a veto to stop it (the first veto wins). */
  beforeToolCall: { kind: 'bail'; args: [ToolCallEvent]; result: ToolCallVeto };
  /** A chat tool call finished. */
  afterToolCall: { kind: 'series'; args: [ToolCallResultEvent] };
  /** A chat run reached its terminal outcome (its transcript is persisted). */
  onRunFinished: { kind: 'series'; args: [RunFinishedEvent] };
}

/** Hooks the chat runtime calls (through the capability-gated `coreServices.runtimeHooks`). @public */
export type RuntimeHookName = 'beforeModelCall' | 'beforeToolCall' | 'afterToolCall' | 'onRunFinished';

/** Every hook name. @public */
export type KernelHookName = keyof KernelHookMap;

/** The function a mod taps onto hook `K`. @public */
export type HookTapFn<K extends KernelHookName> = KernelHookMap[K] extends { kind: 'bail'; result: infer R }
  ? (...args: KernelHookMap[K]['args']) => R | undefined | void | Promise<R | undefined | void>
  : KernelHookMap[K]['kind'] extends 'waterfall'
    ? (...args: KernelHookMap[K]['args']) => KernelHookMap[K]['args'][0] | Promise<KernelHookMap[K]['args'][0]>
    : (...args: KernelHookMap[K]['args']) => void | Promise<void>;
