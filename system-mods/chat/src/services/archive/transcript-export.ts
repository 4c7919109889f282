/**
 * A session's whole transcript (every reset generation) as a Markdown or JSON download, read
 * page by page so a long session is never held in memory at once. Only what the transcript
 * holds is written: roles, times, text, tool calls with their arguments and tool results,
 * attachment and artifact metadata. Run requests, model settings and connection details are
 * not part of a transcript; argument fields named like a credential are masked.
 */
import type { ModDatabaseService } from '../../../../../sdk/index.js';
import { maskCredentials } from '../credential-mask.js';
import type { MessageMeta, SessionView } from './transcript-rows.js';

export type ExportFormat = 'markdown' | 'json';

/** Messages read per statement. */
const PAGE = 500;

interface ExportRow {
  seq: number;
  generation: number;
  run_id: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  meta: MessageMeta | string;
  created_at: Date | string;
}

/** One exported message: the JSON format's element, and what the Markdown renders. */
export interface ExportedMessage {
  seq: number;
  generation: number;
  role: 'user' | 'assistant' | 'tool';
  runId: string;
  createdAt: string;
  content: string;
  toolCalls?: Array<{ id: string; name: string; arguments: unknown }>;
  toolCallId?: string;
  attachments?: Array<{ name: string; type: string; size: number }>;
  artifacts?: Array<{ source: string; kind: string; name: string; contentType: string; sizeBytes: number; url: string }>;
  outcome?: string;
}

/** Tool arguments as the model sent them (a JSON string), parsed when they parse, masked either way. */
function toolArguments(raw: string): unknown {
  try {
    return maskCredentials(JSON.parse(raw));
  } catch {
    return raw;
  }
}

export function exportedMessage(row: ExportRow): ExportedMessage {
  const meta: MessageMeta = typeof row.meta === 'string' ? (JSON.parse(row.meta) as MessageMeta) : row.meta;
  return {
    seq: row.seq,
    generation: row.generation,
    role: row.role,
    runId: row.run_id,
    createdAt: new Date(row.created_at).toISOString(),
    content: row.content,
    ...(meta.toolCalls?.length ? { toolCalls: meta.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: toolArguments(c.arguments) })) } : {}),
    ...(meta.toolCallId ? { toolCallId: meta.toolCallId } : {}),
    ...(meta.attachments?.length ? { attachments: meta.attachments.map((a) => ({ name: a.name, type: a.type, size: a.size })) } : {}),
    ...(meta.artifacts?.length ? { artifacts: meta.artifacts.map((a) => ({ source: a.source, kind: a.kind, name: a.name, contentType: a.contentType, sizeBytes: a.sizeBytes, url: a.url })) } : {}),
    ...(meta.outcome ? { outcome: meta.outcome } : {}),
  };
}

/** Every message of the session in sequence order, one page per statement. */
async function* pages(db: ModDatabaseService, agentId: string, sessionId: string): AsyncGenerator<ExportedMessage> {
  let after = 0;
  for (;;) {
    const rows = await db
      .knex<ExportRow>('chat_messages')
      .where('agent_id', agentId)
      .andWhere('session_id', sessionId)
      .andWhere('seq', '>', after)
      .orderBy('seq', 'asc')
      .limit(PAGE)
      .select('seq', 'generation', 'run_id', 'role', 'content', 'meta', 'created_at');
    for (const row of rows) yield exportedMessage(row);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/** A code fence longer than any backtick run in `text`, so the text cannot close it. */
function fence(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const mark = '`'.repeat(longest + 1);
  return `${mark}${info}\n${text}\n${mark}\n`;
}

const ROLE_TITLE = { user: 'User', assistant: 'Assistant', tool: 'Tool result' } as const;

function markdownMessage(m: ExportedMessage): string {
  const head = `### ${ROLE_TITLE[m.role]} · #${m.seq} · ${m.createdAt}${m.toolCallId ? ` · call \`${m.toolCallId}\`` : ''}${m.outcome ? ` · ${m.outcome}` : ''}\n\n`;
  const parts: string[] = [head];
  if (m.role === 'tool') parts.push(fence(m.content));
  else if (m.content) parts.push(`${m.content}\n`);
  for (const call of m.toolCalls ?? []) parts.push(`\n**Tool call** \`${call.name}\` (\`${call.id}\`):\n\n${fence(typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments, null, 2), 'json')}`);
  for (const a of m.attachments ?? []) parts.push(`\n- Attachment: ${a.name} (${a.type}, ${a.size} bytes)\n`);
  for (const a of m.artifacts ?? []) parts.push(`\n- ${a.kind} from ${a.source}: ${a.name} (${a.contentType}, ${a.sizeBytes} bytes) ${a.url}\n`);
  return `${parts.join('')}\n`;
}

async function* markdown(db: ModDatabaseService, session: SessionView, exportedAt: string): AsyncGenerator<string> {
  yield `# ${session.title || session.sessionId}\n\n- Agent: ${session.agentId}\n- Session: ${session.sessionId}\n- Messages: ${session.messageCount}\n- Current generation: ${session.generation}\n- Created: ${session.createdAt}\n- Exported: ${exportedAt}\n\n`;
  let generation: number | undefined;
  for await (const m of pages(db, session.agentId, session.sessionId)) {
    if (m.generation !== generation) {
      generation = m.generation;
      yield `## Generation ${generation}${generation === session.generation ? ' (current)' : ''}\n\n`;
    }
    yield markdownMessage(m);
  }
}

async function* jsonDocument(db: ModDatabaseService, session: SessionView, exportedAt: string): AsyncGenerator<string> {
  const head = JSON.stringify({ format: 'svc.transcript', version: 1, exportedAt, session });
  // The document is the header object with a `messages` array appended as it is read.
  yield `${head.slice(0, -1)},"messages":[`;
  let first = true;
  for await (const m of pages(db, session.agentId, session.sessionId)) {
    yield `${first ? '' : ','}\n${JSON.stringify(m)}`;
    first = false;
  }
  yield '\n]}\n';
}

export function exportTranscript(db: ModDatabaseService, session: SessionView, format: ExportFormat): { body: AsyncIterable<string>; contentType: string; filename: string } {
  const exportedAt = new Date().toISOString();
  const base = `transcript-${session.agentId}-${session.sessionId}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 180);
  return format === 'json'
    ? { body: jsonDocument(db, session, exportedAt), contentType: 'application/json', filename: `${base}.json` }
    : { body: markdown(db, session, exportedAt), contentType: 'text/markdown; charset=utf-8', filename: `${base}.md` };
}
