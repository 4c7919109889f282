/**
 * Brain promotion candidates: suggestions (from Tiddle's merge pass, the memory curator, Dreams)
 * the operator accepts, edits or rejects. Nothing reaches Brains without that decision: only
 * `accept` creates a Brain record, in the same transaction that marks the candidate accepted,
 * with the candidate's provenance as the record's source references.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ModDatabaseService, UnitOfWorkOptions } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import type { BrainRecordsService } from '../../../brains/src/contract.js';
import type { PromotionCandidate, PromotionProvenance, PromotionSource, PromotionStatus, PromotionTarget, ProposeRequest } from '../contract.js';
import { tiddleErrors as errors } from '../errors.js';

export const MAX_TITLE = 200;
export const MAX_CONTENT = 20_000;
export const MAX_PROVENANCE_ITEMS = 100;
const MAX_REF = 200;
/** A cited reference of an agent's held write: the bounds of a Brain record's sourceRefs entry. */
const MAX_CITED_REF = 2_000;
const SOURCES: readonly PromotionSource[] = ['tiddle', 'dream', 'curator', 'agent'];

interface CandidateRow {
  agent_id: string;
  id: string;
  title: string;
  content: string;
  source: PromotionSource;
  provenance: PromotionProvenance | string;
  status: PromotionStatus;
  content_hash: string;
  brain_record_id: string | null;
  target_record_id?: string | null;
  target_revision?: number | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toCandidate(row: CandidateRow): PromotionCandidate {
  return {
    id: row.id,
    agentId: row.agent_id,
    title: row.title,
    content: row.content,
    source: row.source,
    provenance: typeof row.provenance === 'string' ? (JSON.parse(row.provenance) as PromotionProvenance) : row.provenance,
    status: row.status,
    contentHash: row.content_hash,
    brainRecordId: row.brain_record_id,
    target: row.target_record_id ? { brainRecordId: row.target_record_id, expectedRevision: Number(row.target_revision) } : null,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  };
}

/** sha256 of the title and content with case and runs of white space ignored. */
export function contentHash(title: string, content: string): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return createHash('sha256')
    .update(`${norm(title)}\n${norm(content)}`)
    .digest('hex');
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw errors.tiddleCandidateInvalid({ reason: `${field} must be a string that is not blank` });
  if (value.length > max) throw errors.tiddleCandidateInvalid({ reason: `${field} is longer than ${max} characters` });
  return value.trim();
}

function refs(value: unknown, field: string, max = MAX_REF): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > MAX_PROVENANCE_ITEMS) throw errors.tiddleCandidateInvalid({ reason: `provenance.${field} must be a list of at most ${MAX_PROVENANCE_ITEMS}` });
  for (const item of value) {
    if (typeof item !== 'string' || item.trim() === '' || item.length > max) throw errors.tiddleCandidateInvalid({ reason: `provenance.${field} entries must be strings of 1-${max} characters` });
  }
  return [...new Set(value as string[])];
}

