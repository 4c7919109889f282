/**
 * A mod's identity is bound to its source. Two real Git sources offer the same mod id: the one
 * installed from, and an impostor with a newer version. Updates, `install {}` and the listing's
 * `updateAvailable` see only the mod's own source (also after an uninstall, and after its
 * source is removed and added again); reaching the other source takes an explicit, confirmed
 * move, which disables the mod and deletes its settings, secrets and data unless kept. A mod
 * never installed that several sources offer must be installed from a named source.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { approveAndEnable } from '../kits/mod-approval.js';
import { ModRepo, scratch } from './git-repos.js';

let t: TestKernel;
const tmp = scratch('mod-identity');
const dataDir = path.join(tmp.dir, 'data');
let original: ModRepo;
let impostor: ModRepo;
let ownSource: string;
let impostorSource: string;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'], config: { dataDir, modsAllowFileSources: true } });
  original = ModRepo.create(path.join(tmp.dir, 'original')).version('1.0.0').release('v1.0.0');
  impostor = ModRepo.create(path.join(tmp.dir, 'impostor')).version('2.0.0').release('v2.0.0');
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

const knex = () => t.kernel.database.knex;
const install = (modId: string, body: object = {}) => t.request(json('POST', `/api/mod-management/${modId}/install`, body));
const addSource = async (repo: ModRepo): Promise<string> => {
  const res = await t.request(json('POST', '/api/mod-management/sources', { url: repo.url }));
  expect(res.status).toBe(200);
  return res.body.source.id;
};
const refresh = () => t.request(json('POST', '/api/mod-management/refresh', {}));
const listing = async () => (await t.request('/api/mod-management')).body;
const managed = async () => (await listing()).installed.find((m: { id: string }) => m.id === 'hello-git');
const code = () => readFileSync(path.join(dataDir, 'mods', 'hello-git', 'version.js'), 'utf8');
const settings = async () => (await knex()('svc_settings').where({ owner: 'hello-git', key: 'settings' }).first())?.value;
const secrets = async () => (await knex()('svc_secrets').where({ owner: 'hello-git' }).select('name')).map((r: { name: string }) => r.name);
const data = async () => (await knex()('svc_mod_data').where({ mod_id: 'hello-git' }).select('key')).map((r: { key: string }) => r.key);

/** What the operator gave the mod from the original source. */
async function giveState(): Promise<void> {
  expect((await t.request(json('PUT', '/api/mod-management/hello-git/settings', { greeting: 'hey' }))).status).toBe(200);
  await knex()('svc_secrets').insert({ owner: 'hello-git', name: 'token', ciphertext: 'opaque' }).onConflict(['owner', 'name']).merge();
  await knex()('svc_mod_data').insert({ mod_id: 'hello-git', key: 'notes', value: '"kept"' }).onConflict(['mod_id', 'key']).merge();
}

describe('an impostor source offering the same mod id', () => {
  it('installs from the original source, then the impostor is added with a newer version', async () => {
    ownSource = await addSource(original);
    const res = await install('hello-git');
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: ownSource, version: '1.0.0' });
    await giveState();
    impostorSource = await addSource(impostor);
  });

  it('does not offer the impostor as an update', async () => {
    expect(await managed()).toMatchObject({ version: '1.0.0', source: { sourceId: ownSource }, updateAvailable: null });
  });

  it('install {} stays with the original source', async () => {
    const res = await install('hello-git');
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: ownSource, version: '1.0.0' });
    expect(res.body.moved).toBeUndefined();
    expect(code()).toContain('1.0.0');
    expect(await settings()).toEqual({ greeting: 'hey' });
  });

  it('offers and installs updates of the original source only', async () => {
    original.version('1.1.0').release('v1.1.0');
    await refresh();
    expect((await managed()).updateAvailable).toEqual({ version: '1.1.0', tag: 'v1.1.0' });
    const res = await install('hello-git', { version: '1.1.0' });
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: ownSource, version: '1.1.0' });
    expect(code()).toContain('1.1.0');
    expect((await managed()).updateAvailable).toBeNull();
  });

  it('refuses the impostor named as the source, and a move without its confirmation', async () => {
    const named = await install('hello-git', { sourceId: impostorSource });
    expect(named.status).toBe(409);
    expect(named.body.error).toBe('mod_source_mismatch');
    expect(named.body.message).toContain(ownSource);
    const unconfirmed = await install('hello-git', { moveToSource: impostorSource });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toBe('request_validation_failed');
    const keepWithoutMove = await install('hello-git', { keepSettingsAndSecrets: true });
    expect(keepWithoutMove.status).toBe(400);
    expect(code()).toContain('1.1.0');
    expect(await settings()).toEqual({ greeting: 'hey' });
    expect(await secrets()).toEqual(['token']);
  });

  it('moves to the other source when the operator says so, keeping the state only when confirmed', async () => {
    const res = await install('hello-git', { moveToSource: impostorSource, confirmMove: true, keepSettingsAndSecrets: true });
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: impostorSource, version: '2.0.0' });
    expect(res.body.moved).toEqual({ fromSourceId: ownSource, kept: true });
    expect(code()).toContain('2.0.0');
    expect(await settings()).toEqual({ greeting: 'hey' });
    expect(await secrets()).toEqual(['token']);
    expect(await data()).toEqual(['notes']);
    // Now bound to the new source: the old one's releases are not its updates.
    original.version('3.0.0').release('v3.0.0');
    await refresh();
    expect(await managed()).toMatchObject({ source: { sourceId: impostorSource }, updateAvailable: null });
  });

  it('a move without keeping deletes settings, secrets and data, and an enabled mod arrives disabled', async () => {
    expect((await approveAndEnable(t, 'hello-git')).status).toBe(200);
    expect((await managed()).state).toBe('enabled');
    const res = await install('hello-git', { moveToSource: ownSource, confirmMove: true });
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: ownSource, version: '3.0.0' });
    expect(res.body.moved).toEqual({ fromSourceId: impostorSource, kept: false });
    expect(await settings()).toBeUndefined();
    expect(await secrets()).toEqual([]);
    expect(await data()).toEqual([]);
    expect(await managed()).toMatchObject({ state: 'disabled', source: { sourceId: ownSource } });
    expect((await t.request('/api/mod-management/hello-git/settings')).body.settings).toEqual({ greeting: 'hi' });
    // What the operator approved for the other source's code does not carry over.
    expect((await t.request(json('POST', '/api/mod-management/hello-git/enable'))).body.error).toBe('mod_permissions_not_approved');
  });
});

