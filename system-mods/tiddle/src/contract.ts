/**
 * The tiddle mod's contract: the Brain promotion candidates other mods propose through (Dreams,
 * the memory curator, Tiddle itself). A candidate is a suggestion only: nothing enters Brains
 * until the operator accepts it (`PATCH /api/memory/brain-promotion-candidates/{id}`), and the
 * Brain record created then carries the candidate's provenance. Plain data in, plain data out.
 */
import { createServiceRef, type UnitOfWorkOptions } from '../../../sdk/index.js';

/** Where a candidate came from. @public */
export type PromotionSource = 'tiddle' | 'dream' | 'curator' | 'agent';

/** What a candidate was made from: runs, transcript messages, Tiddle cards, a Dream cycle. @public */
export interface PromotionProvenance {
  runIds?: string[];
  messages?: Array<{ sessionId: string; seq: number }>;
  cardIds?: string[];
  dreamCycleId?: string;
  /** An agent's held Brain write: the tools whose output it may stem from (`mcp:<connection>/<tool>`, `mod.<id>.<tool>`, `builtin.<tool>`). */
  derivedFrom?: string[];
  /** An agent's held Brain write: the source references it gave (kept on the record when accepted). */
  sourceRefs?: string[];
  /**
   * An agent's held Brain write: the model's tool call it came from. Its source message is the
   * assistant message of run `runId` in session `sessionId` whose `toolCalls` carry `toolCallId`.
   */
  toolCalls?: PromotionToolCall[];
}

/** The tool call of an agent's Brain write (`toolCallId` absent when no model asked for the call). @public */
export interface PromotionToolCall {
  runId: string;
  sessionId: string;
  toolCallId?: string;
}

/** The Brain record a candidate changes, for an agent's held update (accepting it replaces that record at this revision). @public */
export interface PromotionTarget {
  brainRecordId: string;
  expectedRevision: number;
}

/** @public */
export type PromotionStatus = 'pending' | 'accepted' | 'rejected';

/** A Brain promotion candidate as the API returns it. @public */
export interface PromotionCandidate {
  id: string;
  agentId: string;
  title: string;
  content: string;
  source: PromotionSource;
  provenance: PromotionProvenance;
  status: PromotionStatus;
  /** sha256 of the normalized title and content: one candidate per agent and hash. */
  contentHash: string;
  /** The Brain record created (or, with a target, changed) on acceptance. */
  brainRecordId: string | null;
  /** Set when accepting changes an existing record rather than creating one. */
  target: PromotionTarget | null;
  createdAt: string;
  decidedAt: string | null;
}

/** @public */
export interface ProposeRequest {
  agentId: string;
  /** 1..200 characters. */
  title: string;
  /** 1..20000 characters. */
  content: string;
  source: PromotionSource;
  provenance: PromotionProvenance;
  /** Accepting replaces this record (at this revision) instead of creating one. */
  target?: PromotionTarget;
}

/** @public */
export interface PromotionCandidatesService {
  /**
   * Stores a pending candidate, or returns the existing one (any status) with the same content
   * hash for the agent: proposing twice never makes two, and a rejected idea is not proposed
   * again. 404 `tiddle_agent_not_found` for an unknown agent, 400 `tiddle_candidate_invalid`
   * for a title, content or provenance out of bounds. Joins the caller's unit of work when given.
   */
  propose(request: ProposeRequest, options?: UnitOfWorkOptions): Promise<PromotionCandidate>;
}

/** Provided by the tiddle mod; consumers list `tiddle` in `dependsOn` or use `optional(...)`. @public */
export const promotionCandidatesServiceRef = createServiceRef<PromotionCandidatesService>({ id: 'tiddle.candidates' });
