/**
 * Using MCP connections against real servers (stdio child processes and Streamable HTTP on
 * loopback): discover, diagnose, tool errors, crashes mid-call, servers that never answer,
 * ephemeral clients that leave no process behind, keep-alive clients that are reused, torn
 * down and reconnected, clients closed by delete and by disabling the mod, and the supervisor:
 * a server killed and restarted drives a connection's state through an open circuit (fast
 * failures, no contact) and back, and only read-only or idempotent tools are retried.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { startHttpMcpServer, type HttpMcpServer } from '../../../test/peers/mcp-servers/http-server.js';
import type { McpConnectionStatus, McpStateChange, McpToolsService } from '../src/contract.js';
import { BASE, create, diagnose, discover, processExists, remove, setTimings, stdioBody, whoami } from './mcp-test-kit.js';

const TOOLS = ['add', 'crash', 'echo', 'fail', 'flaky_read', 'flaky_write', 'hang', 'whoami'];
/** Generous: these waits poll for a state, they assert no timing. */
const SETTLE = { timeout: 30_000, interval: 50 };

let t: TestKernel;
let server: HttpMcpServer;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'settings', 'mcp', 'diagnostics'] });
  server = await startHttpMcpServer();
});
afterAll(async () => {
  await t?.close();
  await server?.stop();
});

const httpBody = (extra: Record<string, unknown> = {}) => ({ name: 'http test server', transport: 'http', baseUrl: server.url, ...extra });

describe.each([
  ['stdio', () => stdioBody()],
  ['http', () => httpBody()],
] as const)('over %s', (transport, body) => {
  let id: string;
  beforeAll(async () => {
    id = await create(t, body());
  });

  it('discovers the tools', async () => {
    const res = await discover(t, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOLS);
    const add = res.body.tools.find((tool: { name: string }) => tool.name === 'add');
    expect(add).toMatchObject({ description: 'Adds two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } });
  });

  it('diagnoses the connection without a tool: check and tool list', async () => {
    const res = await diagnose(t, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, check: { connected: true, server: { name: `svc-test-${transport}`, version: '1.0.0' } } });
    expect(res.body.tools).toHaveLength(TOOLS.length);
  });

  it('really runs a tool with its arguments', async () => {
    const echo = await diagnose(t, id, 'echo', { text: 'hello there' });
    expect(echo.status).toBe(200);
    expect(echo.body).toEqual({ ok: true, result: { content: [{ type: 'text', text: 'hello there' }], isError: false } });
    const add = await diagnose(t, id, 'add', { a: 2, b: 40 });
    expect(add.body.result).toMatchObject({ structuredContent: { sum: 42 }, isError: false });
  });

  it('refuses a tool the server does not have', async () => {
    const res = await diagnose(t, id, 'no_such_tool');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'mcp_tool_not_found' });
  });

  it('answers a tool error result with ok:false and the error text', async () => {
    const res = await diagnose(t, id, 'fail');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ok: false, error: 'mcp_tool_failed', toolName: 'fail', result: { isError: true } });
    expect(res.body.message).toContain('the fail tool failed on purpose');
  });

  it('fails a call whose server goes away mid-call with mcp_server_closed, not a hang', async () => {
    const res = await diagnose(t, id, 'crash');
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error).toBe('mcp_server_closed');
    // The next use opens a fresh client and works.
    expect((await diagnose(t, id, 'echo', { text: 'again' })).status).toBe(200);
  });

  it('bounds a server that never answers with mcp_timeout', async () => {
    await setTimings(t, { callTimeoutMs: 3_000 });
    try {
      const res = await diagnose(t, id, 'hang');
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ ok: false, error: 'mcp_timeout' });
    } finally {
      await setTimings(t, {});
    }
    expect((await diagnose(t, id, 'echo', { text: 'still fine' })).status).toBe(200);
  });

  it('fails to connect with mcp_connect_failed', async () => {
    let baseUrl = '';
    if (transport === 'http') {
      const gone = await startHttpMcpServer();
      await gone.stop();
      baseUrl = gone.url; // a port nobody listens on any more
    }
    const broken = await create(t, transport === 'stdio' ? stdioBody({ name: 'missing binary', command: '/nonexistent/mcp-server-binary', args: [] }) : httpBody({ name: 'nobody home', baseUrl }));
    const res = await discover(t, broken);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('mcp_connect_failed');
  });
});

