/**
 * Sessions and their transcript. A run's messages are appended in one transaction together with
 * its terminal state (see `RunStore.finish`); reads page by message sequence.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import { chatErrors as errors } from '../../errors.js';
import type { AppendArtifactRequest } from '../../contract.js';
import { RecentHistory } from './recent-history.js';
import { sessionView, type MessageMeta, type SessionRow, type SessionView, type StoredMessage, type TranscriptMessage } from './transcript-rows.js';

interface MessageRow {
  seq: number;
  generation: number;
  run_id: string;
  role: StoredMessage['role'];
  content: string;
  meta: MessageMeta | string;
  created_at: Date | string;
}

/** Read explicitly: the table also holds the search vector, which no transcript read needs. */
const MESSAGE_COLUMNS = ['seq', 'generation', 'run_id', 'role', 'content', 'meta', 'created_at'] as const;

const iso = (value: Date | string) => new Date(value).toISOString();
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function messageView(row: MessageRow): TranscriptMessage {
  return { seq: row.seq, generation: row.generation, runId: row.run_id, role: row.role, content: row.content, meta: json(row.meta), createdAt: iso(row.created_at) };
}

export const DEFAULT_TRANSCRIPT_PAGE = 100;
/** The origin kind of a conversation (HTTP chat, or a session no run opened). */
export const CONVERSATION_KIND = 'chat';

export class TranscriptStore {
  /** The context history of recently used sessions, on the embedded database only (see recent-history.ts). */
  private readonly recent: RecentHistory;

  constructor(private readonly db: ModDatabaseService) {
    this.recent = new RecentHistory(db.driver === 'pglite');
  }

  /** Creates the session row if it does not exist yet. */
  async ensure(agentId: string, sessionId: string): Promise<void> {
    await this.db.knex('chat_sessions').insert({ agent_id: agentId, session_id: sessionId }).onConflict(['agent_id', 'session_id']).ignore();
  }

  async get(agentId: string, sessionId: string, trx?: Knex.Transaction): Promise<SessionView | undefined> {
    const row = await (trx ?? this.db.knex)<SessionRow>('chat_sessions').where({ agent_id: agentId, session_id: sessionId }).first();
    return row ? sessionView(row) : undefined;
  }