/** The provenance with its bounds checked and unknown fields dropped. */
export function checkProvenance(value: unknown): PromotionProvenance {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errors.tiddleCandidateInvalid({ reason: 'provenance must be an object' });
  const p = value as Record<string, unknown>;
  const out: PromotionProvenance = {};
  const runIds = refs(p.runIds, 'runIds');
  if (runIds) out.runIds = runIds;
  const cardIds = refs(p.cardIds, 'cardIds');
  if (cardIds) out.cardIds = cardIds;
  const derivedFrom = refs(p.derivedFrom, 'derivedFrom');
  if (derivedFrom) out.derivedFrom = derivedFrom;
  const sourceRefs = refs(p.sourceRefs, 'sourceRefs', MAX_CITED_REF);
  if (sourceRefs) out.sourceRefs = sourceRefs;
  if (p.messages !== undefined) {
    if (!Array.isArray(p.messages) || p.messages.length > MAX_PROVENANCE_ITEMS) throw errors.tiddleCandidateInvalid({ reason: `provenance.messages must be a list of at most ${MAX_PROVENANCE_ITEMS}` });
    out.messages = p.messages.map((m: unknown) => {
      const message = m as { sessionId?: unknown; seq?: unknown };
      if (typeof message?.sessionId !== 'string' || message.sessionId === '' || message.sessionId.length > MAX_REF || !Number.isSafeInteger(message.seq) || (message.seq as number) < 0) {
        throw errors.tiddleCandidateInvalid({ reason: 'provenance.messages entries are {sessionId, seq} with a non-negative integer seq' });
      }
      return { sessionId: message.sessionId, seq: message.seq as number };
    });
  }
  if (p.toolCalls !== undefined) {
    if (!Array.isArray(p.toolCalls) || p.toolCalls.length > MAX_PROVENANCE_ITEMS) throw errors.tiddleCandidateInvalid({ reason: `provenance.toolCalls must be a list of at most ${MAX_PROVENANCE_ITEMS}` });
    const id = (value: unknown) => typeof value === 'string' && value !== '' && value.length <= MAX_REF;
    out.toolCalls = p.toolCalls.map((c: unknown) => {
      const call = c as { runId?: unknown; sessionId?: unknown; toolCallId?: unknown };
      if (!id(call?.runId) || !id(call.sessionId) || (call.toolCallId !== undefined && !id(call.toolCallId))) {
        throw errors.tiddleCandidateInvalid({ reason: `provenance.toolCalls entries are {runId, sessionId, toolCallId?} of strings of 1-${MAX_REF} characters` });
      }
      return { runId: call.runId as string, sessionId: call.sessionId as string, ...(call.toolCallId !== undefined ? { toolCallId: call.toolCallId as string } : {}) };
    });
  }
  if (p.dreamCycleId !== undefined) {
    if (typeof p.dreamCycleId !== 'string' || p.dreamCycleId === '' || p.dreamCycleId.length > MAX_REF) throw errors.tiddleCandidateInvalid({ reason: 'provenance.dreamCycleId must be a string' });
    out.dreamCycleId = p.dreamCycleId;
  }
  return out;
}

function checkTarget(value: unknown): PromotionTarget | undefined {
  if (value === undefined) return undefined;
  const target = value as { brainRecordId?: unknown; expectedRevision?: unknown };
  if (typeof target?.brainRecordId !== 'string' || target.brainRecordId === '' || target.brainRecordId.length > 64 || !Number.isSafeInteger(target.expectedRevision) || (target.expectedRevision as number) < 1) {
    throw errors.tiddleCandidateInvalid({ reason: 'target is {brainRecordId, expectedRevision} with a positive integer revision' });
  }
  return { brainRecordId: target.brainRecordId, expectedRevision: target.expectedRevision as number };
}