describe('ephemeral connections', () => {
  it('leave no stdio child process behind, after success and after a tool error', async () => {
    const id = await create(t, stdioBody({ name: 'ephemeral stdio' }));
    const first = await whoami(t, id);
    expect(processExists(first.pid)).toBe(false);
    const second = await whoami(t, id);
    expect(second.pid).not.toBe(first.pid); // one process per use
    expect(processExists(second.pid)).toBe(false);
  });

  it('end their HTTP session after each use, also after a tool error or an unknown tool', async () => {
    const id = await create(t, httpBody({ name: 'ephemeral http' }));
    const before = { ...server.stats };
    expect((await discover(t, id)).status).toBe(200);
    expect((await diagnose(t, id, 'echo', { text: 'x' })).status).toBe(200);
    expect((await diagnose(t, id, 'fail')).status).toBe(422);
    expect((await diagnose(t, id, 'no_such_tool')).status).toBe(400);
    expect(server.stats.initialized - before.initialized).toBe(4);
    expect(server.stats.terminated - before.terminated).toBe(4);
  });

  it('are used once even when set to keep_alive but disabled', async () => {
    const id = await create(t, stdioBody({ name: 'disabled keeper', lifecycle: 'keep_alive', enabled: false }));
    const me = await whoami(t, id);
    expect(processExists(me.pid)).toBe(false);
  });
});

