/**
 * The chat mod's contract: the run engine other mods start agent runs through (schedules, the
 * task board, Dreams, the gateway; HTTP chat is one caller among them). Plain data in, plain
 * data out, and one async iterable of events: nothing here needs the caller to share a
 * process, a database handle or a class with the chat mod. A consumer imports only this file
 * (or declares the same types and matches the ref by id).
 */
import { createHookPointRef, createServiceRef } from '../../../sdk/index.js';
import type { UnitOfWork, UnitOfWorkOptions } from '../../../sdk/index.js';

/** Who started a run, stored with it and shown in its trace. `kind` is open: mods add their own. */
export interface RunOrigin {
  kind: 'chat' | 'schedule' | 'task' | 'dream' | 'gateway' | (string & {});
  /** The starter's own id (schedule id, task id…), when it has one. */
  id?: string;
}

/** An attachment of a run's input: text (utf8 or base64) or an image (base64 or a data URL). */
export interface RunAttachment {
  name: string;
  type: string;
  size?: number;
  encoding?: 'utf8' | 'utf-8' | 'text' | 'base64' | 'data-url';
  content: string;
}

/** What the agent is asked: the fields of a chat request besides agent and session. */
export interface AgentRunInput {
  /** Nonblank unless an image attachment is present. */
  message?: string;
  attachments?: RunAttachment[];
  /** Caller-chosen run id; not an idempotency key (a used id is 409 `chat_run_exists`). */
  runId?: string;
  /** An exact enabled model override; both or neither. */
  modelConnectionId?: string;
  model?: string;
  reasoningEffort?: string;
  temperature?: number;
  continuityScope?: string;
  /** Literal true: the turn is recorded without a model call. */
  noCallModel?: true;
}

export interface AgentRunStartRequest {
  agentId: string;
  /** Default `default`. Runs of one agent/session go one at a time, in arrival order. */
  sessionId?: string;
  input: AgentRunInput;
  origin: RunOrigin;
}

/** One event of a run, the same object the NDJSON stream of `POST /api/chat` writes per line. */
export interface AgentRunEvent {
  /** `run.started`, `route.decided`, `model.started`, `assistant.delta`, … then one terminal type. */
  type: string;
  runId: string;
  sessionId: string;
  ts: string;
  /** 1, 2, … per run in emit order; `GET /api/chat/runs/{runId}/events?after=<seq>` resumes after it. */
  seq: number;
  data: Record<string, unknown>;
}

/** The terminal event types; exactly one ends every run's events. */
export const TERMINAL_RUN_EVENTS: readonly string[] = Object.freeze(['run.completed', 'run.failed', 'run.cancelled', 'run.superseded']);

/**
 * A started run. `events` yields everything from `run.started` to the terminal event (whose
 * `data.response` is the authoritative outcome), then ends. Leaving the loop early detaches
 * the run; it never cancels it. Iterate it once.
 */
export interface AgentRunHandle {
  runId: string;
  sessionId: string;
  events: AsyncIterable<AgentRunEvent>;
}

export interface AgentRunReplayRequest {
  runId: string;
  /** When given, the run must belong to this agent (else 404 `chat_run_not_found`). */
  agentId?: string;
  /** Events after this `seq` (default 0: from `run.started`). */
  after?: number;
}

export interface AgentRunCancelRequest {
  runId: string;
  /** When given, the run must belong to this agent (else 404 `chat_run_not_found`). */
  agentId?: string;
  reason?: string;
}

export interface AgentRunCancelResult {
  runId: string;
  /**
   * True when the stop was requested: the run is active here, or another process on the same
   * PostgreSQL runs it (the request is stored for that process); false when the run has ended.
   */
  cancelRequested: boolean;
  /** `cancelling`, or the stored status of a run that has ended. */
  status: string;
}

export interface AgentRunSteerRequest {
  runId: string;
  agentId: string;
  /** The run's exact session (else 400 `chat_run_session_mismatch`). */
  sessionId: string;
  /** The same key with the same payload replays; with another payload it is 409. */
  idempotencyKey: string;
  message?: string;
  attachments?: RunAttachment[];
  /** The operator's answer to a pending tool-call approval (`approval.requested`), instead of a message; the steering route's only. */
  decision?: RunApprovalDecision;
}

