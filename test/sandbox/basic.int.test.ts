/**
 * A well-behaved sandboxed mod through real HTTP: routes, status codes, projected requests,
 * settings, key-value data across disable/enable, a tool through the shared catalog, opt-in
 * diagnostics, and nothing left registered after disable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { disable, enable, modStatus, SANDBOX_GUESTS, SANDBOX_SYSTEM_MODS, SANDBOX_TRUSTED } from './sandbox-helpers.js';

let t: TestKernel;

beforeAll(async () => {
  // The response contract holds here too: a sandboxed mod's routes publish any 2xx/4xx JSON
  // answer of the mod's own (the guest API declares no response schemas), the rest is checked.
  t = await startTestKernel({ mods: SANDBOX_SYSTEM_MODS, modSources: [SANDBOX_GUESTS, SANDBOX_TRUSTED] });
  expect((await enable(t, 'sb-basic')).status).toBe(200);
  expect((await enable(t, 'sb-tool-probe')).status).toBe(200);
});
afterAll(() => t?.close());

describe('a sandboxed mod', () => {
  it('answers its routes with JSON', async () => {
    const res = await t.request('/api/mods/sb-basic/hello');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ ok: true, hello: 'world' });
  });

  it('sees the projected request and reads its settings (defaults filled in)', async () => {
    const res = await t.request(json('POST', '/api/mods/sb-basic/echo/ada?x=1', { n: [1, 2] }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: 'hi, ada', method: 'POST', path: '/api/mods/sb-basic/echo/ada', query: { x: '1' }, body: { n: [1, 2] } });
    expect((await t.request(json('PUT', '/api/mod-management/sb-basic/settings', { greeting: 'hey' }))).status).toBe(200);
    expect((await t.request('/api/mods/sb-basic/settings')).body.settings).toEqual({ greeting: 'hey' });
  });

  it('chooses a 2xx/4xx status through respond()', async () => {
    const res = await t.request(json('POST', '/api/mods/sb-basic/created', { id: 'x1' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, id: 'x1' });
    expect((await t.request('/api/mods/sb-basic/data/nothing')).status).toBe(404);
  });

  it('answers many requests at once each with its own answer, handlers that answer at once and ones that await mixed', async () => {
    // Calls that arrive together cross to the sandbox in one message and enter the isolate together.
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 3 ? t.request(i % 8 === 7 ? '/api/mods/sb-basic/throws' : '/api/mods/sb-basic/hello') : t.request(json('POST', `/api/mods/sb-basic/echo/n${i}?i=${i}`, { i, text: `"quoted" \\ ${'é'.repeat(i)}` })),
    );
    const answers = await Promise.all(requests);
    answers.forEach((res, i) => {
      if (i % 8 === 7) {
        expect(res.status).toBe(500);
        expect(res.body.error).toBe('mod_route_failed');
      } else if (i % 4 === 3) {
        expect(res.body).toEqual({ ok: true, hello: 'world' });
      } else {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ path: `/api/mods/sb-basic/echo/n${i}`, query: { i: String(i) }, body: { i, text: `"quoted" \\ ${'é'.repeat(i)}` } });
      }
    });
  });

  it('answers a handler that throws with mod_route_failed, and keeps serving', async () => {
    const res = await t.request('/api/mods/sb-basic/throws');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_route_failed');
    expect(res.body.message).not.toMatch(/guest says no/);
    expect((await t.request('/api/mods/sb-basic/hello')).status).toBe(200);
  });

  it('reads a secret that is not set as absent', async () => {
    expect((await t.request('/api/mods/sb-basic/secret')).body).toEqual({ ok: true, present: false });
  });

  it('registers its tool as mod.<id>.<name> in the shared catalog and answers through it', async () => {
    const tools = (await t.request('/api/mods/sb-tool-probe/tools')).body.tools;
    expect(tools).toContainEqual({ name: 'mod.sb-basic.add', modId: 'sb-basic', title: 'Add' });
    const res = await t.request(json('POST', '/api/mods/sb-tool-probe/invoke', { tool: 'mod.sb-basic.add', input: { a: 2, b: 40 } }));
    expect(res.body).toEqual({ ok: true, output: { sum: 42, agentId: 'agent-1' } });
    // The kernel validates the input against the guest's schema before the guest runs.
    const bad = await t.request(json('POST', '/api/mods/sb-tool-probe/invoke', { tool: 'mod.sb-basic.add', input: { a: 'x' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('tool_input_invalid');
  });

  it('offers sanitized diagnostics when its manifest opts in', async () => {
    const res = await t.request('/api/diagnostics/mods/sb-basic/pending');
    expect(res.status).toBe(200);
    const [summary] = res.body.items;
    expect(summary).toMatchObject({ kind: 'sandbox', status: 'running', memoryLimitBytes: 32 * 1024 * 1024, timeouts: 0 });
    expect(summary.calls).toBeGreaterThan(0);
    expect(summary.memoryUsedBytes).toBeGreaterThan(0);
    expect(Object.keys(summary).sort()).toEqual(['calls', 'cpuTimeMs', 'failures', 'kind', 'lastErrorCode', 'memoryLimitBytes', 'memoryUsedBytes', 'status', 'timeouts']);
  });
});

describe('job reports through the guest API', () => {
  const report = (body: unknown) => t.request(json('POST', '/api/mods/sb-basic/jobs', body));
  const jobs = async () => (await t.request('/api/diagnostics/mods/sb-basic/jobs')).body;

  it('shows what the mod reported, newest first, in the bounded summary shape', async () => {
    expect((await jobs()).items).toEqual([{ id: 'warm-up-1', kind: 'warm-up', state: 'succeeded', attempts: 1 }]);
    const long = 'x'.repeat(900);
    expect((await report({ report: { id: 'sync-7', kind: 'sync', state: 'failed', attempts: 3, lastError: long, payload: 'the prompt', refs: { feed: 'news', token: { nested: true } } } })).body).toEqual({ ok: true });
    const listed = await jobs();
    expect(listed).toMatchObject({ ok: true, modId: 'sb-basic', truncated: false });
    expect(listed.items.map((j: { id: string }) => j.id)).toEqual(['sync-7', 'warm-up-1']);
    const [sync] = listed.items;
    expect(Object.keys(sync).sort()).toEqual(['attempts', 'id', 'kind', 'lastError', 'refs', 'state']);
    expect(sync.lastError).toHaveLength(500);
    expect(sync.refs).toEqual({ feed: 'news' });
    expect((await t.request('/api/diagnostics/mods/sb-basic/jobs/sync-7')).body.job).toEqual(sync);
    expect((await t.request('/api/diagnostics/mods/sb-basic/jobs?limit=1')).body).toMatchObject({ items: [{ id: 'sync-7' }], truncated: true });
  });

  it('refuses a report that is not a job summary, and one over 4 KiB', async () => {
    for (const bad of [
      { id: 'a b', kind: 'k', state: 'queued' },
      { id: 'ok', kind: 'k', state: 'done' },
      { id: 'ok', state: 'queued' },
      'text',
      { id: 'big', kind: 'k', state: 'queued', refs: { a: 'y'.repeat(5000) } },
    ]) {
      const res = await report({ report: bad });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('mod_sandbox_call_refused');
    }
    expect((await t.request('/api/diagnostics/mods/sb-basic/jobs/big')).status).toBe(404);
  });

  it('removes a report; an unknown job is 404, a bad id or limit 400', async () => {
    expect((await report({ remove: 'sync-7' })).body).toEqual({ ok: true, removed: true });
    expect((await report({ remove: 'sync-7' })).body).toEqual({ ok: true, removed: false });
    const gone = await t.request('/api/diagnostics/mods/sb-basic/jobs/sync-7');
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('mod_diagnostics_job_not_found');
    expect((await t.request('/api/diagnostics/mods/sb-basic/jobs/bad%20id')).status).toBe(400);
    expect((await t.request('/api/diagnostics/mods/sb-basic/jobs?limit=0')).status).toBe(400);
    expect((await t.request('/api/diagnostics/mods/sb-basic/jobs?limit=many')).status).toBe(400);
  });
});

describe('key-value data', () => {
  it('keeps values across disable and enable (a new process)', async () => {
    expect((await t.request(json('PUT', '/api/mods/sb-basic/data/note-1', { text: 'kept', n: 1 }))).status).toBe(200);
    expect((await t.request(json('PUT', '/api/mods/sb-basic/data/note-2', ['a']))).status).toBe(200);
    expect((await t.request(json('PUT', '/api/mods/sb-basic/data/other', { x: null }))).status).toBe(200);
    expect((await disable(t, 'sb-basic')).status).toBe(200);
    expect((await enable(t, 'sb-basic')).status).toBe(200);
    expect((await t.request('/api/mods/sb-basic/data/note-1')).body).toEqual({ ok: true, value: { text: 'kept', n: 1 } });
    expect((await t.request('/api/mods/sb-basic/data?prefix=note-')).body.keys).toEqual(['note-1', 'note-2']);
  });

  it('is scoped to the mod in the kernel table', async () => {
    const rows = await t.kernel.database.knex('svc_mod_data').select('mod_id').distinct();
    expect(rows).toEqual([{ mod_id: 'sb-basic' }]);
  });

  it('refuses a value over the bound (the guest sees the catalogued refusal)', async () => {
    const res = await t.request(json('PUT', '/api/mods/sb-basic/data/big', { blob: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_route_failed');
    expect((await t.request('/api/mods/sb-basic/data/big')).status).toBe(404);
  });
});

describe('disable', () => {
  it('removes every route, tool and diagnostics provider, and the process', async () => {
    expect(t.kernel.inspectRegistrations('sb-basic')).toMatchObject({ boundRoutes: 10, tools: 1, diagnostics: 1 });
    expect((await disable(t, 'sb-basic')).status).toBe(200);
    expect(t.kernel.inspectRegistrations('sb-basic')).toEqual({ boundRoutes: 0, tools: 0, hookTaps: 0, extensions: 0, diagnostics: 0, services: 0, jobWorkers: 0 });
    expect((await modStatus(t, 'sb-basic')).status).toBe('disabled');
    const res = await t.request('/api/mods/sb-basic/hello');
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('mod_unavailable');
    expect((await t.request('/api/mods/sb-tool-probe/tools')).body.tools.some((tool: { modId: string }) => tool.modId === 'sb-basic')).toBe(false);
  });
});
