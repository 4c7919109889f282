/**
 * The connection manager on its own (no kernel): the keep-alive reconnect schedule (backoff
 * doubling to its cap, reset after a success), its states, cancellation by the caller, and
 * closeAll ending calls in flight. Delays are read from what the manager scheduled, never
 * measured.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggerService } from '../../../sdk/index.js';
import { startHttpMcpServer, type HttpMcpServer } from '../../../test/peers/mcp-servers/http-server.js';
import { stdioServerCommand } from '../../../test/peers/mcp-servers/stdio-server.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import { ConnectionManager, type McpConnectionTarget } from '../src/services/connection-manager.js';
import { processExists } from './mcp-test-kit.js';

const SETTLE = { timeout: 30_000, interval: 20 };

interface LogEntry {
  level: string;
  fields: Record<string, unknown>;
  msg?: string;
}

function captureLogger(entries: LogEntry[]): LoggerService {
  const at =
    (level: string) =>
    (obj: object | string, msg?: string): void => {
      entries.push(typeof obj === 'string' ? { level, fields: {}, msg: obj } : { level, fields: obj as Record<string, unknown>, msg });
    };
  const logger: LoggerService = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => logger };
  return logger;
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

function managerFor(targets: McpConnectionTarget[], log: LogEntry[] = []) {
  const manager = new ConnectionManager({
    source: { load: async (id) => targets.find((target) => target.id === id) },
    timings: async () => ({ callTimeoutMs: 20_000, keepAlivePingMs: 0 }),
    logger: captureLogger(log),
    clientInfo: { name: 'svc-test', version: '0.0.0' },
    egress: createEgressGuard(DEFAULT_EGRESS_POLICY),
    backoff: { initialMs: 20, maxMs: 80 },
  });
  cleanups.push(() => manager.closeAll());
  return manager;
}

const http = (id: string, url: string, lifecycle: 'ephemeral' | 'keep_alive' = 'keep_alive'): McpConnectionTarget => ({
  id,
  transport: 'http',
  baseUrl: url,
  headers: {},
  lifecycle,
  enabled: true,
  revision: 1,
});

describe('keep-alive reconnect', () => {
  it('backs off doubling to the cap while the server is away, and starts over after a success', async () => {
    const servers: HttpMcpServer[] = [await startHttpMcpServer()];
    cleanups.push(() => Promise.all(servers.map((s) => s.stop())));
    const log: LogEntry[] = [];
    const manager = managerFor([http('kept', servers[0]!.url)], log);
    const scheduled = () => log.filter((e) => e.msg === 'keep-alive MCP reconnect scheduled').map((e) => e.fields.retryInMs);

    expect(manager.state('kept')).toBe('none');
    expect((await manager.listTools('kept')).length).toBeGreaterThan(0);
    expect(manager.state('kept')).toBe('open');

    await servers[0]!.stop();
    await vi.waitFor(() => expect(scheduled().length).toBeGreaterThanOrEqual(5), SETTLE);
    expect(scheduled().slice(0, 5)).toEqual([20, 40, 80, 80, 80]);
    expect(manager.state('kept')).toBe('reconnecting');
    // Only the first failed attempt is a warning; the rest would be noise.
    expect(log.filter((e) => e.msg === 'keep-alive MCP reconnect failed' && e.level === 'warn')).toHaveLength(1);

    servers.push(await startHttpMcpServer({ port: servers[0]!.port }));
    await vi.waitFor(() => expect(manager.state('kept')).toBe('open'), SETTLE);
    log.length = 0;
    await servers[1]!.stop();
    // A use notices the loss at once (passively, the stream's end or the next ping does; under a
    // loaded machine the reopened client may not hold its stream yet when the server stops).
    await manager.listTools('kept').catch(() => undefined);
    await vi.waitFor(() => expect(scheduled().length).toBeGreaterThanOrEqual(2), SETTLE);
    expect(scheduled().slice(0, 2)).toEqual([20, 40]);

    await manager.release('kept');
    expect(manager.state('kept')).toBe('none');
  });
});

describe('ending uses', () => {
  it('answers a caller that gives up with mcp_unavailable and keeps the server usable', async () => {
    const server = await startHttpMcpServer();
    cleanups.push(() => server.stop());
    const manager = managerFor([http('once', server.url, 'ephemeral')]);
    const controller = new AbortController();
    const call = manager.callTool('once', 'hang', {}, { signal: controller.signal });
    await vi.waitFor(() => expect(server.stats.initialized).toBe(1), SETTLE);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'mcp_unavailable' });
    expect((await manager.callTool('once', 'echo', { text: 'ok' })).content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('closeAll ends a call in flight, closes its stdio child and refuses further use', async () => {
    const manager = managerFor([{ id: 'child', transport: 'stdio', ...stdioServerCommand(), env: {}, lifecycle: 'ephemeral', enabled: true, revision: 1 }]);
    let pid = 0;
    const call = manager.use('child', async (session) => {
      const me = await session.callTool('whoami');
      pid = JSON.parse((me.content[0] as { text: string }).text).pid as number;
      return session.callTool('hang');
    });
    await vi.waitFor(() => expect(pid).toBeGreaterThan(0), SETTLE);
    await manager.closeAll();
    await expect(call).rejects.toMatchObject({ code: 'mcp_unavailable' });
    expect(processExists(pid)).toBe(false);
    await expect(manager.listTools('child')).rejects.toMatchObject({ code: 'mcp_unavailable' });
  });
});
