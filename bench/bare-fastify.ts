/**
 * Baseline for bench/http-throughput.ts and bench/auth-throughput.ts: a bare Fastify app with one
 * JSON route returning a body shaped like `GET /api/health`, and the same route behind an
 * `onRequest` hook that checks a bearer token in constant time (the least any authenticated
 * route costs). Usage: node --import tsx bench/bare-fastify.ts <port>
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { BARE_BEARER } from './lib/baselines.js';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('usage: bare-fastify.ts <port>\n');
  process.exit(2);
}

// Same fields and byte length as the real health body.
const body = { ok: true, runtime: 'svc', version: '0.1.0', buildIdentity: `sha256:${'0'.repeat(32)}` };

const app = Fastify({ logger: false });
app.get('/api/health', async () => body);
const expected = Buffer.from(`Bearer ${BARE_BEARER}`);
app.get('/api/authed', {
  onRequest: (request, reply, done) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) done();
    else reply.code(401).send({ ok: false, error: 'unauthenticated' });
  },
  handler: async () => body,
});
await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`bare-fastify listening on http://127.0.0.1:${port}\n`);

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