describe('keep-alive connections', () => {
  it('reuse one stdio process, tear it down after a timeout and come back', async () => {
    const id = await create(t, stdioBody({ name: 'kept stdio', lifecycle: 'keep_alive' }));
    const first = await whoami(t, id);
    expect((await whoami(t, id)).pid).toBe(first.pid);
    expect(processExists(first.pid)).toBe(true);

    await setTimings(t, { callTimeoutMs: 3_000 });
    try {
      const res = await diagnose(t, id, 'hang');
      expect(res.status).toBe(504);
      expect(res.body.error).toBe('mcp_timeout');
    } finally {
      await setTimings(t, {});
    }
    expect(processExists(first.pid)).toBe(false); // torn down before the answer
    const next = await whoami(t, id);
    expect(next.pid).not.toBe(first.pid);
    expect(processExists(next.pid)).toBe(true);
    await remove(t, id);
  });

  it('reconnect a stdio server that crashed', async () => {
    const id = await create(t, stdioBody({ name: 'kept crasher', lifecycle: 'keep_alive' }));
    const first = await whoami(t, id);
    expect((await diagnose(t, id, 'crash')).body.error).toBe('mcp_server_closed');
    expect(processExists(first.pid)).toBe(false);
    const next = await whoami(t, id);
    expect(next.pid).not.toBe(first.pid);
    expect((await whoami(t, id)).pid).toBe(next.pid);
    await remove(t, id);
  });

  it('reconnect in the background after the HTTP server restarts on the same port', async () => {
    const own = await startHttpMcpServer();
    let again: HttpMcpServer | undefined;
    try {
      const id = await create(t, httpBody({ name: 'kept http', baseUrl: own.url, lifecycle: 'keep_alive' }));
      expect((await discover(t, id)).status).toBe(200);
      expect((await discover(t, id)).status).toBe(200);
      expect(own.stats.initialized).toBe(1); // one session, reused

      await own.stop();
      again = await startHttpMcpServer({ port: own.port });
      // Nobody calls: the manager notices the drop and reconnects on its own.
      const restarted = again;
      await vi.waitFor(() => expect(restarted.stats.initialized).toBe(1), SETTLE);
      const res = await discover(t, id);
      expect(res.status).toBe(200);
      expect(res.body.tools).toHaveLength(TOOLS.length);
      expect(restarted.stats.initialized).toBe(1); // served by the reconnected client
      await remove(t, id);
      expect(restarted.stats.open).toBe(0);
    } finally {
      await own.stop();
      await again?.stop();
    }
  });

  it('retry a request the restarted server never saw, when the server offers no event stream', async () => {
    const quiet = { standaloneSse: false, socketPerRequest: true };
    const own = await startHttpMcpServer(quiet);
    let again: HttpMcpServer | undefined;
    try {
      const id = await create(t, httpBody({ name: 'kept quiet http', baseUrl: own.url, lifecycle: 'keep_alive' }));
      expect((await discover(t, id)).status).toBe(200);
      await own.stop();
      again = await startHttpMcpServer({ ...quiet, port: own.port });
      // The kept session is unknown to the new server (404): the request was not handled, so
      // it is sent again on a fresh session within the same call.
      const res = await discover(t, id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(again.stats.initialized).toBe(1);
      expect((await discover(t, id)).status).toBe(200);
      expect(again.stats.initialized).toBe(1);
      await remove(t, id);
    } finally {
      await own.stop();
      await again?.stop();
    }
  });

  it('notice a silent server going away by ping and reconnect in the background', async () => {
    await setTimings(t, { keepAlivePingMs: 100 });
    const own = await startHttpMcpServer({ standaloneSse: false });
    let again: HttpMcpServer | undefined;
    try {
      const id = await create(t, httpBody({ name: 'kept pinged http', baseUrl: own.url, lifecycle: 'keep_alive' }));
      expect((await discover(t, id)).status).toBe(200);
      await own.stop();
      again = await startHttpMcpServer({ port: own.port, standaloneSse: false });
      const restarted = again;
      await vi.waitFor(() => expect(restarted.stats.initialized).toBe(1), SETTLE);
      expect((await discover(t, id)).status).toBe(200);
      expect(restarted.stats.initialized).toBe(1);
      await remove(t, id);
    } finally {
      await setTimings(t, {});
      await own.stop();
      await again?.stop();
    }
  });

  it('are closed by delete before the answer: the stdio child has exited, the HTTP session ended', async () => {
    const stdio = await create(t, stdioBody({ name: 'kept for delete', lifecycle: 'keep_alive' }));
    const me = await whoami(t, stdio);
    expect(processExists(me.pid)).toBe(true);
    const res = await remove(t, stdio);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, connection: { id: stdio } });
    expect(processExists(me.pid)).toBe(false);

    const http = await create(t, httpBody({ name: 'kept http for delete', lifecycle: 'keep_alive' }));
    const before = { ...server.stats };
    expect((await discover(t, http)).status).toBe(200);
    expect(server.stats.terminated).toBe(before.terminated);
    expect((await remove(t, http)).status).toBe(200);
    expect(server.stats.terminated).toBe(before.terminated + 1);
  });

  it('are replaced when the connection changes, and closed when it is disabled', async () => {
    const id = await create(t, stdioBody({ name: 'kept for update', lifecycle: 'keep_alive' }));
    const first = await whoami(t, id);
    expect((await t.request(json('POST', '/api/settings/mcp-connections', { id, env: { MCP_TEST_SECRET: 'rotated' } }))).status).toBe(200);
    expect(processExists(first.pid)).toBe(false);
    const second = await whoami(t, id);
    expect(second.pid).not.toBe(first.pid);
    expect(second.secretSha256).not.toBeNull();
    expect((await t.request(json('POST', '/api/settings/mcp-connections', { id, enabled: false }))).status).toBe(200);
    expect(processExists(second.pid)).toBe(false);
    await remove(t, id);
  });

  it('are all closed when the mod is disabled', async () => {
    const id = await create(t, stdioBody({ name: 'kept across disable', lifecycle: 'keep_alive' }));
    const me = await whoami(t, id);
    expect(processExists(me.pid)).toBe(true);
    const disabled = await t.request(json('POST', '/api/mod-management/mcp/disable'));
    expect(disabled.body.mod.status).toBe('disabled');
    expect(processExists(me.pid)).toBe(false);
    expect((await t.request(json('POST', '/api/mod-management/mcp/enable'))).body.mod.status).toBe('loaded');
    const next = await whoami(t, id);
    expect(next.pid).not.toBe(me.pid);
    await remove(t, id);
    expect(processExists(next.pid)).toBe(false);
  });
});

