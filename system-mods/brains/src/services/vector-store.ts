/**
 * Vectors in `brains_vectors`: pgvector's `vector(n)` when the column has that type, else
 * `real[]` ranked by exact cosine in process (a cosine written in SQL over float4[] measured 20×
 * slower than this loop). Rows exist only for active records at the revision they were computed
 * from: writers delete a record's row in the same transaction as the change.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';

export type VectorStorage = 'pgvector' | 'real[]';

export interface VectorRef {
  agentId: string;
  id: string;
}

export interface Neighbour {
  id: string;
  /** Cosine similarity, -1…1. */
  similarity: number;
}

/** pgvector's limit for `vector(n)`. */
export const MAX_DIMENSIONS = 16_000;

export class VectorStore {
  readonly table: string;

  private constructor(
    private readonly db: ModDatabaseService,
    readonly storage: VectorStorage,
  ) {
    this.table = db.table('vectors');
  }

  /** The storage the column really has (the extension may have appeared after the migration). */
  static async open(db: ModDatabaseService): Promise<VectorStore> {
    const table = db.table('vectors');
    // The catalog itself, not information_schema: its view took about 100 ms on the embedded database at each start.
    const { rows } = await db.knex.raw<{ rows: { type: string }[] }>(
      `select t.typname as type from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
       where a.attrelid = to_regclass(?) and a.attname = 'embedding' and not a.attisdropped`,
      [table],
    );
    return new VectorStore(db, rows[0]?.type === 'vector' ? 'pgvector' : 'real[]');
  }

  private q(trx?: Knex.Transaction): Knex {
    return trx ?? this.db.knex;
  }

  /** Invalidates the vectors of changed records (edits, deletes). */
  async remove(trx: Knex.Transaction, refs: VectorRef[]): Promise<void> {
    for (const ref of refs) await trx(this.table).where({ agent_id: ref.agentId, record_id: ref.id }).delete();
  }

  async removeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx(this.table).where({ agent_id: agentId }).delete();
  }

  /** A reset: every vector goes (they belong to the old generation). */
  async clear(trx: Knex.Transaction): Promise<void> {
    await trx.raw('truncate table ??', [this.table]);
  }

  /** Fixes the column to `vector(n)` for a new generation (the table holds no vectors then). */
  async setDimensions(trx: Knex.Transaction, dimensions: number): Promise<void> {
    if (this.storage !== 'pgvector') return;
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) throw new Error(`unsupported vector dimension ${dimensions}`);
    await trx.raw(`alter table ?? alter column embedding type vector(${dimensions})`, [this.table]);
    // A type change may reset the storage strategy: keep vectors inline.
    await trx.raw('alter table ?? alter column embedding set storage main', [this.table]);
  }

  private literal(vector: number[]): Knex.Raw {
    return this.storage === 'pgvector' ? this.db.knex.raw('?::vector', [`[${vector.join(',')}]`]) : this.db.knex.raw('?::real[]', [`{${vector.join(',')}}`]);
  }

  async write(trx: Knex.Transaction, rows: Array<{ agentId: string; id: string; revision: number; generation: number } & ({ embedding: number[] } | { error: string })>): Promise<void> {
    for (const row of rows) {
      const values = {
        agent_id: row.agentId,
        record_id: row.id,
        generation: row.generation,
        revision: row.revision,
        status: 'embedding' in row ? 'indexed' : 'failed',
        embedding: 'embedding' in row ? this.literal(row.embedding) : null,
        error: 'error' in row ? row.error.slice(0, 1_000) : null,
        updated_at: trx.fn.now(),
      };
      await trx(this.table).insert(values).onConflict(['agent_id', 'record_id']).merge();
    }
  }

  async counts(generation: number, trx?: Knex.Transaction): Promise<{ indexed: number; failed: number }> {
    const rows = (await this.q(trx)(this.table).where({ generation }).select('status').count({ count: '*' }).groupBy('status')) as Array<{ status: string; count: string | number }>;
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
    return { indexed: of('indexed'), failed: of('failed') };
  }

  /**
   * The agent's `k` nearest indexed records by exact cosine. pgvector: one ordered scan with
   * `<=>` (cosine distance); otherwise every vector of the agent is read and ranked here.
   */
  async nearest(agentId: string, generation: number, query: number[], k: number): Promise<Neighbour[]> {
    if (this.storage === 'pgvector') {
      const { rows } = await this.db.knex.raw<{ rows: { record_id: string; distance: number }[] }>(this.nearestSql(), this.nearestBindings(agentId, generation, query, k));
      return rows.map((r) => ({ id: r.record_id, similarity: 1 - Number(r.distance) }));
    }
    const rows = await this.db.knex(this.table).where({ agent_id: agentId, generation, status: 'indexed' }).select<{ record_id: string; embedding: number[] | string }[]>('record_id', 'embedding');
    return topByCosine(
      rows.map((r) => ({ id: r.record_id, vector: typeof r.embedding === 'string' ? parseRealArray(r.embedding) : r.embedding })),
      query,
      k,
    );
  }

  /** The exact pgvector top-k statement (the benchmark runs it directly as the baseline). */
  nearestSql(): string {
    return `select record_id, embedding <=> ?::vector as distance from ${this.table}
      where agent_id = ? and generation = ? and status = 'indexed'
      order by embedding <=> ?::vector limit ?`;
  }

  nearestBindings(agentId: string, generation: number, query: number[], k: number): Array<string | number> {
    const literal = `[${query.join(',')}]`;
    return [literal, agentId, generation, literal, k];
  }
}

function parseRealArray(text: string): number[] {
  return text === '{}' ? [] : text.slice(1, -1).split(',').map(Number);
}

/** Exact cosine top-k over plain arrays; vectors of another length are skipped. */
export function topByCosine(candidates: Array<{ id: string; vector: number[] }>, query: number[], k: number): Neighbour[] {
  let queryNorm = 0;
  for (const v of query) queryNorm += v * v;
  queryNorm = Math.sqrt(queryNorm);
  const scored: Neighbour[] = [];
  for (const { id, vector } of candidates) {
    if (vector.length !== query.length) continue;
    let dot = 0;
    let norm = 0;
    for (let i = 0; i < vector.length; i++) {
      const x = vector[i]!;
      dot += x * query[i]!;
      norm += x * x;
    }
    const denominator = Math.sqrt(norm) * queryNorm;
    scored.push({ id, similarity: denominator === 0 ? 0 : dot / denominator });
  }
  return scored.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1)).slice(0, k);
}
