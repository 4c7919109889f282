/**
 * The `chat.transcripts` service: an agent's messages across sessions in (created_at, id) order,
 * read after a position, so another mod (Dreams) can read what is new since its checkpoint
 * without touching the chat tables. Messages of one run share `created_at` (one transaction),
 * the id breaks the tie.
 */
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import type { MessagesSinceRequest, TranscriptMessageRecord, TranscriptsService } from '../../contract.js';

interface Row {
  id: string | number;
  session_id: string;
  seq: number;
  role: TranscriptMessageRecord['role'];
  content: string;
  created_at: string;
  run_id: string;
}

// Microsecond precision, as stored: a position in milliseconds would match its own message again.
const EXACT = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`;

export const MAX_MESSAGES_SINCE = 1000;

export function transcriptReader(db: ModDatabaseService): TranscriptsService {
  return {
    async messagesSince(request: MessagesSinceRequest): Promise<TranscriptMessageRecord[]> {
      const limit = Math.max(1, Math.min(MAX_MESSAGES_SINCE, Math.trunc(request.limit) || 1));
      const q = db.knex<Row>('chat_messages').select('id', 'session_id', 'seq', 'role', 'content', 'run_id', db.knex.raw(EXACT)).where('agent_id', request.agentId);
      if (request.after) {
        const { createdAt, id } = request.after;
        q.andWhereRaw('(created_at, id) > (?::timestamptz, ?::bigint)', [createdAt, id]);
      }
      if (request.from) q.andWhere('created_at', '>=', new Date(request.from));
      if (request.until) q.andWhere('created_at', '<=', new Date(request.until));
      for (const prefix of request.excludeSessionPrefixes ?? []) {
        q.andWhereNot('session_id', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      const rows = (await q.orderBy([{ column: 'chat_messages.created_at' }, { column: 'chat_messages.id' }]).limit(limit)) as unknown as Row[];
      return rows.map((r) => ({
        sessionId: r.session_id,
        seq: r.seq,
        id: String(r.id),
        role: r.role,
        content: r.content,
        createdAt: r.created_at,
        runId: r.run_id,
      }));
    },
  };
}
