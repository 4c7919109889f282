/**
 * Asynchronous indexing on the durable `index` queue (`coreServices.jobs`). Two kinds of job:
 *
 * - `records`: the records one write changed (sent in the write's own transaction, so it exists
 *   exactly when the write committed);
 * - `sweep`: every pending record of a generation, in key order, one batch per job; each job
 *   sends its successor in the transaction that stores its vectors (enable, reindex, model change).
 *
 * A job belongs to one generation and does nothing once the generation moved on. The embedding
 * call happens outside any transaction; the vectors are then written under a lock on the
 * settings row (so a reset cannot interleave) and on the records (so an edit cannot slip between
 * the check and the write), for the record revisions that were embedded only. Provider failures
 * throw, and the queue retries with exponential backoff; the last attempt marks the batch failed
 * (counted as such until an edit or a reindex) and lets the sweep go on.
 *
 * A budget's refusal of the call is no failure to retry: it pauses indexing (the state row keeps
 * the refusal) and the job ends. Jobs that come while paused do nothing; their records stay
 * pending. A budget change that applies to the indexer's calls (attributed to mod `brains`: a
 * global budget or that mod's) ends the pause with one sweep of everything pending; a batch
 * still short pauses again.
 */
import type { Knex } from 'knex';
import type { JobContext, JobSendOptions, JobsService, LoggerService, ModDatabaseService } from '../../../../sdk/index.js';
import { budgetChangeApplies, isBudgetRefusal, type BudgetChangedEvent } from '../../../usage/src/contract.js';
import { embeddingText, type EmbeddingClient } from './embedding-client.js';
import type { EmbeddingState, EmbeddingStateStore } from './embedding-state.js';
import type { RecordStore } from './record-store.js';
import type { VectorRef, VectorStore } from './vector-store.js';

export const INDEX_QUEUE = 'index';
/** Records per embeddings call. */
export const BATCH_SIZE = 32;
/** Who the indexer's embeddings calls are made for (embedding-client.ts): the budgets that apply to them. */
const INDEXER_CALLS = { modId: 'brains' };

/** ~1 min of retries (1–2 s, 2–4 s, 4–8 s, 8–16 s, 16–32 s) before a batch is marked failed. */
export const RETRY: JobSendOptions = { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 };

export type IndexJob = { kind: 'records'; generation: number; refs: Array<[agentId: string, id: string]> } | { kind: 'sweep'; generation: number; after?: [agentId: string, id: string] };

interface Candidate {
  agent_id: string;
  id: string;
  revision: number;
  title: string;
  content: string;
}

