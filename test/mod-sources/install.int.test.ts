/**
 * Installing, updating and uninstalling a mod from a Git source, through the API, with real
 * repositories over file://. The installed mod runs in the sandbox runtime (its root is
 * sandboxed), chosen by the kernel's real runtime selection.
 */
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { ModRepo, scratch } from './git-repos.js';

let t: TestKernel;
const tmp = scratch('mod-install');
const dataDir = path.join(tmp.dir, 'data');
const modsDir = path.join(dataDir, 'mods');
let repo: ModRepo;
let sourceId: string;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'], config: { dataDir, modsAllowFileSources: true } });
  repo = ModRepo.create(path.join(tmp.dir, 'hello')).version('1.0.0').release('v1.0.0');
  const added = await t.request(json('POST', '/api/mod-management/sources', { url: repo.url }));
  expect(added.status).toBe(200);
  sourceId = added.body.source.id;
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

const install = (modId: string, body: object = {}) => t.request(json('POST', `/api/mod-management/${modId}/install`, body));
const managed = async (modId: string) => (await t.request('/api/mod-management')).body.installed.find((m: { id: string }) => m.id === modId);
const refresh = () => t.request(json('POST', '/api/mod-management/refresh', {}));

describe('install', () => {
  it('404s a mod no source offers', async () => {
    const res = await install('no-such-mod');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('mod_release_not_found');
  });

  it('refuses an explicit version that is not the latest release', async () => {
    repo.version('1.1.0').release('v1.1.0');
    await refresh();
    const res = await install('hello-git', { version: '1.0.0' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_version_not_latest');
    expect(existsSync(path.join(modsDir, 'hello-git'))).toBe(false);
  });

  it('refuses unknown body fields', async () => {
    const res = await install('hello-git', { version: '1.1.0', force: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('request_validation_failed');
  });

  it('installs the latest accepted release, disabled, with its release recorded', async () => {
    const res = await install('hello-git', { version: '1.1.0' });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(false);
    expect(res.body.release).toMatchObject({ version: '1.1.0', tag: 'v1.1.0', sourceId, commit: expect.stringMatching(/^[0-9a-f]{40}$/), contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(res.body.mod).toMatchObject({ id: 'hello-git', version: '1.1.0', system: false });
    expect(res.body.mod.status).not.toBe('loaded');

    const entry = await managed('hello-git');
    expect(entry.state).toBe('disabled');
    expect(entry.source).toEqual({ sourceId, version: '1.1.0', tag: 'v1.1.0', commit: res.body.release.commit, contentHash: res.body.release.contentHash });
    expect(entry.updateAvailable).toBeNull();
    expect((await t.request('/api/mod-management')).body.available).toEqual([]);

    // The code is the tagged tree, nothing more: no .git, no install step.
    expect(readdirSync(path.join(modsDir, 'hello-git')).sort()).toEqual(['README.md', 'index.js', 'mod.json', 'version.js']);
    expect(readFileSync(path.join(modsDir, 'hello-git', 'version.js'), 'utf8')).toMatch(/1\.1\.0/);
    const row = await t.kernel.database.knex('svc_mod_installs').where({ mod_id: 'hello-git' }).first();
    expect(row).toMatchObject({ source_id: sourceId, tag: 'v1.1.0', version: '1.1.0', content_hash: res.body.release.contentHash });
    expect((await t.kernel.database.knex('svc_mods').where({ id: 'hello-git' }).first()).state).toBe('disabled');
    // No agent tools from a disabled mod.
    expect(t.kernel.inspectRegistrations('hello-git').tools).toBe(0);
  });

  it('refuses a second install of the same mod while one runs', async () => {
    repo.version('1.2.0').release('v1.2.0');
    await refresh();
    const [a, b] = await Promise.all([install('hello-git'), install('hello-git')]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error).toBe('mod_install_in_progress');
  });

  it('updates a disabled mod and keeps it disabled', async () => {
    repo.version('1.3.0').release('v1.3.0');
    await refresh();
    expect((await managed('hello-git')).updateAvailable).toEqual({ version: '1.3.0', tag: 'v1.3.0' });
    const res = await install('hello-git');
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(true);
    const entry = await managed('hello-git');
    expect(entry).toMatchObject({ version: '1.3.0', state: 'disabled', updateAvailable: null });
    expect(entry.status).not.toBe('loaded');
    const row = await t.kernel.database.knex('svc_mod_installs').where({ mod_id: 'hello-git' }).first();
    expect(row.version).toBe('1.3.0');
    expect(new Date(row.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(row.installed_at).getTime());
  });

  it('refuses a Git release of a mod that ships with the runtime', async () => {
    const system = ModRepo.create(path.join(tmp.dir, 'health-clone')).manifest((m) => {
      m.id = 'health';
      m.contributes.routes[0].path = '/api/mods/health/hello';
    });
    system.version('9.0.0').release('v9.0.0');
    expect((await t.request(json('POST', '/api/mod-management/sources', { url: system.url }))).status).toBe(200);
    const res = await install('health');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_install_conflict');
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

describe('unsafe releases', () => {
  it('refuses a tree with a symlink escaping its root and writes nothing under mods/', async () => {
    const evil = ModRepo.create(path.join(tmp.dir, 'evil')).manifest((m) => {
      m.id = 'evil-git';
      m.contributes.routes[0].path = '/api/mods/evil-git/hello';
    });
    symlinkSync('../../../../etc/passwd', path.join(evil.dir, 'passwd'));
    evil.version('1.0.0').release('v1.0.0');
    expect((await t.request(json('POST', '/api/mod-management/sources', { url: evil.url }))).status).toBe(200);
    const res = await install('evil-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(res.body.message).toMatch(/passwd/);
    expect(existsSync(path.join(modsDir, 'evil-git'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'mod-staging')) ? readdirSync(path.join(dataDir, 'mod-staging')) : []).toEqual([]);
    expect(await t.kernel.database.knex('svc_mod_installs').where({ mod_id: 'evil-git' }).first()).toBeUndefined();
    expect(await t.kernel.database.knex('svc_mods').where({ id: 'evil-git' }).first()).toBeUndefined();
  });

  it('refuses a symlink that climbs out through another symlink', async () => {
    const sneaky = ModRepo.create(path.join(tmp.dir, 'sneaky')).manifest((m) => {
      m.id = 'sneaky-git';
      m.contributes.routes[0].path = '/api/mods/sneaky-git/hello';
    });
    symlinkSync('.', path.join(sneaky.dir, 'self'));
    symlinkSync('self/../outside', path.join(sneaky.dir, 'climb'));
    sneaky.version('1.0.0').release('v1.0.0');
    expect((await t.request(json('POST', '/api/mod-management/sources', { url: sneaky.url }))).status).toBe(200);
    const res = await install('sneaky-git');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mod_release_unsafe');
    expect(existsSync(path.join(modsDir, 'sneaky-git'))).toBe(false);
  });

  it('accepts a symlink that stays inside the release', async () => {
    const linked = ModRepo.create(path.join(tmp.dir, 'linked')).manifest((m) => {
      m.id = 'linked-git';
      m.contributes.routes[0].path = '/api/mods/linked-git/hello';
    });
    linked.write('docs/guide.md', '# guide\n');
    symlinkSync('docs/guide.md', path.join(linked.dir, 'GUIDE.md'));
    linked.version('1.0.0').release('v1.0.0');
    expect((await t.request(json('POST', '/api/mod-management/sources', { url: linked.url }))).status).toBe(200);
    const res = await install('linked-git');
    expect(res.status).toBe(200);
    expect(readFileSync(path.join(modsDir, 'linked-git', 'GUIDE.md'), 'utf8')).toBe('# guide\n');
  });
});

describe('uninstall', () => {
  it('refuses a system mod', async () => {
    const res = await t.request(json('POST', '/api/mod-management/health/uninstall'));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_uninstall_system_refused');
  });

  it('removes the code and the install record, keeps settings, secrets and data; a reinstall finds them', async () => {
    const put = await t.request(json('PUT', '/api/mod-management/hello-git/settings', { greeting: 'hey' }));
    expect(put.status).toBe(200);
    const knex = t.kernel.database.knex;
    await knex('svc_secrets').insert({ owner: 'hello-git', name: 'token', ciphertext: 'opaque' });

    const res = await t.request(json('POST', '/api/mod-management/hello-git/uninstall'));
    expect(res.status).toBe(200);
    expect(existsSync(path.join(modsDir, 'hello-git'))).toBe(false);
    expect(await knex('svc_mod_installs').where({ mod_id: 'hello-git' }).first()).toBeUndefined();
    expect(await managed('hello-git')).toBeUndefined();
    const available = (await t.request('/api/mod-management')).body.available;
    expect(available.map((a: { modId: string }) => a.modId)).toContain('hello-git');
    expect((await knex('svc_settings').where({ owner: 'hello-git', key: 'settings' }).first()).value).toEqual({ greeting: 'hey' });
    expect(await knex('svc_secrets').where({ owner: 'hello-git', name: 'token' }).first()).toBeDefined();

    expect((await install('hello-git')).status).toBe(200);
    const settings = await t.request('/api/mod-management/hello-git/settings');
    expect(settings.body.settings).toEqual({ greeting: 'hey' });
  });
});
