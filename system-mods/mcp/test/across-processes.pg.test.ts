/**
 * Two kernels on one PostgreSQL database, each keeping its own MCP clients: a connection
 * changed or deleted through one must close the client the other keeps, at once and without
 * anyone using it there (a kept client re-checks the row only when used or reconnected, so
 * without the change notice it would stay open on the old server, pinging it, indefinitely).
 * Real servers: Streamable HTTP on loopback and a stdio child process.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestKernel, testDatabase, type TestKernel } from '../../../sdk/testing/index.js';
import { startHttpMcpServer, type HttpMcpServer } from '../../../test/peers/mcp-servers/http-server.js';
import type { McpToolsService } from '../src/contract.js';
import { create, discover, processExists, remove, stdioBody, upsert, whoami } from './mcp-test-kit.js';

/** Generous: the waits poll for an outcome, they assert no timing. */
const SETTLE = { timeout: 30_000, interval: 50 };
const MODS = ['health', 'settings', 'mcp'];

let one: TestKernel;
let two: TestKernel;
let oldServer: HttpMcpServer;
let newServer: HttpMcpServer;

beforeAll(async () => {
  const database = await testDatabase();
  one = await startTestKernel({ mods: MODS, database });
  two = await startTestKernel({ mods: MODS, database });
  [oldServer, newServer] = await Promise.all([startHttpMcpServer(), startHttpMcpServer()]);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await oldServer?.stop();
  await newServer?.stop();
});

describe('MCP connections across processes', () => {
  it("a connection moved to another URL through one process closes the other's kept client, and its next call goes to the new URL", async () => {
    const id = await create(one, { name: 'kept across', transport: 'http', baseUrl: oldServer.url, lifecycle: 'keep_alive' });
    expect((await discover(two, id)).status).toBe(200);
    expect((await discover(two, id)).status).toBe(200);
    // Only process two uses it: one session on the old server, kept open.
    expect(oldServer.stats).toMatchObject({ initialized: 1, open: 1 });

    const moved = await upsert(one, { id, baseUrl: newServer.url });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Nobody calls through process two: its client is closed because it heard the change.
    await vi.waitFor(() => expect(oldServer.stats).toMatchObject({ open: 0, terminated: 1 }), SETTLE);

    const res = await discover(two, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(newServer.stats).toMatchObject({ initialized: 1, open: 1 });
    expect(oldServer.stats.initialized).toBe(1);

    expect((await remove(one, id)).status).toBe(200);
    await vi.waitFor(() => expect(newServer.stats.open).toBe(0), SETTLE);
  });

  it('a connection deleted through one process ends the stdio child the other kept', async () => {
    const id = await create(one, stdioBody({ name: 'kept stdio across', lifecycle: 'keep_alive' }));
    const kept = await whoami(two, id);
    expect((await whoami(two, id)).pid).toBe(kept.pid);
    expect(processExists(kept.pid)).toBe(true);

    expect((await remove(one, id)).status).toBe(200);
    await vi.waitFor(() => expect(processExists(kept.pid)).toBe(false), SETTLE);
    // Its supervisor record in the other process goes too.
    await vi.waitFor(
      () =>
        expect(
          two.kernel
            .providedService<McpToolsService>('mcp.tools')!
            .states()
            .some((s) => s.connectionId === id),
        ).toBe(false),
      SETTLE,
    );
    const gone = await discover(two, id);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('mcp_connection_not_found');
  });
});