describe('the binding outlives an uninstall and a re-added source', () => {
  it('after an uninstall, install {} comes from the original source and the impostor needs a move', async () => {
    await giveState();
    impostor.version('4.0.0').release('v4.0.0');
    await refresh();
    expect((await t.request(json('POST', '/api/mod-management/hello-git/uninstall'))).status).toBe(200);
    const available = (await listing()).available.filter((a: { modId: string }) => a.modId === 'hello-git');
    // Each source's offer is listed on its own; neither hides the other.
    expect(available.map((a: { sourceId: string; version: string }) => `${a.sourceId}@${a.version}`).sort()).toEqual([`${impostorSource}@4.0.0`, `${ownSource}@3.0.0`].sort());

    const named = await install('hello-git', { sourceId: impostorSource });
    expect(named.status).toBe(409);
    expect(named.body.error).toBe('mod_source_mismatch');
    const res = await install('hello-git');
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: ownSource, version: '3.0.0' });
    expect(await settings()).toEqual({ greeting: 'hey' });
  });

  it('its source removed, updates stop (404); added again under the same URL, it is the same origin', async () => {
    expect((await t.request({ method: 'DELETE', url: `/api/mod-management/sources/${ownSource}` })).status).toBe(200);
    const gone = await install('hello-git');
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('mod_origin_source_gone');
    expect((await managed()).updateAvailable).toBeNull();

    original.version('3.1.0').release('v3.1.0');
    const readded = await addSource(original);
    expect((await managed()).updateAvailable).toEqual({ version: '3.1.0', tag: 'v3.1.0' });
    // The Mods page names the source recorded at install, the removed id: still the mod's own.
    const res = await install('hello-git', { sourceId: ownSource });
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({ sourceId: readded, version: '3.1.0' });
    expect(res.body.moved).toBeUndefined();
    expect(await settings()).toEqual({ greeting: 'hey' });
  });
});

describe('a mod never installed', () => {
  it('offered by several sources, is installed only from the one named', async () => {
    const twin = (name: string, version: string) =>
      ModRepo.create(path.join(tmp.dir, name))
        .manifest((m) => {
          m.id = 'twin-git';
          m.contributes.routes[0].path = '/api/mods/twin-git/hello';
        })
        .version(version)
        .release(`v${version}`);
    const first = await addSource(twin('twin-a', '1.0.0'));
    const second = await addSource(twin('twin-b', '5.0.0'));
    const res = await install('twin-git');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('mod_source_ambiguous');
    expect(res.body.message).toContain(first);
    expect(res.body.message).toContain(second);
    const chosen = await install('twin-git', { sourceId: first });
    expect(chosen.status).toBe(200);
    expect(chosen.body.release).toMatchObject({ sourceId: first, version: '1.0.0' });
    expect((await listing()).installed.find((m: { id: string }) => m.id === 'twin-git').updateAvailable).toBeNull();
  });
});