/** An answer to `approval.requested`. */
export interface RunApprovalDecision {
  approvalId: string;
  /** `approve` runs the call once; `approve_always` also stores an allow rule for this agent with the asking rule's matchers; `deny` refuses it. */
  verdict: 'approve' | 'approve_always' | 'deny';
  /** Told to the model with a denial (or kept with an approval). */
  message?: string;
}

/** A tool call that waited (or waits) for the operator. */
export interface RunApproval {
  approvalId: string;
  runId: string;
  agentId: string;
  sessionId: string;
  callId: string;
  /** The tool's identity; `name` is what the model called. */
  tool: string;
  name: string;
  /** Credential-named fields masked, as in traces. */
  arguments: unknown;
  /** The policy rule that asked. */
  rule: { id: string; source: string; agentId?: string };
  reason: string;
  status: 'pending' | 'approved' | 'denied' | 'expired' | 'abandoned';
  deadline: string;
  decidedAt: string | null;
  /** Who decided: through which door, authenticated or not, which request. */
  decidedBy: { via: string; authenticated?: boolean; requestId?: string } | null;
  message: string | null;
  /** Approved "always for this rule". */
  always: boolean;
  createdAt: string;
}

/** A steering submission and its status (`pending`, `delivered`, `follow_up`). */
export interface RunSteering {
  id: string;
  runId: string;
  agentId: string;
  sessionId: string;
  idempotencyKey: string;
  message: string;
  attachments: Array<{ name: string; type: string; size: number }>;
  status: 'pending' | 'delivered' | 'follow_up';
  /** The model round it was handed into, once delivered. */
  deliveredRound: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface AgentRunSteerResult {
  stored: true;
  replayed: boolean;
  steering: RunSteering;
  /** A decision's approval, as decided. */
  approval?: RunApproval;
}

/** A run in flight in this process or, on a shared PostgreSQL, in another. */
export interface LiveRun {
  runId: string;
  agentId: string;
  sessionId: string;
  startedAt: string;
  /** `queued`, `context`, `model`, `tool`, `finishing`; `running` for a run of another process. */
  phase: string;
  /** The consumer of its events went away; the run goes on. */
  detached: boolean;
  /** The tool call it waits on for the operator (phase `approval`); absent otherwise or for a run of another process. */
  pendingApproval?: { approvalId: string; callId: string; tool: string; deadline: string };
  origin: RunOrigin;
  /**
   * The process running it (runtime instance id). A run of another process on the same
   * PostgreSQL reads phase `running` and detached false: its live state is held by its process.
   */
  instanceId: string;
}

export interface AgentRunStatus {
  /** Live runs, oldest first. */
  runs: LiveRun[];
}

/** The model an agent's runs use, as `GET /api/status` shows it: ids and numbers, never a URL or key. */
export interface AgentModelMetadata {
  connectionId: string;
  model: string;
  reasoningEffort: string;
  temperature: number;
  /** Null when the connection no longer exists (or no gateway is enabled). */
  provider: string | null;
  apiType: string | null;
  /** The effective context window, when the connection knows it. */
  contextWindow: number | null;
  /** The connection exists and offers the model, enabled. */
  available: boolean;
}

/** The latest run, as a trace summary (no request, answer or tool output). */
export interface TraceMetadata {
  runId: string;
  agentId: string;
  sessionId: string;
  status: string;
  startedAt: string;
  endedAt: string | null;
  errorCode: string | null;
}

/**
 * What the run engine tells `GET /api/status` about model, policy and traces (bounded; no
 * credential, URL, prompt or content). The `agent` parts are there when an agent was asked
 * for: null when it does not exist, and `model.agent` null when it has no model selected.
 */
export interface RunEngineMetadata {
  model: { gateway: boolean; defaultContextWindow: number; agent?: AgentModelMetadata | null };
  policy: {
    maxToolRounds: number;
    maxModelCalls: number;
    loopGuardRepeats: number;
    maxRunMs: number;
    toolTimeoutMs: number;
    compactAtPercent: number;
    maxCompactionSweeps: number;
    agent?: { enabled: boolean; toolGrants: number; executionEnvironment: 'local' | 'remote' } | null;
  };
  traces: {
    /** Run traces stored (of the agent, when asked for one). */
    stored: number;
    retention: { enabled: boolean; maxAgeDays?: number; maxTotalMb?: number };
    latest: TraceMetadata | null;
  };
}

/** Reads which runs are live; no capability needed. */
export interface RunStatusService {
  /** Live runs of `agentId`, or of every agent. */
  status(agentId?: string): Promise<AgentRunStatus>;
}

/** What `chat.run-status` offers: live runs, and the engine's model, policy and trace metadata. */
export interface RunStatusReader extends RunStatusService {
  /** Model, policy and trace metadata, of the agent when given. */
  metadata(agentId?: string): Promise<RunEngineMetadata>;
}

/** Starts, cancels and steers agent runs (capability `chat.runs`). */
export interface AgentRunsService extends RunStatusService {
  /**
   * Checks the request (every refusal is thrown here, as the chat route's JSON errors are) and
   * starts the run; it resolves as soon as the run is admitted, before it executes.
   */
  start(request: AgentRunStartRequest): Promise<AgentRunHandle>;
  cancel(request: AgentRunCancelRequest): Promise<AgentRunCancelResult>;
  /**
   * Stores a steering message (storage, not delivery: it is delivered at the next boundary). A
   * `decision` is refused here (`403 chat_approval_operator_only`): only the operator answers an
   * approval, through the steering route.
   */
  steer(request: AgentRunSteerRequest): Promise<AgentRunSteerResult>;
  /** Pending tool-call approvals of running runs (of one agent when given), oldest first. */
  approvals(agentId?: string): Promise<RunApproval[]>;
  /**
   * The run's events after `after` — stored ones, then the live tail while the run is live on any
   * process — ending with its terminal event (an ended run without one in its log gets the one its
   * row stands for). 404 `chat_run_not_found` for an unknown run. Leaving the loop early stops
   * reading; it never detaches or cancels the run.
   */
  replay(request: AgentRunReplayRequest): Promise<AsyncIterable<AgentRunEvent>>;
}

/** The run engine; a consumer lists `chat.runs` in its capabilities and `chat` in `dependsOn` (or uses `optional`). */
export const agentRunsServiceRef = createServiceRef<AgentRunsService>({ id: 'chat.agent-runs' });

/** Live run state and the engine's metadata (agent status, diagnostics); no capability needed. */
export const runStatusServiceRef = createServiceRef<RunStatusReader>({ id: 'chat.run-status' });

/** A file another mod made, shown in a session's transcript (Forge's generated media). */
export interface TranscriptArtifact {
  /** The mod that made it, e.g. `forge`. */
  source: string;
  /** `image`, `speech`, … */
  kind: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  /** Where a client reads its bytes: a same-origin API path. */
  url: string;
  /** The owner's relative storage reference; never an absolute path. */
  storageReference: string;
}

export interface AppendArtifactRequest {
  agentId: string;
  /** An existing session (else 404 `chat_session_not_found`). */
  sessionId: string;
  artifact: TranscriptArtifact;
  /** Who appended it; stored as the message's run id (`<kind>:<id>`). */
  origin: RunOrigin;
}

/**
 * Appends artifacts to sessions (capability `chat.transcript`): one assistant message whose
 * `meta.artifacts` holds the artifact, in the session's current reset generation. With a unit
 * of work it commits with the caller's transaction.
 */
export interface SessionArtifactsService {
  appendArtifact(request: AppendArtifactRequest, options?: UnitOfWorkOptions): Promise<{ seq: number; generation: number }>;
}

export const sessionArtifactsServiceRef = createServiceRef<SessionArtifactsService>({ id: 'chat.session-artifacts' });

// The hook points the chat mod owns (`chat.beforeModelCall`, `chat.beforeToolCall`,
// `chat.afterToolCall`, `chat.onRunFinished`) with their event types. Other mods tap them through
// `coreServices.extensions` after listing them in `uses.extensionPoints`.

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
  /** The turn's continuity scope, when the request named one. */
  continuityScope?: string;
  /**
   * True when no model call follows: the context inspector (`GET /api/session/context`) asks
   * what the next turn would send. A tap returns the sections it would add but skips side
   * effects (counters, access marks, writes); `runId` is then `preview` and `userMessage` empty.
   */
  preview?: boolean;
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
  /** The turn's continuity scope, when the request named one. */
  continuityScope?: string;
  /** The user's message of the turn. */
  userText?: string;
  /** The assistant's final answer (partial when the run stopped early). */
  assistantText?: string;
}

