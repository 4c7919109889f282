/**
 * Second baseline for bench/chat.ts: the least a persisted streamed turn costs. Bare Fastify and
 * an embedded PGlite data dir; `POST /api/chat` parses the body, records a run row (one
 * statement), streams the recorded NDJSON answer one write per line, and before the terminal
 * line writes the turn (session counter, two messages, the run's terminal state: one statement).
 * No model, no tools, no hooks. Usage: node --import tsx bench/bare-persisted-ndjson.ts <port> <dataDir> <ndjson file>
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const [port, dataDir, file] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
if (!Number.isInteger(port) || port <= 0 || !dataDir || !file) {
  process.stderr.write('usage: bare-persisted-ndjson.ts <port> <dataDir> <ndjson file>\n');
  process.exit(2);
}
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.length > 0)
  .map((l) => `${l}\n`);
const terminal = lines.pop()!;
const answer = 'The quick brown fox jumps over the lazy dog.';

const db = await PGlite.create({ dataDir });
await db.exec(`
  create table if not exists sessions (agent_id text not null, session_id text not null, message_count int not null default 0,
    updated_at timestamptz not null default now(), primary key (agent_id, session_id));
  create table if not exists messages (id bigserial primary key, agent_id text not null, session_id text not null, seq int not null,
    run_id text not null, role text not null, content text not null, meta jsonb not null default '{}');
  create table if not exists runs (run_id text primary key, agent_id text not null, session_id text not null, status text not null,
    request jsonb not null, response jsonb, trace jsonb not null default '[]', started_at timestamptz not null default now(), ended_at timestamptz);`);

async function* turn(body: { agentId?: string; sessionId?: string; message?: string }) {
  const runId = `run_${randomUUID()}`;
  const agentId = body.agentId ?? 'bench';
  const sessionId = body.sessionId ?? 'default';
  await db.query(
    `with s as (insert into sessions (agent_id, session_id) values ($1, $2) on conflict (agent_id, session_id) do update set agent_id = excluded.agent_id returning message_count)
     insert into runs (run_id, agent_id, session_id, status, request) select $3, $1, $2, 'running', $4::jsonb from s`,
    [agentId, sessionId, runId, JSON.stringify({ message: body.message ?? '' })],
  );
  for (const line of lines) yield line;
  const messages = [
    { role: 'user', content: body.message ?? '', meta: {} },
    { role: 'assistant', content: answer, meta: {} },
  ];
  await db.query(
    `with s as (update sessions set message_count = message_count + 2, updated_at = now() where agent_id = $1 and session_id = $2 returning message_count),
     m as (insert into messages (agent_id, session_id, seq, run_id, role, content, meta)
           select $1, $2, s.message_count - 2 + e.ord, $3, e.msg->>'role', e.msg->>'content', e.msg->'meta'
             from s cross join lateral jsonb_array_elements($4::jsonb) with ordinality as e(msg, ord))
     update runs set status = 'completed', response = $5::jsonb, ended_at = now() where run_id = $3`,
    [agentId, sessionId, runId, JSON.stringify(messages), JSON.stringify({ ok: true, status: 'completed', answer })],
  );
  yield terminal;
}

const app = Fastify({ logger: false });
app.post('/api/chat', async (request, reply) => {
  reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-cache, no-transform').header('x-accel-buffering', 'no');
  return reply.send(Readable.from(turn((request.body ?? {}) as Record<string, string>)));
});
await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`bare-persisted-ndjson listening on http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => {
  app.close().then(
    () => db.close().then(() => process.exit(0)),
    () => process.exit(1),
  );
});
