/**
 * Active runs (kernel, capability `kernel.runs`): the chat runtime registers every run while it
 * is active so cancel, steering and the active-runs listing find it on this replica.
 */

/** An active run as listed. @public */
export interface ActiveRun {
  runId: string;
  agentId: string;
  sessionId: string;
  startedAt: string;
  /** What the run is doing now, e.g. `queued`, `model`, `tool`. */
  phase: string;
  /** The client that started it closed its connection; the run goes on. */
  detached: boolean;
}

/** What a runtime registers for each active run. @public */
export interface ActiveRunHandle {
  describe(): ActiveRun;
  /** Requests a stop (model call and pending tools are aborted); idempotent. */
  cancel(reason: string): void;
}

/** @public */
export interface RunRegistryService {
  /** Registers a run until the disposer runs; 409 `run_id_taken` when the id is active already. */
  register(handle: ActiveRunHandle): import('../disposable.js').Disposable;
  get(runId: string): ActiveRunHandle | undefined;
  list(filter?: { agentId?: string; sessionId?: string }): ActiveRun[];
}

/** Calls the runtime hooks of the kernel catalogue (the chat runtime's side of them). @public */
export interface RuntimeHooksService {
  beforeModelCall(context: import('../hooks.js').ModelCallContext): Promise<import('../hooks.js').ModelCallContext>;
  /** The first tap's veto, or undefined when every tap allowed the call. */
  beforeToolCall(event: import('../hooks.js').ToolCallEvent): Promise<import('../hooks.js').ToolCallVeto | undefined>;
  afterToolCall(event: import('../hooks.js').ToolCallResultEvent): Promise<void>;
  onRunFinished(event: import('../hooks.js').RunFinishedEvent): Promise<void>;
}
