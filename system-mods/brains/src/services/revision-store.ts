/**
 * SQL over `brains_revisions`: every revision of every record as it was written (tombstones
 * included). A write copies the record's new state in the same transaction (`snapshot`), so the
 * history never misses a revision and a restore reads exactly what was there.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import { fromJson, type WriteProvenance } from './record-store.js';

/** Who made a revision: the operator (routes, promotions, restores), an agent tool, or an import. */
export type RevisionAuthor = 'operator' | 'agent' | 'import';

/** One revision as the API answers it. */
export interface BrainRevision {
  revision: number;
  title: string;
  content: string;
  sourceRefs: string[];
  operatorOwned: boolean;
  deleted: boolean;
  author: RevisionAuthor;
  provenance: WriteProvenance | null;
  /** The earlier revision this one restored, when it is a restore. */
  restoredFrom: number | null;
  createdAt: string;
}

interface RevisionRow {
  agent_id: string;
  record_id: string;
  revision: number;
  title: string;
  content: string;
  source_refs: string[] | string;
  operator_owned: boolean;
  deleted: boolean;
  author: RevisionAuthor;
  provenance: WriteProvenance | string | null;
  restored_from: number | null;
  created_at: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toRevision(row: RevisionRow): BrainRevision {
  return {
    revision: row.revision,
    title: row.title,
    content: row.content,
    sourceRefs: fromJson<string[]>(row.source_refs) ?? [],
    operatorOwned: row.operator_owned,
    deleted: row.deleted,
    author: row.author,
    provenance: fromJson(row.provenance),
    restoredFrom: row.restored_from,
    createdAt: iso(row.created_at),
  };
}

/** Keys per snapshot statement (an import writes many records at once). */
const SNAPSHOT_CHUNK = 500;

export class RevisionStore {
  readonly table: string;

  constructor(
    private readonly db: ModDatabaseService,
    private readonly records: string,
  ) {
    this.table = db.table('revisions');
  }

  /** Copies the current state of these records into their history, in the writer's transaction. */
  async snapshot(trx: Knex.Transaction, keys: Array<{ agentId: string; id: string }>, author: RevisionAuthor, restoredFrom: number | null = null): Promise<void> {
    for (let start = 0; start < keys.length; start += SNAPSHOT_CHUNK) {
      const chunk = keys.slice(start, start + SNAPSHOT_CHUNK);
      await trx.raw(
        `insert into ?? (agent_id, record_id, revision, title, content, source_refs, operator_owned, deleted, author, provenance, restored_from, created_at)
         select agent_id, id, revision, title, content, source_refs, operator_owned, deleted_at is not null, ?, provenance, ?, updated_at
         from ?? where (agent_id, id) in (${chunk.map(() => '(?, ?)').join(', ')})`,
        [this.table, author, restoredFrom, this.records, ...chunk.flatMap((k) => [k.agentId, k.id])],
      );
    }
  }

  /** Newest first; `before` pages (revisions below it). */
  async list(agentId: string, recordId: string, options: { limit: number; before?: number }): Promise<BrainRevision[]> {
    const builder = this.db.knex<RevisionRow>(this.table).where({ agent_id: agentId, record_id: recordId });
    if (options.before !== undefined) builder.where('revision', '<', options.before);
    const rows = (await builder.orderBy('revision', 'desc').limit(options.limit)) as RevisionRow[];
    return rows.map(toRevision);
  }

  async at(trx: Knex.Transaction, agentId: string, recordId: string, revision: number): Promise<BrainRevision | undefined> {
    const row = (await trx<RevisionRow>(this.table).where({ agent_id: agentId, record_id: recordId, revision }).first()) as RevisionRow | undefined;
    return row ? toRevision(row) : undefined;
  }
}
