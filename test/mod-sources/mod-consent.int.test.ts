/**
 * A hostile mod from a real Git repository against the trust boundary: it does not start before
 * the operator approved what it asks for, an update that asks for more waits for the difference,
 * its outbound requests reach only public addresses unless the operator grants one host, never
 * svc's own API (even granted, even with identity headers of its own), and it reads only the
 * secrets it declares, which the operator sets write-only.
 */
import { lookup } from 'node:dns/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { approvePermissions } from '../kits/mod-approval.js';
import { startEchoPeerProcess, type EchoPeer } from '../peers/echo-peer-process.js';
import { ModRepo, scratch } from './git-repos.js';

const tmp = scratch('mod-consent');
const MOD = 'api-reacher';
const HOSTILE = `import { defineGuestMod } from 'svc:guest';
import { VERSION } from './version.js';

export default defineGuestMod({
  init(mod) {
    mod.route('call', async (req) => {
      try {
        const res = await mod.fetch(req.body.url, {
          method: req.body.method ?? 'GET',
          headers: { 'x-forwarded-user': 'admin', 'X-Forwarded-For': '127.0.0.1', 'x-svc-proxy-secret': 'guess', 'remote-user': 'admin', 'x-mod-note': 'kept' },
          body: req.body.body,
        });
        return { ok: true, status: res.status, text: await res.text() };
      } catch (error) {
        return { ok: false, code: error.code ?? null, message: error.message };
      }
    });
    mod.route('secret', async (req) => {
      try {
        const value = await mod.secrets.get(req.params.name);
        return { ok: true, version: VERSION, length: value == null ? null : value.length };
      } catch (error) {
        return { ok: false, code: error.code ?? null };
      }
    });
  },
});
`;

let t: TestKernel;
let repo: ModRepo;
let peer: EchoPeer;
let svcPort: number;

beforeAll(async () => {
  peer = await startEchoPeerProcess();
  t = await startTestKernel({
    mods: ['health'],
    config: { dataDir: path.join(tmp.dir, 'data'), modsAllowFileSources: true },
    // A public-looking name that resolves to this machine: what a mod author would try first.
    egress: { resolve: async (host) => (host.endsWith('.test') ? [{ address: '127.0.0.1', family: 4 }] : lookup(host, { all: true })) },
  });
  svcPort = Number(new URL(await t.kernel.listen()).port);
  repo = ModRepo.create(path.join(tmp.dir, 'repo'))
    .write('index.js', HOSTILE)
    .manifest((m) => {
      m.id = MOD;
      m.name = 'Reaches for the API';
      m.contributes = {
        routes: [
          { id: 'call', method: 'POST', path: `/api/mods/${MOD}/call` },
          { id: 'secret', method: 'GET', path: `/api/mods/${MOD}/secret/{name}` },
        ],
      };
      m.sandbox = { egress: ['svc-api.test'], secrets: ['apiKey'] };
    })
    .version('1.0.0')
    .release('v1.0.0');
  expect((await t.request(json('POST', '/api/mod-management/sources', { url: repo.url }))).status).toBe(200);
  expect((await t.request(json('POST', `/api/mod-management/${MOD}/install`, {}))).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  tmp.cleanup();
});

const review = async () => (await t.request(`/api/mod-management/${MOD}/permissions`)).body;
const enable = () => t.request(json('POST', `/api/mod-management/${MOD}/enable`, {}));
const disable = () => t.request(json('POST', `/api/mod-management/${MOD}/disable`, {}));
const call = async (url: string) => (await t.request(json('POST', `/api/mods/${MOD}/call`, { url }))).body;

describe('consent before code runs', () => {
  it('shows what the release asks for, and refuses to enable it before approval', async () => {
    const shown = await review();
    expect(shown).toMatchObject({ required: true, version: '1.0.0', pending: true, approved: null });
    expect(shown.requested).toMatchObject({ source: repo.url, egress: ['svc-api.test'], secrets: ['apiKey'], data: false, routes: [`GET /api/mods/${MOD}/secret/{name}`, `POST /api/mods/${MOD}/call`] });
    const refused = await enable();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'mod_permissions_not_approved', digest: shown.digest });
    expect(refused.body.added.egress).toEqual(['svc-api.test']);
    expect((await t.request('/api/mods')).body.mods.find((m: { id: string }) => m.id === MOD).status).toBe('disabled');
  });

  it('refuses an approval of a request other than the current one', async () => {
    const res = await t.request(json('POST', `/api/mod-management/${MOD}/permissions`, { digest: 'a'.repeat(64) }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_permissions_changed');
    expect((await review()).approved).toBeNull();
  });

  it('refuses private hosts that can never be granted', async () => {
    const { digest } = await review();
    for (const host of ['169.254.169.254', '[fe80::1]', '0.0.0.0', 'a host']) {
      const res = await t.request(json('POST', `/api/mod-management/${MOD}/permissions`, { digest, privateHosts: [host] }));
      expect(res.status, host).toBe(400);
      expect(res.body.error, host).toBe('mod_private_host_invalid');
    }
    expect((await review()).approved).toBeNull();
  });

  it('enables once approved, and records who approved what', async () => {
    const approved = await approvePermissions(t, MOD);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ pending: false, approved: { version: '1.0.0', approvedBy: 'operator (authentication off)', privateHosts: [] } });
    expect((await enable()).body.mod.status).toBe('loaded');
  });
});

