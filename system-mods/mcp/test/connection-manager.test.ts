/**
 * The connection manager on its own (no kernel): the keep-alive reconnect schedule (backoff
 * doubling to its cap, jittered, reset after a success), the supervisor's states and circuit
 * (opened by failures in a row, fast failures while open, closed by a half-open probe),
 * cancellation by the caller, and closeAll ending calls in flight. Delays are read from what
 * the manager scheduled, never measured.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggerService } from '../../../sdk/index.js';
import { startHttpMcpServer, type HttpMcpServer } from '../../../test/peers/mcp-servers/http-server.js';
import { stdioServerCommand } from '../../../test/peers/mcp-servers/stdio-server.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import type { McpStateChange } from '../src/contract.js';
import { ConnectionManager, type McpConnectionTarget, type McpTimings } from '../src/services/connection-manager.js';
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

function managerFor(targets: McpConnectionTarget[], log: LogEntry[] = [], timings: Partial<McpTimings> = {}, random: () => number = () => 1) {
  const manager = new ConnectionManager({
    source: { load: async (id) => targets.find((target) => target.id === id) },
    timings: async () => ({ callTimeoutMs: 20_000, keepAlivePingMs: 0, failureThreshold: 100, retryInitialMs: 20, retryMaxMs: 80, ...timings }),
    logger: captureLogger(log),
    clientInfo: { name: 'svc-test', version: '0.0.0' },
    egress: createEgressGuard(DEFAULT_EGRESS_POLICY),
    random,
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
    const scheduled = () => log.filter((e) => e.msg === 'MCP retry scheduled').map((e) => e.fields.retryInMs);
    const state = () => manager.status('kept').state;

    expect(state()).toBe('closed');
    expect((await manager.listTools('kept')).length).toBeGreaterThan(0);
    expect(state()).toBe('ready');

    await servers[0]!.stop();
    await vi.waitFor(() => expect(scheduled().length).toBeGreaterThanOrEqual(5), SETTLE);
    expect(scheduled().slice(0, 5)).toEqual([20, 40, 80, 80, 80]);
    expect(manager.status('kept')).toMatchObject({ state: 'degraded', circuit: 'closed', lastError: { code: expect.stringMatching(/^mcp_/) } });
    // A change of state is a log line; failures that change nothing would be noise.
    expect(log.filter((e) => e.msg === 'MCP connection state changed' && e.fields.to === 'degraded' && e.level === 'warn')).toHaveLength(1);

    servers.push(await startHttpMcpServer({ port: servers[0]!.port }));
    await vi.waitFor(() => expect(state()).toBe('ready'), SETTLE);
    log.length = 0;
    await servers[1]!.stop();
    // A use notices the loss at once (passively, the stream's end or the next ping does; under a
    // loaded machine the reopened client may not hold its stream yet when the server stops).
    await manager.listTools('kept').catch(() => undefined);
    await vi.waitFor(() => expect(scheduled().length).toBeGreaterThanOrEqual(2), SETTLE);
    expect(scheduled().slice(0, 2)).toEqual([20, 40]);

    await manager.release('kept');
    expect(state()).toBe('closed');
  });

  it('jitters each delay between half and the whole of it', async () => {
    const server = await startHttpMcpServer();
    cleanups.push(() => server.stop());
    const log: LogEntry[] = [];
    const manager = managerFor([http('jittered', server.url)], log, { retryInitialMs: 200, retryMaxMs: 200 }, () => 0);
    await manager.listTools('jittered');
    await server.stop();
    await vi.waitFor(() => expect(log.filter((e) => e.msg === 'MCP retry scheduled').length).toBeGreaterThanOrEqual(2), SETTLE);
    expect(
      log
        .filter((e) => e.msg === 'MCP retry scheduled')
        .map((e) => e.fields.retryInMs)
        .slice(0, 2),
    ).toEqual([100, 100]);
  });
});

describe('the circuit', () => {
  it('opens after failures in a row, fails fast while open, and a half-open probe closes it when the server is back', async () => {
    const first = await startHttpMcpServer();
    const servers: HttpMcpServer[] = [first];
    cleanups.push(() => Promise.all(servers.map((s) => s.stop())));
    const manager = managerFor([http('flaky', first.url, 'ephemeral')], [], { failureThreshold: 2, retryInitialMs: 50, retryMaxMs: 200 });
    const changes: McpStateChange[] = [];
    manager.onStateChange((change) => changes.push(change));

    expect((await manager.callTool('flaky', 'echo', { text: 'up' })).isError).toBe(false);
    await first.stop();
    await expect(manager.callTool('flaky', 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'mcp_connect_failed' });
    // An ephemeral connection is not probed while its circuit is closed: the next use tries.
    expect(manager.status('flaky')).toMatchObject({ state: 'degraded', failures: 1, nextRetryAt: null });
    await expect(manager.callTool('flaky', 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'mcp_connect_failed' });
    const open = manager.status('flaky');
    expect(open).toMatchObject({ state: 'circuit_open', circuit: 'open', failures: 2, lastError: { code: 'mcp_connect_failed' } });
    expect(open.nextRetryAt).not.toBeNull();
    const fast = await manager.callTool('flaky', 'echo', { text: 'x' }).catch((error: unknown) => error);
    expect(fast).toMatchObject({ code: 'mcp_circuit_open', status: 503, details: { retryAt: expect.any(String) } });
    expect((fast as Error).message).toContain('2 failures in a row');

    // Nobody calls: the background probe finds the server back and closes the circuit.
    servers.push(await startHttpMcpServer({ port: first.port }));
    await vi.waitFor(() => expect(manager.status('flaky').state).toBe('ready'), SETTLE);
    expect(manager.status('flaky')).toMatchObject({ circuit: 'closed', failures: 0, lastError: { code: 'mcp_connect_failed' } });
    expect((await manager.callTool('flaky', 'echo', { text: 'back' })).content).toEqual([{ type: 'text', text: 'back' }]);
    expect(changes.map((c) => `${c.from}>${c.to}`)).toEqual(['closed>connecting', 'connecting>ready', 'ready>degraded', 'degraded>circuit_open', 'circuit_open>ready']);
    expect(manager.states().map((s) => s.connectionId)).toEqual(['flaky']);
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