  /**
   * The agent's sessions, most recently updated first. `internal: false` keeps the conversations
   * (origin kind `chat`: one index range of (agent, kind, last update)); `internal: true` the
   * sessions other starters opened (Dreams, tasks, schedules, …).
   */
  async list(agentId: string, options: { archived?: boolean; internal?: boolean; query?: string; updatedSince?: string; limit: number }): Promise<SessionView[]> {
    const knex = this.db.knex;
    const q = knex<SessionRow>('chat_sessions').where({ agent_id: agentId });
    if (options.archived !== undefined) q.andWhere({ archived: options.archived });
    if (options.internal === false) q.andWhere({ origin_kind: CONVERSATION_KIND });
    else if (options.internal === true) q.andWhereNot({ origin_kind: CONVERSATION_KIND });
    if (options.updatedSince) q.andWhere('updated_at', '>=', options.updatedSince);
    if (options.query) {
      const like = `%${options.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.andWhere((w) =>
        w
          .whereILike('session_id', like)
          .orWhereILike('title', like)
          .orWhereExists(knex('chat_messages').select(knex.raw('1')).whereRaw('chat_messages.agent_id = chat_sessions.agent_id and chat_messages.session_id = chat_sessions.session_id').andWhereILike('content', like)),
      );
    }
    const rows = await q.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'session_id' }]).limit(options.limit);
    return rows.map(sessionView);
  }

  /**
   * A page of the transcript: the latest `limit` messages, or those before `before`, or the
   * inclusive range `from`..`to` (sequence numbers, 1-based).
   */
  async messages(agentId: string, sessionId: string, page: { before?: number; from?: number; to?: number; limit: number }): Promise<TranscriptMessage[]> {
    if (page.from !== undefined && page.to !== undefined && page.from > page.to) {
      throw errors.chatTranscriptRangeInvalid({ reason: 'from is after to' });
    }
    if (page.before !== undefined && (page.from !== undefined || page.to !== undefined)) {
      throw errors.chatTranscriptRangeInvalid({ reason: 'before cannot be combined with from/to' });
    }
    const q = this.db
      .knex<MessageRow>('chat_messages')
      .select(...MESSAGE_COLUMNS)
      .where('agent_id', agentId)
      .andWhere('session_id', sessionId);
    if (page.from !== undefined || page.to !== undefined) {
      if (page.from !== undefined) q.andWhere('seq', '>=', page.from);
      if (page.to !== undefined) q.andWhere('seq', '<=', page.to);
      const rows = await q.orderBy('seq', 'asc').limit(page.limit);
      return rows.map(messageView);
    }
    if (page.before !== undefined) q.andWhere('seq', '<', page.before);
    const rows = await q.orderBy('seq', 'desc').limit(page.limit);
    return rows.reverse().map(messageView);
  }

  /** Messages of the current generation, oldest first, for the model's context. */
  async history(agentId: string, sessionId: string, generation: number): Promise<TranscriptMessage[]> {
    const rows = await this.db
      .knex<MessageRow>('chat_messages')
      .select(...MESSAGE_COLUMNS)
      .where('agent_id', agentId)
      .andWhere('session_id', sessionId)
      .andWhere('generation', generation)
      .orderBy('seq', 'asc');
    return rows.map(messageView);
  }

  /**
   * The messages of `generation`, oldest first, as the model's context of the session's next
   * turn: from memory when the turns of this process wrote all of them, else from the database
   * (one statement, together with the session's message count, which keys the memory).
   * Messages from memory are frozen (shared with later turns); the array is the caller's.
   */
  async contextHistory(agentId: string, sessionId: string, generation: number): Promise<StoredMessage[]> {
    const known = this.recent.get(agentId, sessionId, generation);
    if (known) return known;
    const result = await this.db.knex.raw(
      `select s.generation as session_generation, s.message_count, m.role, m.content, m.meta
         from chat_sessions s
         left join chat_messages m on m.agent_id = s.agent_id and m.session_id = s.session_id and m.generation = ?
        where s.agent_id = ? and s.session_id = ?
        order by m.seq asc`,
      [generation, agentId, sessionId],
    );
    const rows = result.rows as Array<{ session_generation: number; message_count: number; role: StoredMessage['role'] | null; content: string | null; meta: MessageMeta | string | null }>;
    const messages: StoredMessage[] = [];
    for (const row of rows) if (row.role !== null) messages.push({ role: row.role, content: row.content ?? '', meta: json(row.meta ?? {}) });
    const session = rows[0];
    if (session && session.session_generation === generation) this.recent.remember(agentId, sessionId, generation, session.message_count, messages);
    return messages;
  }

  /** A turn appended `messages` to the session, which now holds `count` (see {@link RecentHistory.recordAppended}). */
  recordAppended(agentId: string, sessionId: string, generation: number, count: number, messages: StoredMessage[]): void {
    this.recent.recordAppended(agentId, sessionId, generation, count, messages);
  }

  /** Nothing is known of the session any more (a reset). */
  forget(agentId: string, sessionId: string): void {
    this.recent.forget(agentId, sessionId);
  }

  /**
   * One assistant message carrying `artifact`, numbered after the session's last message (the
   * session row's update locks it, as a turn's append does). 404 for an unknown session.
   */
  async appendArtifact(trx: Knex.Transaction, request: AppendArtifactRequest): Promise<{ seq: number; generation: number }> {
    const { agentId, sessionId, artifact, origin } = request;
    const runId = `${origin.kind}:${origin.id ?? ''}`.slice(0, 100);
    const content = `[${artifact.kind} attached: ${artifact.name} (${artifact.contentType}, ${artifact.sizeBytes} bytes)]`;
    const result = await trx.raw(
      `with s as (
         update chat_sessions set message_count = message_count + 1, updated_at = now()
          where agent_id = ? and session_id = ?
          returning generation, message_count
       )
       insert into chat_messages (agent_id, session_id, seq, generation, run_id, role, content, meta)
       select ?, ?, s.message_count, s.generation, ?, 'assistant', ?, ?::jsonb from s
       returning seq, generation`,
      [agentId, sessionId, agentId, sessionId, runId, content, JSON.stringify({ artifacts: [artifact] } satisfies MessageMeta)],
    );
    const row = (result.rows as Array<{ seq: number; generation: number }>)[0];
    if (!row) throw errors.chatSessionNotFound({ agentId, sessionId });
    // The caller's transaction may still roll back: drop the kept history rather than extend it.
    this.forget(agentId, sessionId);
    return { seq: Number(row.seq), generation: Number(row.generation) };
  }

  /** Advances the reset generation; 404 for an unknown session. */
  async reset(agentId: string, sessionId: string): Promise<SessionView> {
    this.forget(agentId, sessionId);
    const [row] = await this.db
      .knex<SessionRow>('chat_sessions')
      .where({ agent_id: agentId, session_id: sessionId })
      .update({ generation: this.db.knex.raw('generation + 1') as never, updated_at: this.db.knex.fn.now() as never })
      .returning('*');
    if (!row) throw errors.chatSessionNotFound({ agentId, sessionId });
    return sessionView(row);
  }

  async deleteForAgent(agentId: string, trx: Knex.Transaction): Promise<void> {
    this.recent.forgetAgent(agentId);
    await trx('chat_messages').where({ agent_id: agentId }).delete();
    await trx('chat_sessions').where({ agent_id: agentId }).delete();
  }

  async count(): Promise<number> {
    const [row] = await this.db.knex('chat_sessions').count<{ count: string | number }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }
}
