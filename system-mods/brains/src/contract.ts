/**
 * The Brains mod's contract: creating a Brain record from another mod (the promotion inbox
 * accepts a candidate), with where it came from. The record is operator-owned (the operator
 * decided it), and its provenance becomes its `sourceRefs`.
 */
import { createServiceRef, type UnitOfWorkOptions } from '../../../sdk/index.js';

/** What a record was made from; each entry becomes a `sourceRefs` item (`run:<id>`, `message:<session>#<seq>`, `tool-call:<runId>/<toolCallId>`, `card:<id>`, `dream-cycle:<id>`, `derived-from:<tool>`, and cited references as they are). @public */
export interface BrainRecordProvenance {
  runIds?: string[];
  messages?: Array<{ sessionId: string; seq: number }>;
  cardIds?: string[];
  dreamCycleId?: string;
  /** Tools whose output an agent's held write may stem from (`derived-from:<tool>`). */
  derivedFrom?: string[];
  /** References the proposer cited, kept as they are. */
  sourceRefs?: string[];
  /** The model's tool call of an agent's held write (`tool-call:<runId>/<toolCallId>`). */
  toolCalls?: Array<{ runId: string; sessionId: string; toolCallId?: string }>;
}

/** @public */
export interface BrainRecordCreateRequest {
  agentId: string;
  title: string;
  content: string;
  sourceRefs?: string[];
  provenance?: BrainRecordProvenance;
}

/** A Brain record as plain data (the same fields `GET /api/brains/{id}` answers). @public */
export interface BrainRecordData {
  id: string;
  agentId: string;
  title: string;
  content: string;
  sourceRefs: string[];
  revision: number;
  operatorOwned: boolean;
  createdAt: string;
}

/** @public */
export interface BrainRecordsService {
  /**
   * Creates an operator-owned record (404 `agent_not_found`, 400 `brain_*` as `POST /api/brains`).
   * With a unit of work it commits with the caller's transaction.
   */
  create(request: BrainRecordCreateRequest, options?: UnitOfWorkOptions): Promise<BrainRecordData>;
  /**
   * Replaces a record at `expectedRevision` as the operator (the promotion inbox accepts an agent's
   * held update): 404 `brain_record_not_found`, 409 `brain_revision_conflict_or_operator_authority`
   * when it moved on, 400 `brain_*` as `PUT /api/brains/{id}`. The record becomes operator-owned.
   */
  update(request: BrainRecordUpdateRequest, options?: UnitOfWorkOptions): Promise<BrainRecordData>;
}

/** @public */
export interface BrainRecordUpdateRequest extends BrainRecordCreateRequest {
  id: string;
  expectedRevision: number;
}

/** @public */
export const brainRecordsServiceRef = createServiceRef<BrainRecordsService>({ id: 'brains.records' });

/** The `sourceRefs` items a provenance stands for, in a stable order. @public */
export function provenanceRefs(provenance: BrainRecordProvenance | undefined): string[] {
  if (!provenance) return [];
  return [
    ...(provenance.runIds ?? []).map((id) => `run:${id}`),
    ...(provenance.messages ?? []).map((m) => `message:${m.sessionId}#${m.seq}`),
    ...(provenance.toolCalls ?? []).flatMap((c) => (c.toolCallId ? [`tool-call:${c.runId}/${c.toolCallId}`] : [])),
    ...(provenance.cardIds ?? []).map((id) => `card:${id}`),
    ...(provenance.dreamCycleId ? [`dream-cycle:${provenance.dreamCycleId}`] : []),
    ...(provenance.derivedFrom ?? []).map((tool) => `derived-from:${tool}`),
    ...(provenance.sourceRefs ?? []),
  ];
}
