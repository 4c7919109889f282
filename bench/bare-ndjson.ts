/**
 * Baseline for bench/chat.ts: a bare Fastify app whose `POST /api/chat` streams a recorded
 * NDJSON answer (the same bytes a real turn produced), one write per line, with the chat
 * stream's headers. Usage: node --import tsx bench/bare-ndjson.ts <port> <ndjson file>
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const file = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !file) {
  process.stderr.write('usage: bare-ndjson.ts <port> <ndjson file>\n');
  process.exit(2);
}
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.length > 0)
  .map((l) => `${l}\n`);

const app = Fastify({ logger: false });
app.post('/api/chat', async (_request, reply) => {
  reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-cache, no-transform').header('x-accel-buffering', 'no');
  return reply.send(Readable.from(lines));
});
await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`bare-ndjson listening on http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
