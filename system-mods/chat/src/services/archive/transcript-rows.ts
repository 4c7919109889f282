/**
 * Sessions and messages as stored (`chat_sessions`, `chat_messages`) and the session view the
 * routes answer with. Apart from the store so that what only needs the shapes (the recent
 * history, the context, the archive) does not import the store.
 */
import type { TranscriptArtifact } from '../../contract.js';

export interface StoredMessage {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  meta: MessageMeta;
}

export interface MessageMeta {
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
  toolCallId?: string;
  /** `reference`: where the file is kept, relative to the agent's workspace (absent when it was not kept). */
  attachments?: Array<{ name: string; type: string; size: number; truncatedChars?: number; reference?: string }>;
  steeringId?: string;
  /** Set on the assistant message of a turn that did not complete. */
  outcome?: 'failed' | 'cancelled';
  /** Files another mod appended to the session (`appendArtifact`). */
  artifacts?: TranscriptArtifact[];
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
  /** Where a fork came from; null for a session that was not forked. */
  forkedFrom: ForkOrigin | null;
  /** The origin of the run that opened the session; `{kind: 'chat'}` for one no run opened (a fork, an import). */
  origin: { kind: string; id?: string };
}

export interface ForkOrigin {
  sessionId: string;
  generation: number;
  /** The source's sequence range copied (null when nothing was). */
  fromSeq: number | null;
  toSeq: number | null;
  forkedAt: string;
}

export interface SessionRow {
  agent_id: string;
  session_id: string;
  title: string;
  generation: number;
  archived: boolean;
  message_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  forked_from?: ForkOrigin | string | null;
  origin_kind?: string;
  origin_id?: string | null;
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
    forkedFrom: row.forked_from ? json(row.forked_from) : null,
    origin: row.origin_id ? { kind: row.origin_kind ?? 'chat', id: row.origin_id } : { kind: row.origin_kind ?? 'chat' },
  };
}
