/**
 * Sessions and their transcript. A run's messages are appended in one transaction together with
 * its terminal state (see `RunStore.finish`); reads page by message sequence.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../../sdk/index.js';
import { chatErrors as errors } from '../errors.js';

export interface StoredMessage {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  meta: MessageMeta;
}

export interface MessageMeta {
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
  toolCallId?: string;
  attachments?: Array<{ name: string; type: string; size: number; truncatedChars?: number }>;
  steeringId?: string;
  /** Set on the assistant message of a turn that did not complete. */
  outcome?: 'failed' | 'cancelled';
}

export interface TranscriptMessage extends StoredMessage {
  seq: number;
  generation: number;
  runId: string;
  createdAt: string;
}

export interface SessionView {
  agentId: string;
  sessionId: string;
  title: string;
  generation: number;
  archived: boolean;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

interface SessionRow {
  agent_id: string;
  session_id: string;
  title: string;
  generation: number;
  archived: boolean;
  message_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

interface MessageRow {
  seq: number;
  generation: number;
  run_id: string;
  role: StoredMessage['role'];
  content: string;
  meta: MessageMeta | string;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function sessionView(row: SessionRow): SessionView {
  return {
    agentId: row.agent_id,
    sessionId: row.session_id,
    title: row.title,
    generation: row.generation,
    archived: row.archived,
    messageCount: row.message_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function messageView(row: MessageRow): TranscriptMessage {
  return { seq: row.seq, generation: row.generation, runId: row.run_id, role: row.role, content: row.content, meta: json(row.meta), createdAt: iso(row.created_at) };
}

export const DEFAULT_TRANSCRIPT_PAGE = 100;

export class TranscriptStore {
  constructor(private readonly db: ModDatabaseService) {}

  /** Creates the session row if it does not exist yet. */
  async ensure(agentId: string, sessionId: string): Promise<void> {
    await this.db.knex('chat_sessions').insert({ agent_id: agentId, session_id: sessionId }).onConflict(['agent_id', 'session_id']).ignore();
  }

  async get(agentId: string, sessionId: string, trx?: Knex.Transaction): Promise<SessionView | undefined> {
    const row = await (trx ?? this.db.knex)<SessionRow>('chat_sessions').where({ agent_id: agentId, session_id: sessionId }).first();
    return row ? sessionView(row) : undefined;
  }

  async list(agentId: string, options: { archived?: boolean; query?: string; updatedSince?: string; limit: number }): Promise<SessionView[]> {
    const knex = this.db.knex;
    const q = knex<SessionRow>('chat_sessions').where({ agent_id: agentId });
    if (options.archived !== undefined) q.andWhere({ archived: options.archived });
    if (options.updatedSince) q.andWhere('updated_at', '>=', options.updatedSince);
    if (options.query) {
      const like = `%${options.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.andWhere((w) =>
        w
          .whereILike('session_id', like)
          .orWhereILike('title', like)
          .orWhereExists(
            knex('chat_messages')
              .select(knex.raw('1'))
              .whereRaw('chat_messages.agent_id = chat_sessions.agent_id and chat_messages.session_id = chat_sessions.session_id')
              .andWhereILike('content', like),
          ),
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
    const q = this.db.knex<MessageRow>('chat_messages').where('agent_id', agentId).andWhere('session_id', sessionId);
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
    const rows = await this.db.knex<MessageRow>('chat_messages').where('agent_id', agentId).andWhere('session_id', sessionId).andWhere('generation', generation).orderBy('seq', 'asc');
    return rows.map(messageView);
  }

  /** Advances the reset generation; 404 for an unknown session. */
  async reset(agentId: string, sessionId: string): Promise<SessionView> {
    const [row] = await this.db
      .knex<SessionRow>('chat_sessions')
      .where({ agent_id: agentId, session_id: sessionId })
      .update({ generation: this.db.knex.raw('generation + 1') as never, updated_at: this.db.knex.fn.now() as never })
      .returning('*');
    if (!row) throw errors.chatSessionNotFound({ agentId, sessionId });
    return sessionView(row);
  }

  async deleteForAgent(agentId: string, trx: Knex.Transaction): Promise<void> {
    await trx('chat_messages').where({ agent_id: agentId }).delete();
    await trx('chat_sessions').where({ agent_id: agentId }).delete();
  }

  async count(): Promise<number> {
    const [row] = await this.db.knex('chat_sessions').count<{ count: string | number }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }
}
