/**
 * What a sandboxed mod can and cannot reach: no Node globals, no imports beyond its own folder
 * (symlinks included), no credential headers, only plain functions on its capability object,
 * JSON-only answers, outbound HTTP only to declared hosts through the egress guard, and no
 * `system: true` from a sandboxed root.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { startEchoPeerProcess, type EchoPeer } from '../peers/echo-peer-process.js';
import { enable, modStatus, SANDBOX_GUESTS, SANDBOX_SYSTEM_MODS } from './sandbox-helpers.js';

let t: TestKernel;
let peer: EchoPeer;
let port: number;

beforeAll(async () => {
  peer = await startEchoPeerProcess();
  port = peer.port;
  t = await startTestKernel({ mods: SANDBOX_SYSTEM_MODS, modSources: [SANDBOX_GUESTS] });
  for (const id of ['sb-escape', 'sb-bad-answers']) expect((await enable(t, id)).status).toBe(200);
  // Loopback is reachable for a sandboxed mod only through the operator's grant of the host.
  const egressOn = await enable(t, 'sb-egress', { privateHosts: ['127.0.0.1'] });
  expect(egressOn.status, JSON.stringify(egressOn.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the guest sees no host', () => {
  it('has no process, require, Buffer, isolated-vm handle or other Node global', async () => {
    const { body } = await t.request('/api/mods/sb-escape/globals');
    expect(body).toEqual({ process: 'undefined', require: 'undefined', module: 'undefined', Buffer: 'undefined', fetch: 'undefined', setTimeout: 'undefined', ivm: 'undefined', extra: [] });
  });

  it('cannot import a builtin, a path outside its folder or anything dynamically', async () => {
    const { body } = await t.request('/api/mods/sb-escape/imports');
    for (const result of body.results) {
      expect(result.loaded, result.specifier).toBeUndefined();
      expect(result.refused, result.specifier).toBeTypeOf('string');
    }
  });

  it('gets only plain functions and data on its capability object', async () => {
    const { body } = await t.request('/api/mods/sb-escape/api');
    const kinds = new Set(body.seen.map((s: { kind: string }) => s.kind));
    expect([...kinds].sort()).toEqual(['function', 'object']);
    expect(body.seen.map((s: { path: string }) => s.path)).toContain('mod.respond');
    // Members exist only for what the manifest asks for.
    expect(body.seen.map((s: { path: string }) => s.path)).not.toContain('mod.data');
    expect(body.seen.map((s: { path: string }) => s.path)).not.toContain('mod.fetch');
    // Job reports too: a mod whose manifest does not offer job diagnostics has no way to report a job.
    expect(body.seen.map((s: { path: string }) => s.path)).not.toContain('mod.jobs');
    const jobs = await t.request('/api/diagnostics/mods/sb-escape/jobs');
    expect([jobs.status, jobs.body.error]).toEqual([404, 'mod_diagnostics_unsupported']);
  });

  it('never sees credential headers, only the auth booleans', async () => {
    const { body } = await t.request({
      method: 'GET',
      url: '/api/mods/sb-escape/headers',
      headers: { authorization: 'Basic c3ZjOnNlY3JldA==', cookie: 'hc_basic_session=abc', 'proxy-authorization': 'Basic eA==', 'x-api-key': 'k', 'x-trace': 'kept' },
    });
    expect(body.headers['x-trace']).toBe('kept');
    for (const name of ['authorization', 'cookie', 'proxy-authorization', 'x-api-key']) expect(body.headers[name]).toBeUndefined();
    expect(body.auth).toEqual({ enabled: false, authenticated: false });
    expect(body.keys).toEqual(['auth', 'body', 'headers', 'method', 'params', 'path', 'query']);
  });
});

describe('answers', () => {
  it.each(['function', 'symbol', 'nested-function', 'cyclic', 'huge', 'instance', 'tampered'])('refuses a %s answer with 502 mod_response_invalid', async (route) => {
    const res = await t.request(`/api/mods/sb-bad-answers/${route}`);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('mod_response_invalid');
  });

  it('refuses a status outside 2xx/4xx where the mod asks for it', async () => {
    const res = await t.request('/api/mods/sb-bad-answers/bad-status');
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('mod_route_failed');
  });

  it('keeps serving plain JSON afterwards', async () => {
    expect((await t.request('/api/mods/sb-bad-answers/fine')).body).toEqual({ ok: true, list: [1, 'two', null, { three: 3 }] });
    expect((await modStatus(t, 'sb-bad-answers')).status).toBe('loaded');
  });
});

describe('outbound HTTP', () => {
  const call = (url: string, init?: unknown) => t.request(json('POST', '/api/mods/sb-egress/call', { url, init }));

  it('reaches a loopback peer the operator granted to the mod (SVC_EGRESS_ALLOW_LOOPBACK defaults to true)', async () => {
    const res = await call(`http://127.0.0.1:${port}/things?x=1`, { method: 'POST', body: { a: 1 } });
    expect(res.body).toMatchObject({ ok: true, status: 200, contentType: 'application/json' });
    expect(JSON.parse(res.body.text)).toMatchObject({ peer: true, method: 'POST', path: '/things?x=1' });
  });

  it('refuses a host the manifest does not list, before any connection', async () => {
    for (const url of [`http://localhost:${port}/`, 'http://169.254.169.254/latest/meta-data', 'https://example.com/']) {
      expect((await call(url)).body, url).toMatchObject({ ok: false, code: 'mod_egress_host_undeclared' });
    }
  });

  it('refuses answers that are not JSON or text', async () => {
    expect((await call(`http://127.0.0.1:${port}/binary`)).body).toMatchObject({ ok: false, code: 'mod_fetch_failed' });
  });

  it('refuses other schemes', async () => {
    expect((await call('file:///etc/passwd')).body).toMatchObject({ ok: false, code: 'mod_sandbox_call_refused' });
  });
});

describe('outbound HTTP when the operator refuses loopback', () => {
  let strict: TestKernel;
  beforeAll(async () => {
    strict = await startTestKernel({ mods: [], modSources: [SANDBOX_GUESTS], config: { egress: { allowLoopback: false, allowPrivate: true } } });
    expect((await enable(strict, 'sb-egress', { privateHosts: ['127.0.0.1'] })).status).toBe(200);
  });
  afterAll(() => strict?.close());

  it('is refused even for a declared and granted host: the service-wide policy is a ceiling', async () => {
    const res = await strict.request(json('POST', '/api/mods/sb-egress/call', { url: `http://127.0.0.1:${port}/` }));
    expect(res.body).toMatchObject({ ok: false, code: 'mod_egress_address_refused' });
    expect(res.body.message).toMatch(/SVC_EGRESS_ALLOW_LOOPBACK=false refuses/);
  });
});

describe('manifests and code from a sandboxed root', () => {
  it('refuses a manifest that claims system: true', async () => {
    const mod = await modStatus(t, 'sb-system-claim');
    expect(mod.status).toBe('failed');
    expect(mod.error).toMatchObject({ code: 'mod_manifest_invalid' });
    expect(mod.error!.message).toMatch(/system/);
  });

  it.each(['sb-outside-import', 'sb-symlink'])('refuses %s, whose code reaches outside its folder', async (id) => {
    const res = await enable(t, id);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_entry_invalid');
    expect(res.body.message).toMatch(/outside the mod's folder/);
  });
});
