/**
 * The Brains mod's contract: creating a Brain record from another mod (the promotion inbox
 * accepts a candidate), with where it came from. The record is operator-owned (the operator
 * decided it), and its provenance becomes its `sourceRefs`.
 */
import { createServiceRef, type UnitOfWorkOptions } from '../../../sdk/index.js';

/** What a record was made from; each entry becomes a `sourceRefs` item (`run:<id>`, `message:<session>#<seq>`, `card:<id>`, `dream-cycle:<id>`). @public */
export interface BrainRecordProvenance {
  runIds?: string[];
  messages?: Array<{ sessionId: string; seq: number }>;
  cardIds?: string[];
  dreamCycleId?: string;
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
}

/** @public */
export const brainRecordsServiceRef = createServiceRef<BrainRecordsService>({ id: 'brains.records' });

/** The `sourceRefs` items a provenance stands for, in a stable order. @public */
export function provenanceRefs(provenance: BrainRecordProvenance | undefined): string[] {
  if (!provenance) return [];
  return [
    ...(provenance.runIds ?? []).map((id) => `run:${id}`),
    ...(provenance.messages ?? []).map((m) => `message:${m.sessionId}#${m.seq}`),
    ...(provenance.cardIds ?? []).map((id) => `card:${id}`),
    ...(provenance.dreamCycleId ? [`dream-cycle:${provenance.dreamCycleId}`] : []),
  ];
}