describe('outbound requests', () => {
  it('never reaches loopback through a name, whatever SVC_EGRESS_ALLOW_LOOPBACK allows svc itself', async () => {
    expect(t.kernel.config.egress.allowLoopback).toBe(true);
    const api = await call(`http://svc-api.test:${svcPort}/api/mod-management`);
    expect(api).toMatchObject({ ok: false, code: 'mod_egress_address_refused' });
    expect(api.message).toMatch(/svc's own listeners/);
    const other = await call(`http://svc-api.test:${peer.port}/`);
    expect(other).toMatchObject({ ok: false, code: 'mod_egress_address_refused' });
    expect(other.message).toMatch(/loopback address; the operator has not granted this host/);
  });

  it('reaches a granted private host, without the identity headers it set, and never svc itself', async () => {
    const { digest } = await review();
    expect((await t.request(json('POST', `/api/mod-management/${MOD}/permissions`, { digest, privateHosts: ['svc-api.test'] }))).body.approved.privateHosts).toEqual(['svc-api.test']);
    // Grants take effect when the mod starts.
    await disable();
    expect((await enable()).body.mod.status).toBe('loaded');
    const reached = await call(`http://svc-api.test:${peer.port}/hello`);
    expect(reached).toMatchObject({ ok: true, status: 200 });
    const headers = JSON.parse(reached.text).headers as Record<string, string>;
    expect(headers['x-mod-note']).toBe('kept');
    for (const name of ['x-forwarded-user', 'x-forwarded-for', 'x-svc-proxy-secret', 'remote-user']) expect(headers[name], name).toBeUndefined();

    const own = await call(`http://svc-api.test:${svcPort}/api/mod-management`);
    expect(own).toMatchObject({ ok: false, code: 'mod_egress_address_refused' });
    expect(own.message).toMatch(/svc's own listeners/);
  });
});

describe('secrets', () => {
  it('are set write-only for declared names; an undeclared name changes nothing', async () => {
    const refused = await t.request(json('PUT', `/api/mod-management/${MOD}/secrets`, { secrets: { apiKey: 'sk-live-123456', other: 'x' } }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('mod_secret_undeclared');
    expect((await t.request(`/api/mod-management/${MOD}/secrets`)).body.secrets).toEqual([{ name: 'apiKey', set: false }]);

    const set = await t.request(json('PUT', `/api/mod-management/${MOD}/secrets`, { secrets: { apiKey: 'sk-live-123456' } }));
    expect(set.status).toBe(200);
    expect(set.body.secrets).toEqual([{ name: 'apiKey', set: true }]);
    expect(JSON.stringify(set.body)).not.toContain('sk-live');
    expect((await t.request(`/api/mods/${MOD}/secret/apiKey`)).body).toMatchObject({ ok: true, length: 14 });
  });

  it('cannot be read by the mod under a name it did not declare', async () => {
    expect((await t.request(`/api/mods/${MOD}/secret/openai`)).body).toEqual({ ok: false, code: 'mod_secret_undeclared' });
  });

  it('are cleared with null', async () => {
    expect((await t.request(json('PUT', `/api/mod-management/${MOD}/secrets`, { secrets: { apiKey: null } }))).body.secrets).toEqual([{ name: 'apiKey', set: false }]);
  });
});

describe('bad input changes nothing', () => {
  it('answers the catalogued code for an unknown mod, a missing or mistyped field and an oversized value', async () => {
    const before = await review();
    const cases: Array<[string, string, unknown, number, string]> = [
      ['GET', '/api/mod-management/no-such-mod/permissions', undefined, 404, 'mod_not_found'],
      ['POST', '/api/mod-management/no-such-mod/permissions', { digest: before.digest }, 404, 'mod_not_found'],
      ['PUT', '/api/mod-management/no-such-mod/secrets', { secrets: {} }, 404, 'mod_not_found'],
      ['POST', `/api/mod-management/${MOD}/permissions`, {}, 400, 'request_validation_failed'],
      ['POST', `/api/mod-management/${MOD}/permissions`, { digest: 42 }, 400, 'request_validation_failed'],
      ['POST', `/api/mod-management/${MOD}/permissions`, { digest: before.digest, privateHosts: 'svc-api.test' }, 400, 'request_validation_failed'],
      ['POST', `/api/mod-management/${MOD}/permissions`, { digest: before.digest, privateHosts: Array.from({ length: 9 }, (_, i) => `h${i}.lan`) }, 400, 'request_validation_failed'],
      ['PUT', `/api/mod-management/${MOD}/secrets`, {}, 400, 'request_validation_failed'],
      ['PUT', `/api/mod-management/${MOD}/secrets`, { secrets: { apiKey: 7 } }, 400, 'request_validation_failed'],
      ['PUT', `/api/mod-management/${MOD}/secrets`, { secrets: { apiKey: 'x'.repeat(16 * 1024 + 1) } }, 400, 'request_validation_failed'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = body === undefined ? await t.request(url) : await t.request(json(method as 'POST', url, body));
      expect(res.status, `${method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(status);
      expect(res.body.error).toBe(code);
    }
    expect((await review()).history).toEqual(before.history);
    expect((await t.request(`/api/mod-management/${MOD}/secrets`)).body.secrets).toEqual([{ name: 'apiKey', set: false }]);
  });
});

describe('an update that asks for more', () => {
  it('is installed but not enabled until the difference is approved', async () => {
    repo.manifest((m) => {
      m.sandbox = { egress: ['svc-api.test', 'collector.example.com'], secrets: ['apiKey'], data: true };
    });
    repo.version('1.1.0').release('v1.1.0');
    await t.request(json('POST', '/api/mod-management/refresh', {}));
    const updated = await t.request(json('POST', `/api/mod-management/${MOD}/install`, {}));
    expect(updated.status).toBe(200);
    expect(updated.body.mod).toMatchObject({ version: '1.1.0', status: 'disabled' });
    const shown = await review();
    expect(shown).toMatchObject({ version: '1.1.0', pending: true, diff: { added: { egress: ['collector.example.com'], data: true } } });
    expect(shown.approved.version).toBe('1.0.0');
    expect((await enable()).body.error).toBe('mod_permissions_not_approved');
    expect((await t.request(`/api/mods/${MOD}/secret/apiKey`)).status).toBe(503);

    const approved = await approvePermissions(t, MOD);
    // The earlier grant stays unless the operator changes it.
    expect(approved.body.approved).toMatchObject({ version: '1.1.0', privateHosts: ['svc-api.test'] });
    expect(approved.body.history.map((h: { version: string }) => h.version)).toEqual(['1.1.0', '1.0.0', '1.0.0']);
    expect((await enable()).body.mod.status).toBe('loaded');
    expect((await t.request(`/api/mods/${MOD}/secret/apiKey`)).body).toMatchObject({ ok: true, version: '1.1.0' });
  });
});
