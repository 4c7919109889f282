/**
 * Brain records for one agent at a time, written by the operator (routes) or the runtime
 * (agent tools). Optimistic concurrency on `revision`; operator ownership guards records from
 * runtime writes; deletes are tombstones. Every write, in its transaction, invalidates the
 * record's vector, queues its re-indexing (when embeddings are on) and moves the agent's corpus
 * version.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService, UnitOfWork } from '../../../../sdk/index.js';
import type { AgentsService } from '../../../agents/src/contract.js';
import { brainErrors as errors } from '../errors.js';
import { digestOf, type CursorSigner } from '../../../../sdk/helpers/cursor-signer.js';
import type { EmbeddingIndexer } from './embedding-indexer.js';
import type { EmbeddingState } from './embedding-state.js';
import { newRecordId } from './record-ids.js';
import { checkExpectedRevision, checkLimit, checkRecordInput, checkRevision } from './record-rules.js';
import { toRecord, type BrainRecord, type RecordRow, type RecordStore, type WriteProvenance } from './record-store.js';
import type { BrainRevision, RevisionStore } from './revision-store.js';

/** Who writes: the operator over the API, or the runtime through an agent tool. */
export type Actor = 'operator' | 'runtime';

/** How a write is made: the runtime's carry their provenance; `join` runs it in a caller's unit of work. */
export interface WriteOptions {
  provenance?: WriteProvenance;
  join?: UnitOfWork;
}

export interface ListInput {
  query?: string;
  limit?: unknown;
  cursor?: string;
}

interface ListCursor {
  /** Agent. */
  a: string;
  /** Digest of the query. */
  q: string;
  /** Last id returned. */
  i: string;
}

