/**
 * SQL over `brains_records` and `brains_agents`. Identity is (agent_id, id): every statement
 * names the agent, so one agent's requests can never reach another agent's rows.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';

/** A record as the API and the tools return it. */
export interface BrainRecord {
  id: string;
  agentId: string;
  title: string;
  content: string;
  sourceRefs: string[];
  revision: number;
  /** Created, edited or deleted by the operator; runtime tools cannot change it. */
  operatorOwned: boolean;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** Where the latest write came from: an agent tool's run; null for the operator, an import or a promotion. */
  provenance: WriteProvenance | null;
}

/**
 * Where an agent tool's write came from: the run and session, the model's tool call (the
 * assistant message of that run whose `toolCalls` carry this id; the run's first user message is
 * the turn it answered), and the tools whose output the model had read in that turn before the
 * call (`derived` when any of them is not a Brains tool).
 */
export interface WriteProvenance {
  runId: string;
  sessionId: string;
  toolCallId: string | null;
  derived: boolean;
  derivedFrom: string[];
}

export interface RecordRow {
  agent_id: string;
  id: string;
  title: string;
  content: string;
  source_refs: string[] | string;
  revision: number;
  operator_owned: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  provenance?: WriteProvenance | string | null;
}

export const RECORD_COLUMNS = ['agent_id', 'id', 'title', 'content', 'source_refs', 'revision', 'operator_owned', 'created_at', 'updated_at', 'deleted_at', 'provenance'];

/** A jsonb column as read (drivers answer an object, some a string). */
export function fromJson<T>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** First key of the Brains advisory locks (`pg_advisory_xact_lock(class, hashtext(agentId))`). */
const AGENT_LOCK_CLASS = 0x62726e; // "brn"

export function toRecord(row: RecordRow): BrainRecord {
  return {
    id: row.id,
    agentId: row.agent_id,
    title: row.title,
    content: row.content,
    sourceRefs: typeof row.source_refs === 'string' ? (JSON.parse(row.source_refs) as string[]) : row.source_refs,
    revision: row.revision,
    operatorOwned: row.operator_owned,
    deleted: row.deleted_at !== null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    deletedAt: row.deleted_at === null ? null : iso(row.deleted_at),
    provenance: fromJson(row.provenance),
  };
}

/** `%text%` for ILIKE with the pattern characters of `text` taken literally. */
export function substringPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export interface ListQuery {
  agentId: string;
  /** Case-insensitive substring of the title or the content. */
  query?: string;
  /** Keyset: only ids after this one. */
  afterId?: string;
  limit: number;
}

export class RecordStore {
  readonly records: string;
  readonly agents: string;

  constructor(private readonly db: ModDatabaseService) {
    this.records = db.table('records');
    this.agents = db.table('agents');
  }

  q(trx?: Knex.Transaction): Knex {
    return trx ?? this.db.knex;
  }

  /**
   * One page of active records in id order. The substring match uses the trigram indexes on
   * title and content; the keyset (`id > afterId`) and the order ride the primary key. Exposed as
   * a builder so the benchmark runs exactly this SQL directly.
   */
  listQuery(knex: Knex, { agentId, query, afterId, limit }: ListQuery): Knex.QueryBuilder<RecordRow, RecordRow[]> {
    const builder = knex<RecordRow>(this.records).select(RECORD_COLUMNS).where('agent_id', agentId).whereNull('deleted_at');
    if (query) {
      const pattern = substringPattern(query);
      builder.where((w) => w.whereILike('title', pattern).orWhereILike('content', pattern));
    }
    if (afterId !== undefined) builder.where('id', '>', afterId);
    return builder.orderBy('id').limit(limit) as unknown as Knex.QueryBuilder<RecordRow, RecordRow[]>;
  }

  async active(agentId: string, id: string, trx?: Knex.Transaction): Promise<RecordRow | undefined> {
    return (await this.q(trx)<RecordRow>(this.records).select(RECORD_COLUMNS).where({ agent_id: agentId, id }).whereNull('deleted_at').first()) as RecordRow | undefined;
  }

  /** Active or deleted. */
  async any(agentId: string, id: string, trx?: Knex.Transaction): Promise<RecordRow | undefined> {
    return (await this.q(trx)<RecordRow>(this.records).select(RECORD_COLUMNS).where({ agent_id: agentId, id }).first()) as RecordRow | undefined;
  }

  async activeByIds(agentId: string, ids: string[], trx?: Knex.Transaction): Promise<RecordRow[]> {
    if (ids.length === 0) return [];
    return (await this.q(trx)<RecordRow>(this.records).select(RECORD_COLUMNS).where('agent_id', agentId).whereIn('id', ids).whereNull('deleted_at')) as unknown as RecordRow[];
  }

  async insert(trx: Knex.Transaction, row: { agent_id: string; id: string; title: string; content: string; source_refs: string[]; operator_owned: boolean; provenance?: WriteProvenance | null }): Promise<RecordRow> {
    const [created] = await trx<RecordRow>(this.records)
      .insert({ ...row, source_refs: JSON.stringify(row.source_refs), provenance: row.provenance ? JSON.stringify(row.provenance) : null, revision: 1 } as never)
      .returning(RECORD_COLUMNS);
    return created as RecordRow;
  }

  /**
   * Changes an active record only if it is still at `expectedRevision` (and, for the runtime,
   * not operator-owned). One statement: of two concurrent writers with the same expectation the
   * second re-reads the row after the first commits and matches nothing.
   */
  async conditionalUpdate(
    trx: Knex.Transaction,
    where: { agentId: string; id: string; expectedRevision: number; runtime: boolean; /** A restore may revive a tombstone. */ includeDeleted?: boolean },
    changes: Record<string, unknown>,
  ): Promise<RecordRow | undefined> {
    const builder = trx<RecordRow>(this.records).where({ agent_id: where.agentId, id: where.id, revision: where.expectedRevision });
    if (!where.includeDeleted) builder.whereNull('deleted_at');
    if (where.runtime) builder.where('operator_owned', false);
    const [row] = await builder.update({ ...changes, revision: trx.raw('revision + 1'), updated_at: trx.fn.now() } as never).returning(RECORD_COLUMNS);
    return row as RecordRow | undefined;
  }

  /** Search cursors bind this: any change to the agent's records or vectors moves it. */
  async bumpCorpus(trx: Knex.Transaction, agentIds: Iterable<string>): Promise<void> {
    for (const agentId of new Set(agentIds)) {
      await trx.raw(`insert into ?? (agent_id, corpus_version) values (?, 1) on conflict (agent_id) do update set corpus_version = ??.corpus_version + 1`, [this.agents, agentId, this.agents]);
    }
  }

  async corpusVersion(agentId: string, trx?: Knex.Transaction): Promise<string> {
    const row = await this.q(trx)(this.agents).where({ agent_id: agentId }).first('corpus_version');
    return String(row?.corpus_version ?? 0);
  }

  /**
   * Serializes record creation with the agent's deletion (a transaction-scoped advisory lock per
   * agent). Creation checks the agent after taking it; the deletion purges after taking it. So an
   * active record always belongs to an existing agent, and a read that finds rows needs no
   * registry lookup to know the agent exists.
   */
  async lockAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [AGENT_LOCK_CLASS, agentId]);
  }

  async purgeAgent(trx: Knex.Transaction, agentId: string): Promise<void> {
    await this.lockAgent(trx, agentId);
    await trx(this.records).where({ agent_id: agentId }).delete();
    await trx(this.db.table('revisions')).where({ agent_id: agentId }).delete();
    await trx(this.agents).where({ agent_id: agentId }).delete();
  }
}
