/**
 * A real MCP server over Streamable HTTP on 127.0.0.1, for tests: stateful sessions (one
 * `McpServer` per session), `POST/GET/DELETE /mcp`. The `crash` tool destroys every open
 * socket while the call is in flight; the secret comes from the {@link SECRET_HEADER} request
 * header, and `/leaky` answers every request with an error text that echoes it. `stats` counts
 * sessions so a test can tell a reused connection from a new one, and `start({ port })` brings
 * a server back on the port of one that was stopped.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { registerTestTools, SECRET_HEADER } from './test-tools.js';

export interface HttpMcpServerStats {
  /** Sessions initialized since start. */
  initialized: number;
  /** Sessions the client ended with DELETE. */
  terminated: number;
  /** Sessions currently open on this server. */
  open: number;
  /** Calls of the `flaky_*` tools by name. */
  calls: Record<string, number>;
}

export interface HttpMcpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  port: number;
  stats: HttpMcpServerStats;
  /** Stops listening and cuts every connection (a server that goes away). */
  stop(): Promise<void>;
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export interface HttpMcpServerOptions {
  /** Listen on this port (bring a stopped server back); default a free one. */
  port?: number;
  /**
   * Offer the standalone GET event stream (default true). Without it (405, as many servers
   * answer) a client cannot see the server go away until it sends something.
   */
  standaloneSse?: boolean;
  /**
   * Close the socket after every response (no HTTP keep-alive), so a request after a restart
   * cannot land on a socket of the stopped server (whether such a request was handled is unknowable).
   */
  socketPerRequest?: boolean;
}

export async function startHttpMcpServer(options: HttpMcpServerOptions = {}): Promise<HttpMcpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const sockets = new Set<Socket>();
  const stats: HttpMcpServerStats = { initialized: 0, terminated: 0, open: 0, calls: {} };
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const newSession = async (): Promise<StreamableHTTPServerTransport> => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        stats.initialized++;
        stats.open++;
      },
      onsessionclosed: () => {
        stats.terminated++;
      },
    });
    transport.onclose = () => {
      if (transport.sessionId && transports.delete(transport.sessionId)) stats.open--;
    };
    const server = new McpServer({ name: 'svc-test-http', version: '1.0.0' });
    registerTestTools(server, {
      crash: () => setImmediate(destroyAll),
      secret: (extra) => {
        const value = extra.requestInfo?.headers[SECRET_HEADER];
        return Array.isArray(value) ? value.join(',') : value;
      },
      calls: stats.calls,
    });
    await server.connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (options.socketPerRequest) res.setHeader('connection', 'close');
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    // A careless server that echoes a credential in its error text (the client must redact it).
    if (pathname === '/leaky') return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`rejected secret ${String(req.headers[SECRET_HEADER])}`);
    if (pathname !== '/mcp') return void res.writeHead(404).end();
    if (req.method === 'GET' && options.standaloneSse === false) return void res.writeHead(405, { allow: 'POST, DELETE' }).end();
    const sessionId = req.headers['mcp-session-id'];
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      // The protocol's answer to an unknown session is 404: the client starts a new one.
      if (typeof sessionId === 'string') return jsonRpcError(res, 404, 'Session not found');
      if (req.method !== 'POST' || !isInitializeRequest(body)) return jsonRpcError(res, 400, 'No session');
      transport = await newSession();
    }
    await transport.handleRequest(req, res, body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) jsonRpcError(res, 500, 'internal error');
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  let stopped: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    stats,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        destroyAll();
        for (const transport of transports.values()) void transport.close().catch(() => undefined);
      });
      return stopped;
    },
  };
}