describe('the supervisor', () => {
  /** The agents' way in: the chat runtime lists and calls tools through this service. */
  const tools = () => t.kernel.providedService<McpToolsService>('mcp.tools')!;
  const statusOf = async (id: string): Promise<McpConnectionStatus> => {
    const res = await t.request(`${BASE}/status`);
    expect(res.status).toBe(200);
    return res.body.states.find((s: McpConnectionStatus) => s.connectionId === id);
  };
  const tryNow = (connectionId: string) => t.request(json('POST', `${BASE}/probe`, { connectionId }));

  it('opens the circuit of a server that was killed, fails fast without contact while open, and closes it when a probe reaches the restarted server', async () => {
    const changes: McpStateChange[] = [];
    const watching = tools().onStateChange((change) => changes.push(change));
    // No background probe during the first part: the circuit stays open until "try now".
    await setTimings(t, { failureThreshold: 2, retryInitialMs: 600_000, retryMaxMs: 600_000 });
    const own = await startHttpMcpServer();
    const servers = [own];
    try {
      const id = await create(t, httpBody({ name: 'supervised http', baseUrl: own.url }));
      expect(await statusOf(id)).toMatchObject({ state: 'closed', failures: 0, lastError: null, nextRetryAt: null, since: null });
      expect((await tools().callTool(id, 'echo', { text: 'up' })).isError).toBe(false);
      expect(await statusOf(id)).toMatchObject({ state: 'ready', circuit: 'closed' });

      await own.stop();
      await expect(tools().callTool(id, 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'mcp_connect_failed' });
      expect(await statusOf(id)).toMatchObject({ state: 'degraded', failures: 1 });
      await expect(tools().listTools(id)).rejects.toMatchObject({ code: 'mcp_connect_failed' });
      const open = await statusOf(id);
      expect(open).toMatchObject({ state: 'circuit_open', circuit: 'open', failures: 2, lastError: { code: 'mcp_connect_failed' } });
      expect(open.lastError!.message).toContain(id);
      expect(Date.parse(open.nextRetryAt!)).toBeGreaterThan(Date.now());
      // The list answers the same state.
      expect((await t.request(BASE)).body.connections.find((c: { id: string }) => c.id === id).status).toMatchObject({ state: 'circuit_open' });
      // And /metrics counts it, by state only.
      const metrics = (await t.kernel.app.inject('/metrics')).body;
      expect(metrics).toMatch(/^svc_mcp_connections\{state="circuit_open"\} [1-9]\d*$/m);
      expect(metrics).not.toContain(id);

      const back = await startHttpMcpServer({ port: own.port });
      servers.push(back);
      // Open: calls fail at once with a code the model reads, and nothing reaches the server.
      for (const call of [() => tools().callTool(id, 'echo', { text: 'x' }), () => tools().listTools(id)]) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'mcp_circuit_open', status: 503 });
        expect((error as Error).message).toMatch(/2 failures in a row.*refused until a probe reaches the server again/);
      }
      expect(back.stats.initialized).toBe(0);

      // "Try now": the probe goes through the open circuit, reaches the server and closes it.
      const probed = await tryNow(id);
      expect(probed.status, JSON.stringify(probed.body)).toBe(200);
      expect(probed.body.status).toMatchObject({ connectionId: id, state: 'ready', circuit: 'closed', failures: 0, nextRetryAt: null, lastError: { code: 'mcp_connect_failed' } });
      expect(back.stats.initialized).toBe(1);
      expect((await tools().callTool(id, 'echo', { text: 'again' })).content).toEqual([{ type: 'text', text: 'again' }]);

      // Killed again, with short retries: the background half-open probe closes the circuit on its own.
      await setTimings(t, { failureThreshold: 2, retryInitialMs: 50, retryMaxMs: 200 });
      await back.stop();
      for (let i = 0; i < 2; i++) await expect(tools().callTool(id, 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'mcp_connect_failed' });
      expect((await statusOf(id)).state).toBe('circuit_open');
      // A probe that finds nobody answers 200 with the failure in the state.
      const failedProbe = await tryNow(id);
      expect(failedProbe.status).toBe(200);
      expect(failedProbe.body.status).toMatchObject({ state: 'circuit_open', failures: 3, lastError: { code: 'mcp_connect_failed' } });
      const third = await startHttpMcpServer({ port: own.port });
      servers.push(third);
      await vi.waitFor(async () => expect((await statusOf(id)).state).toBe('ready'), SETTLE);
      expect(third.stats.initialized).toBeGreaterThanOrEqual(1);
      expect((await tools().callTool(id, 'echo', { text: 'healed' })).isError).toBe(false);

      const path = changes.filter((c) => c.connectionId === id).map((c) => c.to);
      expect(path).toEqual(['connecting', 'ready', 'degraded', 'circuit_open', 'ready', 'degraded', 'circuit_open', 'ready']);
      expect(changes.at(-1)!.status).toMatchObject({ connectionId: id, state: 'ready' });
      expect(
        tools()
          .states()
          .find((s) => s.connectionId === id),
      ).toMatchObject({ state: 'ready' });

      // Deleted: nothing is left of it.
      await remove(t, id);
      expect(
        tools()
          .states()
          .some((s) => s.connectionId === id),
      ).toBe(false);
    } finally {
      watching.dispose();
      await setTimings(t, {});
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  it('closes the circuit of a keep-alive connection by reconnecting in the background', async () => {
    await setTimings(t, { failureThreshold: 2, retryInitialMs: 50, retryMaxMs: 200 });
    const own = await startHttpMcpServer();
    const servers = [own];
    try {
      const id = await create(t, httpBody({ name: 'supervised kept http', baseUrl: own.url, lifecycle: 'keep_alive' }));
      expect((await tools().listTools(id)).length).toBe(TOOLS.length);
      await own.stop();
      // The loss and the reconnects that fail open the circuit without any caller.
      await vi.waitFor(async () => expect((await statusOf(id)).state).toBe('circuit_open'), SETTLE);
      await expect(tools().callTool(id, 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'mcp_circuit_open' });
      const back = await startHttpMcpServer({ port: own.port });
      servers.push(back);
      await vi.waitFor(async () => expect((await statusOf(id)).state).toBe('ready'), SETTLE);
      expect((await tools().callTool(id, 'echo', { text: 'kept' })).content).toEqual([{ type: 'text', text: 'kept' }]);
      await remove(t, id);
    } finally {
      await setTimings(t, {});
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  it('answers the wrong type, the missing field, the oversized value and the unknown id of a probe', async () => {
    for (const body of [{}, { connectionId: 42 }, { connectionId: 'x'.repeat(201) }, { connectionId: 'abc', extra: true }]) {
      const res = await t.request(json('POST', `${BASE}/probe`, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
    const unknown = await tryNow('no-such-connection');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('mcp_connection_not_found');
  });

  describe.each(['ephemeral', 'keep_alive'] as const)('%s connections', (lifecycle) => {
    it('retries a call whose server went away only when the tool says it is read-only or idempotent', async () => {
      const own = await startHttpMcpServer();
      try {
        const id = await create(t, httpBody({ name: `retry rule ${lifecycle}`, baseUrl: own.url, lifecycle }));
        const listed = await tools().listTools(id);
        expect(listed.find((tool) => tool.name === 'flaky_read')?.annotations).toEqual({ readOnlyHint: true });
        expect(listed.find((tool) => tool.name === 'flaky_write')?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false });

        // Not read-only: the call may have had its effect, so it fails and runs once.
        await expect(tools().callTool(id, 'flaky_write', {})).rejects.toMatchObject({ code: 'mcp_server_closed' });
        expect(own.stats.calls.flaky_write).toBe(1);
        // Read-only: sent again on a fresh client within the same call.
        const read = await tools().callTool(id, 'flaky_read', {});
        expect(read.content).toEqual([{ type: 'text', text: 'flaky_read answered call 2' }]);
        expect(own.stats.calls.flaky_read).toBe(2);
        await remove(t, id);
      } finally {
        await own.stop();
      }
    });
  });
});
