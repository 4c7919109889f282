/**
 * `core.tools`: the mod's tool registrar.
 */
import type { Disposable } from '../disposable.js';
import { createServiceRef } from '../service-ref.js';

/**
 * Who calls a tool: the chat runtime passes the run's agent, session and run id. Tool calls are
 * runtime actions, never operator actions (Brains, for one, refuses runtime edits of
 * operator-owned records). @public
 */
export interface ToolCallContext {
  agentId: string;
  sessionId: string;
  runId: string;
  /** The model's id for this call (the assistant message's `toolCalls[].id`), when a model asked for it. */
  toolCallId?: string;
  /**
   * The tools (`mcp:<connection>/<tool>`, `mod.<id>.<tool>`, `builtin.<tool>`) that ran earlier
   * in this turn, whose results (or error text) the model had read before asking for this call;
   * distinct, in first-run order. A tool can tell from it whether its arguments may stem from
   * tool output rather than from the user's message.
   */
  earlierToolResults?: string[];
  /**
   * Who started the run (`chat`, `schedule`, `task`, `channel`, `dream`…, with the starter's id):
   * a tool can tell from it whether the run's input is the operator's own words.
   */
  origin?: { kind: string; id?: string };
  /** Aborted when the run is cancelled or the tool's bound elapses. */
  signal: AbortSignal;
}

/**
 * An agent tool handler. `input` has already been validated against `inputSchema`; the
 * returned value (JSON-serializable) goes back to the model. Throw an `SvcError` for a refusal
 * the model should read (its code and message are shown to the model). @public
 */
export interface ToolBinding {
  inputSchema: Record<string, unknown>;
  handler: (input: any, context: ToolCallContext) => unknown | Promise<unknown>;
}

/** Registers the tools the manifest declares, as `mod.<id>.<name>`. @public */
export interface ToolRegistrarService {
  register(name: string, binding: ToolBinding): Disposable;
}

/** The mod's tool registrar. @public */
export const toolsServiceRef = createServiceRef<ToolRegistrarService>({ id: 'core.tools', scope: 'mod' });