export class EmbeddingIndexer {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly jobs: JobsService,
    private readonly state: EmbeddingStateStore,
    private readonly records: RecordStore,
    private readonly vectors: VectorStore,
    private readonly client: EmbeddingClient,
    private readonly log: LoggerService,
  ) {}

  /**
   * First statement of every record write's transaction: the embeddings state, locked for share.
   * A reset locks it for update, so it waits for in-flight writes (and they for it): each write is
   * either seen by the reset's sweep or already carries the new generation. Taking it first keeps
   * one lock order everywhere (settings, then records, then vectors).
   */
  lockForWrite(trx: Knex.Transaction): Promise<EmbeddingState> {
    return this.state.read(trx, 'share');
  }

  /** In the write's transaction: the changed records' vectors are stale; when embeddings are on, a job to index them goes out with the write. */
  async recordsChanged(trx: Knex.Transaction, state: EmbeddingState, refs: VectorRef[]): Promise<void> {
    await this.vectors.remove(trx, refs);
    if (!state.enabled) return;
    await this.send({ kind: 'records', generation: state.generation, refs: refs.map((r) => [r.agentId, r.id]) }, trx);
  }

  /** Starts a sweep of everything pending in the current generation (inside the caller's transaction). */
  async sweep(trx: Knex.Transaction, generation: number): Promise<void> {
    await this.send({ kind: 'sweep', generation }, trx);
  }

  private send(job: IndexJob, trx: Knex.Transaction): Promise<string | null> {
    return this.jobs.send(INDEX_QUEUE, job, { ...RETRY, transaction: trx });
  }

  /** The `index` queue's handler. */
  async handle(job: JobContext<IndexJob>): Promise<Record<string, unknown>> {
    const data = job.data;
    const state = await this.state.read();
    if (!state.enabled || state.generation !== data.generation || !state.connectionId || !state.model) return { skipped: 'stale generation' };
    // Paused by a budget: no call; the records stay pending for the sweep that ends the pause.
    if (state.paused) return { skipped: 'paused by a budget' };
    const candidates = await this.pending(data);
    if (candidates.length === 0) return { indexed: 0 };

    let vectors: number[][];
    try {
      vectors = await this.client.embed(state.connectionId, state.model, candidates.map(embeddingText), job.signal);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'the embeddings call failed';
      const code = refusalCode(error);
      if (code) {
        await this.state.pause(`${code}: ${message}`);
        this.log.warn({ generation: data.generation, records: candidates.length }, 'a budget paused Brain indexing');
        return { paused: code };
      }
      await this.state.recordError(message).catch(() => undefined);
      if (job.retryCount < job.retryLimit) throw error;
      // Out of retries: the batch is failed, the sweep goes on without it.
      await this.store(data, candidates, { error: message });
      throw error;
    }
    const dimensions = vectors[0]!.length;
    const written = await this.store(data, candidates, { vectors, dimensions });
    return { indexed: written };
  }

  /**
   * A budget changed: when it applies to the indexer's calls and indexing is paused, the pause
   * ends and one sweep takes every pending record (in the same transaction). True when it resumed.
   */
  async resume(change: Pick<BudgetChangedEvent, 'scope' | 'scopeId'>): Promise<boolean> {
    if (!budgetChangeApplies(change, INDEXER_CALLS)) return false;
    return this.db.transaction(async (trx) => {
      const state = await this.state.read(trx, 'update');
      if (!state.paused) return false;
      await this.state.update(trx, { paused_reason: null, paused_at: null });
      if (state.enabled && state.connectionId && state.model) await this.sweep(trx, state.generation);
      return true;
    });
  }

  /**
   * The first vector of a generation fixes its dimension (and the column's `vector(n)`), in a
   * short transaction of its own that holds the settings row exclusively.
   */
  private async fixDimensions(generation: number, dimensions: number): Promise<void> {
    const state = await this.state.read();
    if (state.dimensions !== null || state.generation !== generation) return;
    await this.db.transaction(async (trx) => {
      const locked = await this.state.read(trx, 'update');
      if (locked.dimensions !== null || locked.generation !== generation) return;
      await this.vectors.setDimensions(trx, dimensions);
      await this.state.update(trx, { dimensions });
    });
  }

  /** The job's records that have no vector (nor a failure) for their current revision in this generation. */
  private async pending(job: IndexJob): Promise<Candidate[]> {
    const knex = this.db.knex;
    const query = knex<Candidate>(`${this.records.records} as r`)
      .select('r.agent_id', 'r.id', 'r.revision', 'r.title', 'r.content')
      .whereNull('r.deleted_at')
      .whereNotExists(knex(`${this.vectors.table} as v`).select(knex.raw('1')).whereRaw('v.agent_id = r.agent_id and v.record_id = r.id and v.revision = r.revision').where('v.generation', job.generation))
      .orderBy([{ column: 'r.agent_id' }, { column: 'r.id' }])
      .limit(BATCH_SIZE);
    if (job.kind === 'records') {
      if (job.refs.length === 0) return [];
      query.whereIn(['r.agent_id', 'r.id'], job.refs);
    } else if (job.after) {
      query.whereRaw('(r.agent_id, r.id) > (?, ?)', job.after);
    }
    return query;
  }

  /**
   * Writes vectors (or failures) for the candidates still at the embedded revision, in one
   * transaction that first re-checks the generation. Returns how many were written.
   */
  private async store(job: IndexJob, candidates: Candidate[], outcome: { vectors: number[][]; dimensions: number } | { error: string }): Promise<number> {
    if ('vectors' in outcome) await this.fixDimensions(job.generation, outcome.dimensions);
    let failure = 'error' in outcome ? outcome.error : undefined;
    // The settings row is only read (for share) in here: several jobs may write at once.
    const written = await this.db.transaction(async (trx) => {
      const state = await this.state.read(trx, 'share');
      if (!state.enabled || state.generation !== job.generation) return 0;
      if ('vectors' in outcome && state.dimensions !== outcome.dimensions) {
        // The model changed its output under the same name: retrying cannot help.
        failure = `the model returned ${outcome.dimensions} dimensions; this generation has ${state.dimensions}`;
      }
      // Lock the embedded revisions: an edit waits for this write and then deletes the vector.
      const current = await trx(this.records.records)
        .select('agent_id', 'id', 'revision')
        .whereIn(
          ['agent_id', 'id'],
          candidates.map((c) => [c.agent_id, c.id]),
        )
        .whereNull('deleted_at')
        .forShare();
      const live = new Set(current.map((r: Candidate) => `${r.agent_id}\u0000${r.id}\u0000${r.revision}`));
      const rows = candidates.flatMap((c, i) => {
        if (!live.has(`${c.agent_id}\u0000${c.id}\u0000${c.revision}`)) return [];
        const base = { agentId: c.agent_id, id: c.id, revision: c.revision, generation: job.generation };
        return [failure !== undefined ? { ...base, error: failure } : { ...base, embedding: (outcome as { vectors: number[][] }).vectors[i]! }];
      });
      await this.vectors.write(trx, rows);
      await this.records.bumpCorpus(
        trx,
        rows.map((r) => r.agentId),
      );
      if (job.kind === 'sweep' && candidates.length === BATCH_SIZE) {
        const last = candidates[candidates.length - 1]!;
        await this.send({ kind: 'sweep', generation: job.generation, after: [last.agent_id, last.id] }, trx);
      }
      if (failure !== undefined) this.log.warn({ generation: job.generation, records: rows.length, reason: failure }, 'Brain records could not be embedded');
      return rows.length;
    });
    // Kept until the next reset: the operator sees the last failure even after indexing recovered.
    if (failure !== undefined) await this.state.recordError(failure);
    return written;
  }
}

/** The budget refusal code of a failed embeddings call (EmbeddingFailure keeps the gateway's error as its cause), if it was one. */
function refusalCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (isBudgetRefusal(code)) return code;
  }
  return undefined;
}
