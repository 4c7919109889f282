import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics'], modSources: [FIXTURE_MODS] });
  expect((await t.request(json('POST', '/api/mod-management/echo-mod/enable'))).status).toBe(200);
});
afterAll(() => t?.close());

describe('request projection', () => {
  it('removes credential headers and passes trusted auth booleans', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/mods/echo-mod/echo?x=1',
      headers: {
        'content-type': 'application/json',
        authorization: 'Basic c2VjcmV0OnNlY3JldA==',
        cookie: 'hc_basic_session=abc',
        'proxy-authorization': 'Basic xyz',
        'x-api-key': 'k',
        'x-custom': 'kept',
      },
      payload: JSON.stringify({ hello: 'world' }),
    });
    expect(res.status).toBe(200);
    const request = res.body.request;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/mods/echo-mod/echo');
    expect(request.query).toEqual({ x: '1' });
    expect(request.body).toEqual({ hello: 'world' });
    expect(request.headers['x-custom']).toBe('kept');
    for (const h of ['authorization', 'cookie', 'proxy-authorization', 'x-api-key']) expect(request.headers).not.toHaveProperty(h);
    expect(request.auth).toEqual({ enabled: false, authenticated: false });
  });

  it('parses an empty JSON body as {}', async () => {
    const res = await t.request({ method: 'POST', url: '/api/mods/echo-mod/echo', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.status).toBe(200);
    expect(res.body.request.body).toEqual({});
  });

  it('answers invalid JSON with 400 invalid_json', async () => {
    const res = await t.request({ method: 'POST', url: '/api/mods/echo-mod/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'invalid_json' });
  });

  it('drops __proto__ and constructor.prototype keys instead of merging them', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/mods/echo-mod/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(res.status).toBe(200);
    expect(res.body.request.body).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('validation', () => {
  it('400s a missing field, a wrong type and an oversized value, and writes nothing', async () => {
    const before = await t.kernel.database.knex('echo_mod_items').count<{ count: string }[]>({ count: '*' });
    for (const payload of [{}, { name: 42 }, { name: 'x'.repeat(51) }, { name: 'ok', extra: true }]) {
      const res = await t.request(json('POST', '/api/mods/echo-mod/items', payload));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
      expect(res.body.part).toBe('body');
    }
    const after = await t.kernel.database.knex('echo_mod_items').count<{ count: string }[]>({ count: '*' });
    expect(after).toEqual(before);
  });

  it('coerces and checks path parameters', async () => {
    const created = await t.request(json('POST', '/api/mods/echo-mod/items', { name: 'first' }));
    expect(created.status).toBe(201);
    const id = created.body.item.id;
    expect((await t.request(`/api/mods/echo-mod/items/${id}`)).body.item.name).toBe('first');
    const bad = await t.request('/api/mods/echo-mod/items/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.part).toBe('path parameters');
  });

  it("answers a mod's own catalogued error with its status and code", async () => {
    const res = await t.request('/api/mods/echo-mod/items/999999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ok: false, error: 'echo_item_not_found' });
  });

  it('rolls back a failed write: the transaction leaves nothing behind', async () => {
    const res = await t.request(json('POST', '/api/mods/echo-mod/items', { name: 'fail-after-insert' }));
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_route_failed');
    const rows = await t.kernel.database.knex('echo_mod_items').where({ name: 'fail-after-insert' });
    expect(rows).toHaveLength(0);
  });
});

describe('failures', () => {
  it('turns a throwing handler into 500 mod_route_failed without leaking its message', async () => {
    const res = await t.request('/api/mods/echo-mod/boom');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_route_failed');
    expect(JSON.stringify(res.body)).not.toContain('kaboom');
  });

  it("prints the kernel's error lines with a 5xx answer in a test (the test kit), and only then", async () => {
    const printed: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => (printed.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect((await t.request('/api/mods/echo-mod/boom')).status).toBe(500);
      expect((await t.request('/health')).status).toBe(200);
    } finally {
      process.stderr.write = write;
    }
    if (process.env.SVC_TEST_LOG_LEVEL) return; // the test asked for its own log level: nothing kept
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^test kernel: GET \/api\/mods\/echo-mod\/boom answered 500; its last error lines:\n/);
    expect(printed[0]).toContain('kaboom: internal detail that must not leak');
  });

  it('refuses a raw answer from a route that may only answer JSON', async () => {
    const res = await t.request('/api/mods/echo-mod/raw');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_route_invalid_response');
  });

  it('answers 501 for a declared route without a handler', async () => {
    const res = await t.request('/api/mods/echo-mod/unbound');
    expect(res.status).toBe(501);
    expect(res.body.error).toBe('mod_route_not_bound');
  });

  it('404s unknown paths and methods', async () => {
    expect((await t.request('/api/nothing-here')).body.error).toBe('route_not_found');
    expect((await t.request({ method: 'DELETE', url: '/api/mods/echo-mod/echo' })).status).toBe(404);
  });
});

describe('deadline', () => {
  it('answers 504, revokes the mod until re-enabled, and records the revocation', async () => {
    const res = await t.request('/api/mods/echo-mod/slow');
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('mod_route_deadline_exceeded');
    await new Promise((r) => setTimeout(r, 50));
    const listed = (await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === 'echo-mod');
    expect(listed.status).toBe('failed');
    expect(listed.error.code).toBe('mod_route_deadline_exceeded');
    const after = await t.request(json('POST', '/api/mods/echo-mod/echo', {}));
    expect(after.status).toBe(503);
    const row = await t.kernel.database.knex('svc_mods').where({ id: 'echo-mod' }).first();
    expect(row.state).toBe('revoked');
    expect(row.error_code).toBe('mod_route_deadline_exceeded');

    expect((await t.request(json('POST', '/api/mod-management/echo-mod/enable'))).body.mod.status).toBe('loaded');
    expect((await t.request(json('POST', '/api/mods/echo-mod/echo', {}))).status).toBe(200);
  });
});
