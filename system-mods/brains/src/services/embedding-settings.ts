/**
 * The operator's side of Brain embeddings: status, selection (enable/disable, connection and
 * model), model discovery, a test call and reindex. A selection change or a reindex is a reset:
 * the generation advances, every vector goes, and (when enabled) a sweep re-embeds everything,
 * so vectors of two models or two generations are never ranked together.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import { brainErrors as errors } from '../errors.js';
import { failureToError, type EmbeddingClient } from './embedding-client.js';
import type { EmbeddingIndexer } from './embedding-indexer.js';
import type { EmbeddingStateStore } from './embedding-state.js';
import type { RecordStore } from './record-store.js';
import type { VectorStorage, VectorStore } from './vector-store.js';

export interface EmbeddingStatus {
  enabled: boolean;
  connectionId: string | null;
  model: string | null;
  generation: number;
  dimensions: number | null;
  /** Active records. */
  total: number;
  /** With a vector of this generation for their current revision. */
  indexed: number;
  /** Waiting for indexing (0 while disabled). */
  pending: number;
  /** Whose last indexing attempt in this generation ran out of retries. */
  failed: number;
  storage: VectorStorage;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Set while a budget keeps indexing paused (its refusal and since when). */
  paused: { reason: string; at: string } | null;
}

export interface SelectionInput {
  enabled: boolean;
  connectionId?: string;
  model?: string;
}

export class EmbeddingSettings {
  constructor(
    private readonly db: ModDatabaseService,
    private readonly state: EmbeddingStateStore,
    private readonly records: RecordStore,
    private readonly vectors: VectorStore,
    private readonly indexer: EmbeddingIndexer,
    private readonly client: EmbeddingClient,
  ) {}

  async status(): Promise<EmbeddingStatus> {
    // One snapshot: read apart, an indexer's commit between the reads could show its vectors
    // beside the state from before it (a dimension still unknown for records already indexed).
    const { state, total, indexed, failed } = await this.db.snapshot(async (trx) => {
      const state = await this.state.read(trx);
      const [{ count }] = (await trx(this.records.records).whereNull('deleted_at').count({ count: '*' })) as [{ count: string | number }];
      return { state, total: Number(count), ...(await this.vectors.counts(state.generation, trx)) };
    });
    return {
      enabled: state.enabled,
      connectionId: state.connectionId,
      model: state.model,
      generation: state.generation,
      dimensions: state.dimensions,
      total,
      indexed,
      pending: state.enabled ? Math.max(0, total - indexed - failed) : 0,
      failed,
      storage: this.vectors.storage,
      lastError: state.lastError,
      lastErrorAt: state.lastErrorAt,
      paused: state.paused,
    };
  }

  /**
   * PUT: the whole selection. Enabling needs a complete pair of an existing connection; disabling
   * keeps the pair when one is sent (complete) and clears it otherwise. A different pair resets.
   */
  async update(input: SelectionInput): Promise<EmbeddingStatus> {
    const connectionId = input.connectionId?.trim() || undefined;
    const model = input.model?.trim() || undefined;
    if ((connectionId === undefined) !== (model === undefined) || (input.enabled && connectionId === undefined)) {
      throw errors.brainEmbeddingSelectionIncomplete({ when: input.enabled ? 'to enable them' : 'to keep a selection' });
    }
    if (input.enabled && !(await this.client.connectionExists(connectionId!))) throw errors.brainEmbeddingConnectionUnknown({ connectionId });
    await this.db.transaction(async (trx) => {
      const current = await this.state.read(trx, 'update');
      const next = { connectionId: connectionId ?? null, model: model ?? null };
      const changed = next.connectionId !== current.connectionId || next.model !== current.model;
      await this.state.update(trx, { enabled: input.enabled, connection_id: next.connectionId, model: next.model });
      if (changed) await this.reset(trx, current.generation, input.enabled);
      else if (input.enabled) await this.indexer.sweep(trx, current.generation); // catch up on what changed while off
    });
    return this.status();
  }

  /** POST …/reindex: drop every vector, advance the generation, queue everything again. */
  async reindex(): Promise<EmbeddingStatus> {
    await this.db.transaction(async (trx) => {
      const current = await this.state.read(trx, 'update');
      await this.reset(trx, current.generation, current.enabled);
    });
    return this.status();
  }

  private async reset(trx: Knex.Transaction, generation: number, enabled: boolean): Promise<void> {
    const next = generation + 1;
    // A new model or a reindex starts over, also after a budget's pause (the next refused call pauses again).
    await this.state.update(trx, { generation: next, dimensions: null, last_error: null, last_error_at: null, paused_reason: null, paused_at: null });
    await this.vectors.clear(trx);
    await trx(this.records.agents).update({ corpus_version: trx.raw('corpus_version + 1') });
    if (enabled) await this.indexer.sweep(trx, next);
  }

  async models(connectionId: string, signal: AbortSignal): Promise<Array<{ id: string; contextWindow?: number }>> {
    if (!(await this.client.connectionExists(connectionId))) throw errors.brainEmbeddingConnectionUnknown({ connectionId });
    try {
      return await this.client.listModels(connectionId, signal);
    } catch (error) {
      throw failureToError(connectionId, error);
    }
  }

  /** One embeddings call with a fixed text: the dimension the model answers with. */
  async test(connectionId: string, model: string, signal: AbortSignal): Promise<number> {
    if (!(await this.client.connectionExists(connectionId))) throw errors.brainEmbeddingConnectionUnknown({ connectionId });
    try {
      const [vector] = await this.client.embed(connectionId, model, ['Brain embeddings test'], signal);
      return vector!.length;
    } catch (error) {
      throw failureToError(connectionId, error);
    }
  }
}
