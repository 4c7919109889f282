/**
 * A small HTTP reverse proxy on loopback that sends each request to the next of N backends, with
 * no sticky sessions: what several service processes behind a load balancer see. Bodies stream
 * both ways (an NDJSON chat stream reaches the client line by line, never buffered), connections
 * to the backends are kept alive, and `Host` and `Origin` pass through unchanged, so a backend's
 * host and origin checks judge the proxy's own authority (start the backends with
 * `SVC_UI_ALLOWED_HOSTS=<proxy host:port>`). A backend that refuses the connection (a killed
 * process) answers that request 502 `proxy_backend_unavailable`; the next request goes on to the
 * next backend.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Replaces the backends (origins such as `http://127.0.0.1:1234`); the rotation starts over. */
  setBackends(origins: readonly string[]): void;
  /** Takes one backend out of the rotation (a process that was stopped). */
  remove(origin: string): void;
  /** Requests sent to each backend so far (a refused one included). */
  readonly served: Map<string, number>;
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

export async function startRoundRobinProxy(backends: readonly string[] = []): Promise<RoundRobinProxy> {
  let origins = [...backends];
  let next = 0;
  const served = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const server = http.createServer((req, res) => {
    if (origins.length === 0) {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'proxy_backend_unavailable', message: 'no backends' }));
      return;
    }
    const origin = origins[next % origins.length]!;
    next = (next + 1) % Math.max(1, origins.length);
    served.set(origin, (served.get(origin) ?? 0) + 1);
    const target = new URL(origin);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwardable(req.headers), agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardable(answer.headers));
      // Each chunk is written as it arrives: streamed NDJSON stays streamed.
      res.flushHeaders();
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err) => {
      // Refused or reset before an answer began: the client gets a 502; mid-stream the client's
      // connection is cut as the backend's was.
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'proxy_backend_unavailable', message: `${origin}: ${(err as NodeJS.ErrnoException).code ?? err.message}` }));
      } else res.destroy();
    });
    // A client that goes away closes the upstream request too (the server sees the disconnect).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served,
    setBackends(list) {
      origins = [...list];
      next = 0;
    },
    remove(origin) {
      origins = origins.filter((o) => o !== origin);
      next = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