/** A session is being purged: every mod removes what it keeps for the session in the purge's unit of work. @public */
export interface SessionPurgeEvent {
  agentId: string;
  sessionId: string;
  /**
   * The purge's transaction as a token: join it with `database.transaction(fn, { join:
   * unitOfWork })` and delete through the view you get, so the whole purge commits or none of
   * it. Throw to veto the purge.
   */
  unitOfWork: UnitOfWork;
}

/**
 * A turn is about to be admitted (HTTP chat and runs started through the run engine), before
 * anything is stored or streamed: taps return it with the effective continuity scope filled in
 * (waterfall), or throw a catalogued error to refuse the turn (the caller gets that error, and no
 * run row is written). @public
 */
export interface TurnAcceptance {
  agentId: string;
  sessionId: string;
  /** The scope the turn named (`continuityScope` or its alias `workingProject`); a tap may fill it in. */
  continuityScope?: string;
  origin: RunOrigin;
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
  /** Waterfall: a turn is about to be admitted; fill in its continuity scope or throw to refuse it. */
  beforeTurnAccepted: createHookPointRef<[TurnAcceptance], TurnAcceptance>('chat.beforeTurnAccepted'),
  /** Series: a session is being purged; taps delete their rows for it in the event's unit of work. */
  beforeSessionPurge: createHookPointRef<[SessionPurgeEvent]>('chat.beforeSessionPurge'),
} as const;

