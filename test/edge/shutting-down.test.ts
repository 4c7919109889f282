/**
 * A request that arrives while the server closes (on a connection kept open by one in flight) is
 * answered from the catalogue, 503 `service_shutting_down` with `Connection: close`, instead of
 * Fastify's own 503 body. The HTTP server alone on a real socket, with one slow route the test
 * releases once closing has begun.
 */
import net from 'node:net';
import pino from 'pino';
import { expect, it } from 'vitest';
import type { Authenticator } from '../../kernel/auth/authenticator.js';
import { loadConfig } from '../../kernel/config.js';
import { RequestMetrics } from '../../kernel/http/request-metrics.js';
import { RouteTable } from '../../kernel/http/route-table.js';
import { createHttpServer } from '../../kernel/http/server.js';
import { until } from '../kits/until.js';

it('answers a request that arrives during close with 503 service_shutting_down', async () => {
  const routes = new RouteTable();
  routes.declare('kernel', [
    { id: 'slow', method: 'GET', path: '/api/slow' },
    { id: 'fast', method: 'GET', path: '/api/fast' },
  ]);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let slowStarted = false;
  routes.bind('kernel', 'slow', {
    handler: async () => {
      slowStarted = true;
      await released;
      return { ok: true, slow: true };
    },
  });
  routes.bind('kernel', 'fast', { handler: () => ({ ok: true, fast: true }) });
  const config = loadConfig({});
  const app = createHttpServer({
    logger: pino({ level: 'silent' }),
    routes,
    gate: { unavailable: () => undefined, enter: () => undefined, leave: () => undefined, deadlineExceeded: () => undefined, mayAnswerRaw: () => true },
    metrics: new RequestMetrics(),
    http: config.http,
    listen: { host: '127.0.0.1', port: 0 },
    authenticator: { authenticate: () => ({ context: { enabled: false, authenticated: false } }) } as unknown as Authenticator,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as net.AddressInfo;
  const seen: string[] = [];
  app.server.on('request', (request: { url?: string }) => seen.push(request.url ?? ''));

  let data = '';
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  socket.on('data', (chunk) => (data += chunk));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(`GET /api/slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await until(() => slowStarted, Boolean, 'the slow request to be in flight');
  const closed = app.close();
  await until(
    () => app.server.listening,
    (listening) => !listening,
    'the server to stop listening',
  );
  // The connection is busy, so it stays open: a second request on it arrives after close began.
  socket.write(`GET /api/fast HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await until(
    () => seen,
    (urls) => urls.includes('/api/fast'),
    'the second request to arrive',
  );
  release();
  await ended;
  await closed;

  const answers = data.split(/(?=HTTP\/1\.1 )/);
  expect(answers).toHaveLength(2);
  expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
  expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
  expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
  const body = JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4));
  expect(body).toEqual({ ok: false, error: 'service_shutting_down', message: 'The service is shutting down' });
});