export class BrainRecords {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly agents: AgentsService,
    readonly store: RecordStore,
    private readonly cursors: CursorSigner,
    private readonly indexer: EmbeddingIndexer,
    readonly revisions: RevisionStore,
  ) {}

  private write<T>(options: WriteOptions, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn, options.join ? { join: options.join } : undefined);
  }

  /** One page in id order (keyset), optionally filtered by a substring; `nextCursor` is null on the last page. */
  async list(agentId: string, input: ListInput): Promise<{ items: BrainRecord[]; nextCursor: string | null }> {
    const limit = checkLimit(input.limit);
    const query = input.query ?? '';
    let afterId: string | undefined;
    if (input.cursor !== undefined) {
      const cursor = await this.cursors.verify<ListCursor>('list', input.cursor);
      if (cursor.a !== agentId || cursor.q !== digestOf(query)) throw errors.brainCursorInvalid({ reason: 'issued for another agent or query' });
      afterId = cursor.i;
    }
    // One row more than asked tells whether another page exists (limit has no ceiling: a safe
    // integer plus one is still exact as a bigint bind).
    const rows = await this.store.listQuery(this.db.knex, { agentId, query, afterId, limit: limit + 1 });
    // Rows prove the agent exists (see RecordStore.lockAgent); only an empty page asks the registry.
    if (rows.length === 0) await this.agents.require(agentId);
    const page = rows.slice(0, limit);
    const nextCursor = rows.length > limit ? await this.cursors.sign<ListCursor>('list', { a: agentId, q: digestOf(query), i: page[page.length - 1]!.id }) : null;
    return { items: page.map(toRecord), nextCursor };
  }

  /** The active record; 404 when it is missing or deleted. */
  async get(agentId: string, id: string): Promise<BrainRecord> {
    const row = await this.store.active(agentId, id);
    if (row) return toRecord(row);
    await this.agents.require(agentId);
    throw errors.brainRecordNotFound({ agentId, id });
  }

  async create(agentId: string, body: { title?: unknown; content?: unknown; sourceRefs?: unknown }, actor: Actor, options: WriteOptions = {}): Promise<BrainRecord> {
    const input = checkRecordInput(body);
    return this.write(options, async (trx) => {
      const state = await this.indexer.lockForWrite(trx);
      await this.store.lockAgent(trx, agentId);
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const row = await this.store.insert(trx, {
        agent_id: agentId,
        id: newRecordId(),
        title: input.title,
        content: input.content,
        source_refs: input.sourceRefs,
        operator_owned: actor === 'operator',
        provenance: actor === 'runtime' ? (options.provenance ?? null) : null,
      });
      await this.changed(trx, state, row, actor);
      return toRecord(row);
    });
  }

  /** A full replacement of title, content and sourceRefs (omitted sourceRefs become empty). */
  async update(agentId: string, id: string, body: { title?: unknown; content?: unknown; sourceRefs?: unknown; expectedRevision?: unknown }, actor: Actor, options: WriteOptions = {}): Promise<BrainRecord> {
    const input = checkRecordInput(body);
    const expectedRevision = checkExpectedRevision(body.expectedRevision);
    return this.write(options, async (trx) => {
      const state = await this.indexer.lockForWrite(trx);
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const row = await this.store.conditionalUpdate(
        trx,
        { agentId, id, expectedRevision, runtime: actor === 'runtime' },
        {
          title: input.title,
          content: input.content,
          source_refs: JSON.stringify(input.sourceRefs),
          // An operator edit takes the record over; a runtime edit leaves it runtime-owned.
          operator_owned: actor === 'operator',
          provenance: actor === 'runtime' && options.provenance ? JSON.stringify(options.provenance) : null,
        },
      );
      if (!row) throw await this.refusal(agentId, id, expectedRevision, actor, trx);
      await this.changed(trx, state, row, actor);
      return toRecord(row);
    });
  }

  /** Soft delete: the record becomes a tombstone (revision + 1) and reads as 404 from then on. */
  async remove(agentId: string, id: string, body: { expectedRevision?: unknown }, actor: Actor, options: WriteOptions = {}): Promise<BrainRecord> {
    const expectedRevision = checkExpectedRevision(body.expectedRevision);
    return this.write(options, async (trx) => {
      const state = await this.indexer.lockForWrite(trx);
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const row = await this.store.conditionalUpdate(
        trx,
        { agentId, id, expectedRevision, runtime: actor === 'runtime' },
        { deleted_at: trx.fn.now(), operator_owned: actor === 'operator', provenance: actor === 'runtime' && options.provenance ? JSON.stringify(options.provenance) : null },
      );
      if (!row) throw await this.refusal(agentId, id, expectedRevision, actor, trx);
      await this.changed(trx, state, row, actor);
      return toRecord(row);
    });
  }

  /** The record's revisions, newest first (deleted records too: their history stays readable). */
  async history(agentId: string, id: string, input: { limit?: unknown; before?: unknown }): Promise<{ items: BrainRevision[]; nextBefore: number | null }> {
    const limit = Math.min(checkLimit(input.limit), 500);
    const before = input.before === undefined ? undefined : checkRevision(input.before, 'before');
    if (!(await this.store.any(agentId, id))) {
      await this.agents.require(agentId);
      throw errors.brainRecordNotFound({ agentId, id });
    }
    const items = await this.revisions.list(agentId, id, { limit: limit + 1, before });
    const page = items.slice(0, limit);
    return { items: page, nextBefore: items.length > limit ? page[page.length - 1]!.revision : null };
  }

  /**
   * Restores an earlier revision in one step: its title, content and source references become a
   * new revision (a deleted record comes back), written by the operator, when `expectedRevision`
   * is current. The history keeps every revision; restoring a tombstone is refused.
   */
  async restore(agentId: string, id: string, body: { revision?: unknown; expectedRevision?: unknown }): Promise<BrainRecord> {
    const revision = checkRevision(body.revision, 'revision');
    const expectedRevision = checkExpectedRevision(body.expectedRevision);
    return this.db.transaction(async (trx) => {
      const state = await this.indexer.lockForWrite(trx);
      await this.agents.require(agentId, { unitOfWork: this.db.unitOfWork(trx) });
      const target = await this.revisions.at(trx, agentId, id, revision);
      if (!target) {
        if (!(await this.store.any(agentId, id, trx))) throw errors.brainRecordNotFound({ agentId, id });
        throw errors.brainRevisionNotFound({ id, revision });
      }
      if (target.deleted) throw errors.brainRestoreTombstone({ id, revision });
      const row = await this.store.conditionalUpdate(
        trx,
        { agentId, id, expectedRevision, runtime: false, includeDeleted: true },
        { title: target.title, content: target.content, source_refs: JSON.stringify(target.sourceRefs), operator_owned: true, deleted_at: null, provenance: null },
      );
      if (!row) {
        const current = await this.store.any(agentId, id, trx);
        throw errors.brainRevisionConflictOrOperatorAuthority({ id, reason: `expected revision ${expectedRevision}, but it is at revision ${current?.revision}` });
      }
      await this.changed(trx, state, row, 'operator', revision);
      return toRecord(row);
    });
  }

  /** In the write's transaction: the history row, the vector invalidated, the corpus version moved. */
  private async changed(trx: Knex.Transaction, state: EmbeddingState, row: RecordRow, actor: Actor, restoredFrom: number | null = null): Promise<void> {
    await this.revisions.snapshot(trx, [{ agentId: row.agent_id, id: row.id }], actor === 'operator' ? 'operator' : 'agent', restoredFrom);
    await this.indexer.recordsChanged(trx, state, [{ agentId: row.agent_id, id: row.id }]);
    await this.store.bumpCorpus(trx, [row.agent_id]);
  }

  /** Why a conditional write matched nothing: gone (404), or a stale revision / operator authority (409). */
  private async refusal(agentId: string, id: string, expectedRevision: number, actor: Actor, trx: Knex.Transaction) {
    const row = await this.store.any(agentId, id, trx);
    if (!row || row.deleted_at !== null) return errors.brainRecordNotFound({ agentId, id });
    if (actor === 'runtime' && row.operator_owned) {
      return errors.brainRevisionConflictOrOperatorAuthority({ id, reason: 'it is operator-owned, and agent tools cannot change operator-owned records' });
    }
    return errors.brainRevisionConflictOrOperatorAuthority({ id, reason: `expected revision ${expectedRevision}, but it is at revision ${row.revision}` });
  }
}
