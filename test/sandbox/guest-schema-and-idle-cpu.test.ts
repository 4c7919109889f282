/**
 * A sandboxed mod's schema and its idle time are its own process's problem: a tool input schema
 * with a catastrophic pattern is compiled and run in the sandbox process, never on the kernel's
 * event loop, and a mod that keeps spinning after init, outside any call, is failed with the
 * idle-CPU reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { enable, modStatus, SANDBOX_GUESTS, SANDBOX_SYSTEM_MODS, SANDBOX_TRUSTED, sandboxPid, untilStatus } from './sandbox-helpers.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: SANDBOX_SYSTEM_MODS, modSources: [SANDBOX_GUESTS, SANDBOX_TRUSTED] });
  for (const id of ['sb-regex-schema', 'sb-basic', 'sb-tool-probe']) expect((await enable(t, id)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const invoke = (tool: string, input: unknown) => t.request(json('POST', '/api/mods/sb-tool-probe/invoke', { tool, input }));

describe('a tool input schema with a catastrophic pattern', () => {
  it('burns only the sandbox process: the kernel answers while the call is in flight, the call fails at its deadline', async () => {
    // Backtracks for tens of seconds in any regular-expression engine that backtracks.
    let settled = false;
    const call = invoke('mod.sb-regex-schema.match', { s: `${'a'.repeat(27)}!` }).finally(() => (settled = true));
    const health = await t.request('/health');
    expect(health.status).toBe(200);
    expect(settled).toBe(false);
    // Another sandboxed mod's tool, validated in its own process, answers too.
    expect((await invoke('mod.sb-basic.add', { a: 1, b: 2 })).body).toMatchObject({ ok: true, output: { sum: 3 } });
    expect(settled).toBe(false);
    const res = await call;
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('mod_tool_deadline_exceeded');
    expect((await untilStatus(t, 'sb-regex-schema', 'failed')).error?.code).toBe('mod_tool_deadline_exceeded');
    expect(sandboxPid('sb-regex-schema')).toBeUndefined();
  });

  it('still validates ordinary input in the sandbox: a mismatch is the caller’s 400 and the mod keeps running', async () => {
    expect((await enable(t, 'sb-regex-schema')).status).toBe(200);
    const bad = await invoke('mod.sb-regex-schema.match', { s: 'abc' });
    expect(bad.body).toMatchObject({ error: 'tool_input_invalid' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('tool_input_invalid');
    expect(bad.body.message).toMatch(/must match pattern/);
    const good = await invoke('mod.sb-regex-schema.match', { s: 'aaaa' });
    expect(good.body).toMatchObject({ ok: true, output: { ok: true, length: 4 } });
    expect((await modStatus(t, 'sb-regex-schema')).status).toBe('loaded');
  });
});

describe('a mod that burns CPU while no call is running', () => {
  it('is failed with the idle-CPU reason, shown on the mod and saved, and its process is gone', async () => {
    expect((await enable(t, 'sb-idle-spin')).status).toBe(200);
    // Nothing calls it: the loop its init scheduled is the only thing running.
    const mod = await untilStatus(t, 'sb-idle-spin', 'failed');
    expect(mod.error?.code).toBe('mod_sandbox_cpu_exceeded');
    expect(mod.error?.message).toMatch(/kept the CPU busy for \d+ ms while no call was running/);
    expect(sandboxPid('sb-idle-spin')).toBeUndefined();
    const row = await t.kernel.database.knex('svc_mods').where({ id: 'sb-idle-spin' }).first();
    expect(row).toMatchObject({ state: 'revoked', error_code: 'mod_sandbox_cpu_exceeded' });
    expect((await t.request('/api/mods/sb-idle-spin/ok')).status).toBe(503);
    // Diagnostics name it among the failed mods, with the code.
    const status = await t.request('/api/status');
    expect(status.body.mods.failed).toContainEqual({ id: 'sb-idle-spin', error: 'mod_sandbox_cpu_exceeded' });
    // The well-behaved sandboxed mod next to it was not touched.
    expect((await modStatus(t, 'sb-basic')).status).toBe('loaded');
  });
});
