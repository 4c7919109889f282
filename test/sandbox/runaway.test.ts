/**
 * Hostile mods that try to take the service down: runaway loops (in a route, after an await,
 * in a tool, in init), a memory bomb, and a sandbox process that dies mid-request. Each costs
 * only its own mod, which is reported failed with the reason; the service keeps answering.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { disable, enable, modStatus, SANDBOX_GUESTS, SANDBOX_SYSTEM_MODS, SANDBOX_TRUSTED, sandboxPid, untilStatus } from './sandbox-helpers.js';

let t: TestKernel;
let peer: ChildProcess;
let peerUrl: string;
let peerGotRequest: () => void;
const peerReached = new Promise<void>((resolve) => (peerGotRequest = resolve));

/**
 * A loopback peer that takes the request and never answers. It runs in a process of its own: a
 * port this test process listens on counts as one of svc's own listeners, which no mod may reach.
 */
const PEER = `const server = require('node:http').createServer(() => console.log('request'));
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;

beforeAll(async () => {
  peer = spawn(process.execPath, ['-e', PEER], { stdio: ['ignore', 'pipe', 'inherit'] });
  peerUrl = await new Promise<string>((resolve) => {
    peer.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const port = /port (\d+)/.exec(chunk)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}/hang`);
      if (chunk.includes('request')) peerGotRequest();
    });
  });
  t = await startTestKernel({ mods: SANDBOX_SYSTEM_MODS, modSources: [SANDBOX_GUESTS, SANDBOX_TRUSTED], config: { modEnableTimeoutMs: 1500 } });
  for (const id of ['sb-loop', 'sb-basic', 'sb-memory', 'sb-tool-probe']) expect((await enable(t, id)).status).toBe(200);
  // The peer is on loopback: reachable only through the operator's grant.
  expect((await enable(t, 'sb-egress', { privateHosts: ['127.0.0.1'] })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  peer?.kill('SIGKILL');
});

describe('a route that never returns', () => {
  it('answers 504 while every other route keeps answering, then the mod is revoked', async () => {
    let spinSettled = false;
    const spin = t.request('/api/mods/sb-loop/spin').finally(() => (spinSettled = true));
    // Other owners answer while the loop runs: the kernel's own route, another sandboxed mod.
    expect((await t.request('/health')).status).toBe(200);
    expect((await t.request('/api/mods/sb-basic/hello')).status).toBe(200);
    expect(spinSettled).toBe(false);
    const res = await spin;
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('mod_route_deadline_exceeded');
    const mod = await untilStatus(t, 'sb-loop', 'failed');
    expect(mod.error?.code).toBe('mod_route_deadline_exceeded');
    expect(sandboxPid('sb-loop')).toBeUndefined();
    expect(t.kernel.inspectRegistrations('sb-loop').boundRoutes).toBe(0);
    expect((await t.request('/api/mods/sb-loop/ok')).status).toBe(503);
  });

  it('is stopped too when the loop starts after an await', async () => {
    expect((await enable(t, 'sb-loop')).status).toBe(200);
    expect((await t.request('/api/mods/sb-loop/ok')).body).toEqual({ ok: true });
    const res = await t.request('/api/mods/sb-loop/spin-later');
    expect(res.status).toBe(504);
    expect((await untilStatus(t, 'sb-loop', 'failed')).error?.code).toBe('mod_route_deadline_exceeded');
    expect((await t.request('/api/mods/sb-basic/hello')).status).toBe(200);
  });

  it('is stopped in a tool call, with the tool deadline error', async () => {
    expect((await enable(t, 'sb-loop')).status).toBe(200);
    const res = await t.request(json('POST', '/api/mods/sb-tool-probe/invoke', { tool: 'mod.sb-loop.spin', input: {} }));
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('mod_tool_deadline_exceeded');
    expect((await untilStatus(t, 'sb-loop', 'failed')).error?.code).toBe('mod_tool_deadline_exceeded');
  });

  it('passes its deadline alone: calls of the same mod that start after it are answered meanwhile', async () => {
    expect((await enable(t, 'sb-loop')).status).toBe(200);
    let waitSettled = false;
    const wait = t.request('/api/mods/sb-loop/wait').finally(() => (waitSettled = true));
    // Each of these starts and ends while the waiting call's deadline is pending.
    for (let i = 0; i < 5; i++) expect((await t.request('/api/mods/sb-loop/ok')).body).toEqual({ ok: true });
    const together = await Promise.all(Array.from({ length: 20 }, () => t.request('/api/mods/sb-loop/ok')));
    expect(together.map((r) => r.status)).toEqual(together.map(() => 200));
    expect(waitSettled).toBe(false);
    const res = await wait;
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('mod_route_deadline_exceeded');
    expect((await untilStatus(t, 'sb-loop', 'failed')).error?.code).toBe('mod_route_deadline_exceeded');
    expect(sandboxPid('sb-loop')).toBeUndefined();
  });
});

describe('init that never returns', () => {
  it('fails enabling with mod_init_timeout and leaves nothing running', async () => {
    const res = await enable(t, 'sb-init-loop');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_init_timeout');
    expect((await modStatus(t, 'sb-init-loop')).status).toBe('failed');
    expect(sandboxPid('sb-init-loop')).toBeUndefined();
    expect((await t.request('/health')).status).toBe(200);
  });
});

describe('allocating past the memory limit', () => {
  it('fails the mod with its reason; the service and other mods are unharmed', async () => {
    const res = await t.request('/api/mods/sb-memory/bomb');
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('mod_sandbox_failed');
    expect(res.body.message).toMatch(/memory limit of 16 MB/);
    const mod = await untilStatus(t, 'sb-memory', 'failed');
    expect(mod.error).toMatchObject({ code: 'mod_sandbox_failed' });
    expect((await t.request('/health')).status).toBe(200);
    expect((await t.request('/api/mods/sb-basic/hello')).status).toBe(200);
    // Re-enabling starts a fresh sandbox.
    expect((await enable(t, 'sb-memory')).status).toBe(200);
    expect((await t.request('/api/mods/sb-memory/ok')).body).toEqual({ ok: true });
  });
});

describe('a sandbox process that dies', () => {
  it('answers the request in flight with 503 and marks the mod failed', async () => {
    const call = t.request(json('POST', '/api/mods/sb-egress/call', { url: peerUrl }));
    await peerReached;
    const pid = sandboxPid('sb-egress');
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    const res = await call;
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('mod_sandbox_failed');
    expect((await untilStatus(t, 'sb-egress', 'failed')).error?.code).toBe('mod_sandbox_failed');
    const after = await t.request(json('POST', '/api/mods/sb-egress/call', { url: peerUrl }));
    expect(after.status).toBe(503);
    expect((await t.request('/health')).status).toBe(200);
  });
});

describe('shutdown', () => {
  it('ends every sandbox process on disable', async () => {
    expect(sandboxPid('sb-basic')).toBeGreaterThan(0);
    expect((await disable(t, 'sb-basic')).status).toBe(200);
    expect(sandboxPid('sb-basic')).toBeUndefined();
  });
});
