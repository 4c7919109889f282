/**
 * What the parts of a run share: the chat mod's settings, the admitted job (run, normalized
 * input, model plan, agent profile) and the state a turn accumulates until it is finished.
 */
import type { TraceSpan } from '../../../../../sdk/index.js';
import { emptyUsage, type RunUsage } from './run-usage.js';
import type { AgentRunProfile } from '../../../../agents/src/contract.js';
import type { RunOrigin } from '../../contract.js';
import type { ChatRun } from './chat-run.js';
import type { ToolCallRecord } from './run-rows.js';
import type { StoredMessage } from '../archive/transcript-rows.js';
import type { TurnInput } from './turn-input.js';

export interface ChatSettings {
  maxToolRounds: number;
  /** Model calls one run may make (turn rounds; compaction not counted); the next one stops the run. */
  maxModelCalls: number;
  loopGuardRepeats: number;
  maxRunMs: number;
  toolTimeoutMs: number;
  defaultContextWindow: number;
  staleRunAfterMs: number;
  /** Percent of the effective context window past which older turns are summarised. */
  compactAtPercent: number;
  compactionTimeoutMs: number;
  maxCompactionSweeps: number;
  /** How long a tool call the policy asks about waits for the operator before it is denied. */
  approvalTimeoutMs: number;
  /** How often a waiting call looks for a decision taken by another process. */
  approvalPollMs: number;
}

export interface ModelPlan {
  connectionId: string;
  model: string;
  /** The connection's provider (`gen_ai.provider.name`, the metrics' `provider` label). */
  provider?: string;
  /** The catalog's price, when known (cost metrics). */
  pricing?: { currency: string; inputPerMillion?: number; outputPerMillion?: number };
  contextWindow: number;
  reasoningEffort?: string;
  temperature?: number;
}

/** An admitted run with everything its execution needs. */
export interface RunJob {
  run: ChatRun;
  turn: TurnInput;
  /** Null for `noCallModel` turns. */
  plan: ModelPlan | null;
  settings: ChatSettings;
  profile: AgentRunProfile;
  origin: RunOrigin;
  /** The session had no message and nothing was queued ahead: no history to read. */
  knownEmpty: boolean;
  /** The run's span (a no-op while traces are off), started at admission; the turn runs inside it. */
  span: TraceSpan;
}

/** What a turn has produced so far; the finisher writes it whatever the outcome. */
export interface TurnState {
  transcript: StoredMessage[];
  toolCalls: ToolCallRecord[];
  notices: Array<Record<string, unknown>>;
  usage: RunUsage;
  /** The text of the latest model call, kept current so a stop mid-call keeps the partial answer. */
  partial: { answer: string; stored: boolean };
  modelCalls: number;
}

export function newTurnState(): TurnState {
  return { transcript: [], toolCalls: [], notices: [], usage: emptyUsage(), partial: { answer: '', stored: false }, modelCalls: 0 };
}

/** The model call failed (upstream error or broken stream): the run fails with this code. */
export class ModelFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly upstream?: { code: string; status?: number },
  ) {
    super(message);
  }
}
