/** The one row of `brains_embedding_settings`: what is selected, its generation and the last error. */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';

export interface EmbeddingState {
  enabled: boolean;
  connectionId: string | null;
  model: string | null;
  /** Advances on every reset (model change, reindex); vectors carry the generation they belong to. */
  generation: number;
  /** Fixed by the first vector of the generation. */
  dimensions: number | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Set while a budget keeps indexing paused: its refusal (`code: message`) and since when. */
  paused: { reason: string; at: string } | null;
}

interface StateRow {
  enabled: boolean;
  connection_id: string | null;
  model: string | null;
  generation: number;
  dimensions: number | null;
  last_error: string | null;
  last_error_at: Date | string | null;
  paused_reason: string | null;
  paused_at: Date | string | null;
}

/** Longest error text kept (provider messages arrive already free of credentials). */
const MAX_ERROR = 1_000;

export class EmbeddingStateStore {
  readonly table: string;

  constructor(private readonly db: ModDatabaseService) {
    this.table = db.table('embedding_settings');
  }

  /**
   * The state; inside a transaction optionally locked. Record writers take it `share` (so a reset,
   * which takes it `update`, waits for them and they for it): a write is either seen by the reset's
   * sweep or already carries the new generation.
   */
  async read(trx?: Knex.Transaction, lock?: 'share' | 'update'): Promise<EmbeddingState> {
    const query = (trx ?? this.db.knex)<StateRow>(this.table).first();
    if (trx && lock === 'share') query.forShare();
    if (trx && lock === 'update') query.forUpdate();
    const row = (await query)!;
    return {
      enabled: row.enabled,
      connectionId: row.connection_id,
      model: row.model,
      generation: row.generation,
      dimensions: row.dimensions,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at === null ? null : new Date(row.last_error_at).toISOString(),
      paused: row.paused_reason ? { reason: row.paused_reason, at: new Date(row.paused_at ?? Date.now()).toISOString() } : null,
    };
  }

  async update(trx: Knex.Transaction | undefined, changes: Partial<StateRow>): Promise<void> {
    await (trx ?? this.db.knex)(this.table).update({ ...changes, updated_at: this.db.knex.fn.now() });
  }

  /** A budget refused an embeddings call: indexing waits (see embedding-indexer.ts) until a budget change resumes it. */
  async pause(reason: string): Promise<void> {
    await this.update(undefined, { paused_reason: reason.slice(0, MAX_ERROR), paused_at: new Date() as never });
  }

  async recordError(message: string, trx?: Knex.Transaction): Promise<void> {
    await this.update(trx, { last_error: message.slice(0, MAX_ERROR), last_error_at: new Date() as never });
  }
}
