/**
 * The hook points the chat mod owns (`chat.beforeModelCall`, `chat.beforeToolCall`,
 * `chat.afterToolCall`, `chat.onRunFinished`) with their event types. Other mods tap the points
 * through `coreServices.extensions` after listing them in `uses.extensionPoints`.
 */
import { createHookPointRef } from '../extensions.js';

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

/** The hook points the chat mod owns (declared in its manifest). @public */
export const chatHookPoints = {
  /** Waterfall: append context sections before a model call (memory uses it). */
  beforeModelCall: createHookPointRef<[ModelCallContext], ModelCallContext>('chat.beforeModelCall'),
  /** Bail: return a veto to stop a tool call (the first veto wins). */
  beforeToolCall: createHookPointRef<[ToolCallEvent], ToolCallVeto | undefined | void>('chat.beforeToolCall'),
  /** Series: a tool call finished. */
  afterToolCall: createHookPointRef<[ToolCallResultEvent]>('chat.afterToolCall'),
  /** Series: a run reached its terminal outcome (its transcript is persisted). */
  onRunFinished: createHookPointRef<[RunFinishedEvent]>('chat.onRunFinished'),
} as const;

/** Calls the chat hook points (the runtime's side of them; the chat mod builds it from its points). @public */
export interface RuntimeHooksService {
  beforeModelCall(context: ModelCallContext): Promise<ModelCallContext>;
  /** The first tap's veto, or undefined when every tap allowed the call. */
  beforeToolCall(event: ToolCallEvent): Promise<ToolCallVeto | undefined>;
  afterToolCall(event: ToolCallResultEvent): Promise<void>;
  onRunFinished(event: RunFinishedEvent): Promise<void>;
}