export class Candidates {
  readonly table: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
    private readonly brains: BrainRecordsService,
    private readonly clock: () => number,
  ) {
    this.table = db.table('candidates');
  }

  private within<T>(options: UnitOfWorkOptions | undefined, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn, options?.unitOfWork ? { join: options.unitOfWork } : undefined);
  }

  /** Stores a pending candidate, or returns the agent's existing one with the same content hash. */
  async propose(request: ProposeRequest, options?: UnitOfWorkOptions): Promise<PromotionCandidate> {
    const title = text(request.title, 'title', MAX_TITLE);
    const content = text(request.content, 'content', MAX_CONTENT);
    if (!SOURCES.includes(request.source)) throw errors.tiddleCandidateInvalid({ reason: `source must be one of ${SOURCES.join(', ')}` });
    const provenance = checkProvenance(request.provenance);
    const target = checkTarget(request.target);
    return this.within(options, async (trx) => {
      await this.agents.require(request.agentId, { unitOfWork: this.db.unitOfWork(trx) });
      return this.proposeIn(trx, { agentId: request.agentId, title, content, source: request.source, provenance, ...(target ? { target } : {}) });
    });
  }

  /** The insert itself, in a transaction whose caller checked the agent. */
  async proposeIn(trx: Knex.Transaction, request: ProposeRequest): Promise<PromotionCandidate> {
    // A held update of a record is a different proposal from the same text as a new record.
    const hash = request.target ? contentHash(request.title, `${request.content}\n@${request.target.brainRecordId}#${request.target.expectedRevision}`) : contentHash(request.title, request.content);
    const [row] = (await trx(this.table)
      .insert({
        ...(request.target ? { target_record_id: request.target.brainRecordId, target_revision: request.target.expectedRevision } : {}),
        agent_id: request.agentId,
        id: `cand_${randomBytes(9).toString('hex')}`,
        title: request.title,
        content: request.content,
        source: request.source,
        provenance: JSON.stringify(request.provenance),
        status: 'pending',
        content_hash: hash,
        created_at: new Date(this.clock()),
      })
      .onConflict(['agent_id', 'content_hash'])
      .ignore()
      .returning('*')) as CandidateRow[];
    if (row) return toCandidate(row);
    return toCandidate((await trx(this.table).where({ agent_id: request.agentId, content_hash: hash }).first()) as CandidateRow);
  }

  async list(agentId: string, options: { status?: PromotionStatus; limit: number }): Promise<PromotionCandidate[]> {
    await this.agents.require(agentId);
    const builder = this.db.knex(this.table).where({ agent_id: agentId });
    if (options.status) builder.where('status', options.status);
    const rows = (await builder.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit)) as CandidateRow[];
    return rows.map(toCandidate);
  }

  /**
   * `accept` (optionally with an edited title/content) creates the Brain record and marks the
   * candidate accepted in one transaction; `edit` changes a pending candidate; `reject` closes
   * it. A decided candidate is 409.
   */
  async decide(agentId: string, input: { id: string; action: 'accept' | 'reject' | 'edit'; title?: string; content?: string }): Promise<PromotionCandidate> {
    const title = input.title === undefined ? undefined : text(input.title, 'title', MAX_TITLE);
    const content = input.content === undefined ? undefined : text(input.content, 'content', MAX_CONTENT);
    if (input.action === 'reject' && (title !== undefined || content !== undefined)) throw errors.tiddleCandidateInvalid({ reason: 'reject takes no title or content' });
    if (input.action === 'edit' && title === undefined && content === undefined) throw errors.tiddleCandidateInvalid({ reason: 'edit needs a title, a content or both' });
    return this.db.transaction(async (trx) => {
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const row = (await trx(this.table).where({ agent_id: agentId, id: input.id }).forUpdate().first()) as CandidateRow | undefined;
      if (!row) throw errors.tiddleCandidateNotFound({ agentId, id: input.id });
      if (row.status !== 'pending') throw errors.tiddleCandidateDecided({ id: input.id, status: row.status });
      const changes: Record<string, unknown> = {};
      if (title !== undefined) changes.title = title;
      if (content !== undefined) changes.content = content;
      if (input.action === 'accept') {
        const candidate = toCandidate(row);
        const request = {
          agentId,
          title: title ?? candidate.title,
          content: content ?? candidate.content,
          sourceRefs: [`promotion-candidate:${candidate.id}`, `source:${candidate.source}`],
          provenance: candidate.provenance,
        };
        const unitOfWork = { unitOfWork: this.db.unitOfWork(trx) };
        // A held update replaces its record at the revision the agent read (409 from brains when it moved on).
        const record = candidate.target
          ? await this.brains.update({ ...request, id: candidate.target.brainRecordId, expectedRevision: candidate.target.expectedRevision }, unitOfWork)
          : await this.brains.create(request, unitOfWork);
        Object.assign(changes, { status: 'accepted', brain_record_id: record.id, decided_at: new Date(this.clock()) });
      } else if (input.action === 'reject') {
        Object.assign(changes, { status: 'rejected', decided_at: new Date(this.clock()) });
      }
      const [updated] = (await trx(this.table).where({ agent_id: agentId, id: input.id }).update(changes).returning('*')) as CandidateRow[];
      return toCandidate(updated!);
    });
  }

  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }
}
