/**
 * Baseline for bench/http-throughput.ts: a bare Fastify app with one JSON route returning a body
 * shaped like `GET /api/health`. Usage: node --import tsx bench/bare-fastify.ts <port>
 */
import Fastify from 'fastify';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('usage: bare-fastify.ts <port>\n');
  process.exit(2);
}

// Same fields and byte length as the real health body.
const body = { ok: true, runtime: 'svc', version: '0.1.0', buildIdentity: `sha256:${'0'.repeat(32)}` };

const app = Fastify({ logger: false });
app.get('/api/health', async () => body);
await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`bare-fastify listening on http://127.0.0.1:${port}\n`);

process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
