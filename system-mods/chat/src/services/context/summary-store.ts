/**
 * The stored summaries of sessions' older turns. Reads pair the live summary with how many of
 * the generation's messages it covers, so the caller can cut its history (which carries no
 * sequence numbers) at the right message.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../../sdk/index.js';

export interface SessionSummary {
  version: number;
  generation: number;
  summary: string;
  coversThroughSeq: number;
  model: string;
  createdAt: string;
  /** Messages of the generation up to `coversThroughSeq`: the history's prefix it replaces. */
  coveredMessages: number;
}

export interface SummaryVersion {
  version: number;
  generation: number;
  coversThroughSeq: number;
  model: string;
  chars: number;
  createdAt: string;
  archivedAt: string | null;
}

interface SummaryRow {
  version: number;
  generation: number;
  summary: string;
  covers_through_seq: number;
  model: string;
  created_at: Date | string;
  archived_at: Date | string | null;
  covered?: number | string;
  chars?: number | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const TABLE = 'chat_session_summaries';

export class SummaryStore {
  constructor(private readonly db: ModDatabaseService) {}

  /** The live summary of the session's `generation`, or null. */
  async current(agentId: string, sessionId: string, generation: number): Promise<SessionSummary | null> {
    const result = await this.db.knex.raw(
      `select s.version, s.generation, s.summary, s.covers_through_seq, s.model, s.created_at, s.archived_at,
              (select count(*) from chat_messages m
                where m.agent_id = s.agent_id and m.session_id = s.session_id and m.generation = s.generation and m.seq <= s.covers_through_seq) as covered
         from ${TABLE} s
        where s.agent_id = ? and s.session_id = ? and s.generation = ? and s.archived_at is null`,
      [agentId, sessionId, generation],
    );
    const row = (result.rows as SummaryRow[])[0];
    if (!row) return null;
    return {
      version: Number(row.version),
      generation: Number(row.generation),
      summary: row.summary,
      coversThroughSeq: Number(row.covers_through_seq),
      model: row.model,
      createdAt: iso(row.created_at),
      coveredMessages: Number(row.covered ?? 0),
    };
  }

  /** Every summary of the session, newest first, without its text. */
  async versions(agentId: string, sessionId: string): Promise<SummaryVersion[]> {
    const result = await this.db.knex.raw(
      `select version, generation, covers_through_seq, model, created_at, archived_at, length(summary) as chars
         from ${TABLE} where agent_id = ? and session_id = ? order by version desc`,
      [agentId, sessionId],
    );
    const rows = result.rows as SummaryRow[];
    return rows.map((r) => ({
      version: Number(r.version),
      generation: Number(r.generation),
      coversThroughSeq: Number(r.covers_through_seq),
      model: r.model,
      chars: Number(r.chars ?? 0),
      createdAt: iso(r.created_at),
      archivedAt: r.archived_at === null ? null : iso(r.archived_at),
    }));
  }

  /** The sequence number of the generation's message at `index` (0-based, in order), if any. */
  async seqAt(agentId: string, sessionId: string, generation: number, index: number): Promise<number | undefined> {
    const row = await this.db.knex('chat_messages').select('seq').where({ agent_id: agentId, session_id: sessionId, generation }).orderBy('seq', 'asc').offset(index).first();
    return row ? Number(row.seq) : undefined;
  }

  /**
   * Stores a new live summary: the previous one is archived first, in the same transaction, so
   * a failure leaves the previous one live.
   */
  async save(input: { agentId: string; sessionId: string; generation: number; summary: string; coversThroughSeq: number; model: string }): Promise<number> {
    return this.db.transaction(async (trx) => {
      const key = { agent_id: input.agentId, session_id: input.sessionId };
      await trx(TABLE).where(key).whereNull('archived_at').update({ archived_at: trx.fn.now() });
      const [top] = await trx(TABLE).where(key).max<{ max: number | string | null }[]>({ max: 'version' });
      const version = Number(top?.max ?? 0) + 1;
      await trx(TABLE).insert({ ...key, generation: input.generation, version, summary: input.summary, covers_through_seq: input.coversThroughSeq, model: input.model.slice(0, 300) });
      return version;
    });
  }

  async deleteForAgent(agentId: string, trx: Knex.Transaction): Promise<void> {
    await trx(TABLE).where({ agent_id: agentId }).delete();
  }
}