/** Calls the chat hook points (the runtime's side of them; the chat mod builds it from its points). @public */
export interface RuntimeHooksService {
  beforeModelCall(context: ModelCallContext): Promise<ModelCallContext>;
  /** The first tap's veto, or undefined when every tap allowed the call. */
  beforeToolCall(event: ToolCallEvent): Promise<ToolCallVeto | undefined>;
  afterToolCall(event: ToolCallResultEvent): Promise<void>;
  onRunFinished(event: RunFinishedEvent): Promise<void>;
  /** The turn as the taps left it (its effective continuity scope); a tap's error refuses the turn. */
  beforeTurnAccepted(turn: TurnAcceptance): Promise<TurnAcceptance>;
}

// The transcripts read service: other mods (Dreams) read an agent's messages incrementally.

/** Where an incremental read stopped: the last message read, by creation time and id. @public */
export interface TranscriptPosition {
  /** The message's UTC timestamp with microseconds (as stored; pass it back unchanged). */
  createdAt: string;
  /** The message's id (decimal string; ids grow with each insert). */
  id: string;
}

/** One transcript message as plain data. @public */
export interface TranscriptMessageRecord {
  sessionId: string;
  seq: number;
  id: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  createdAt: string;
  runId: string;
}

/** @public */
export interface MessagesSinceRequest {
  agentId: string;
  /** Only messages after this position (exclusive); null: from the first. */
  after: TranscriptPosition | null;
  /** Only messages created at or before this ISO time. */
  until?: string;
  /** Only messages created at or after this ISO time (a window's start). */
  from?: string;
  /** Sessions whose id starts with one of these are left out (a reader's own sessions). */
  excludeSessionPrefixes?: string[];
  /** 1..1000. */
  limit: number;
}

/** Reads an agent's transcripts in (createdAt, id) order; no capability needed. @public */
export interface TranscriptsService {
  messagesSince(request: MessagesSinceRequest): Promise<TranscriptMessageRecord[]>;
}

/** @public */
export const transcriptsServiceRef = createServiceRef<TranscriptsService>({ id: 'chat.transcripts' });
