/**
 * A Git-installed mod running: enable it and call its route (the sandbox runtime, picked by
 * the kernel's runtime selection for the installed root), update it while enabled, survive a
 * failed update and a restart of the kernel on the same data dir and database.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { startTestKernel, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { approveAndEnable } from '../kits/mod-approval.js';
import { ModRepo, scratch } from './git-repos.js';

const tmp = scratch('mod-runtime');
const dataDir = path.join(tmp.dir, 'data');
let database: DatabaseOptions;
let t: TestKernel | undefined;
let repo: ModRepo;

beforeAll(async () => {
  const base = await testDatabase();
  const template = process.env.SVC_TEST_PGLITE_TEMPLATE;
  // PGlite in a data dir, so a second kernel reopens the same database.
  database = base.driver === 'pglite' ? { driver: 'pglite', dataDir: path.join(tmp.dir, 'pglite'), loadDataDir: template ? new Blob([readFileSync(template)]) : undefined } : base;
  t = await boot(database);
  repo = ModRepo.create(path.join(tmp.dir, 'hello')).version('1.0.0').release('v1.0.0');
  expect((await t.request(json('POST', '/api/mod-management/sources', { url: repo.url }))).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

function boot(db: DatabaseOptions): Promise<TestKernel> {
  return startTestKernel({ mods: ['health'], database: db, config: { dataDir, modsAllowFileSources: true, shutdownTimeoutMs: 300 } });
}
const again = (): DatabaseOptions => (database.driver === 'pglite' ? { driver: 'pglite', dataDir: database.dataDir } : database);
const k = () => t!;
const hello = () => k().request('/api/mods/hello-git/hello');
const managed = async () => (await k().request('/api/mod-management')).body.installed.find((m: { id: string }) => m.id === 'hello-git');

describe('an installed Git mod at work', () => {
  it('installs disabled, then enabled serves its route', async () => {
    expect((await k().request(json('POST', '/api/mod-management/hello-git/install', {}))).status).toBe(200);
    expect((await hello()).status).toBe(503);
    // Not before the operator approved what it asks for.
    expect((await k().request(json('POST', '/api/mod-management/hello-git/enable'))).body.error).toBe('mod_permissions_not_approved');
    const enabled = await approveAndEnable(k(), 'hello-git');
    expect(enabled.status).toBe(200);
    expect(enabled.body.mod.status).toBe('loaded');
    const res = await hello();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, version: '1.0.0', settings: { greeting: 'hi' } });
  });

  it('updates an enabled mod and keeps it enabled, serving the new code', async () => {
    repo.version('1.1.0').release('v1.1.0');
    await k().request(json('POST', '/api/mod-management/refresh', {}));
    const res = await k().request(json('POST', '/api/mod-management/hello-git/install', { version: '1.1.0' }));
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(true);
    expect(res.body.mod.status).toBe('loaded');
    expect((await managed()).state).toBe('enabled');
    expect((await hello()).body.version).toBe('1.1.0');
  });

  it('keeps the previous version running when an update cannot start', async () => {
    repo.write('index.js', 'export default {};\n').version('1.2.0').release('v1.2.0');
    await k().request(json('POST', '/api/mod-management/refresh', {}));
    const res = await k().request(json('POST', '/api/mod-management/hello-git/install', {}));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await hello()).body.version).toBe('1.1.0');
    const entry = await managed();
    expect(entry).toMatchObject({ version: '1.1.0', status: 'loaded', state: 'enabled' });
    expect(entry.source.version).toBe('1.1.0');
    expect(entry.updateAvailable).toEqual({ version: '1.2.0', tag: 'v1.2.0' });
    expect((await k().kernel.database.knex('svc_mods').where({ id: 'hello-git' }).first()).version).toBe('1.1.0');
  });

  it('survives a restart: installed, enabled and serving; a folder without an install record is ignored', async () => {
    mkdirSync(path.join(dataDir, 'mods', 'stray-mod'), { recursive: true });
    writeFileSync(path.join(dataDir, 'mods', 'stray-mod', 'mod.json'), JSON.stringify({ id: 'stray-mod', name: 'Stray', version: '1.0.0', entry: 'index.js' }));
    await k().close();
    t = undefined;
    t = await boot(again());
    expect((await hello()).body).toMatchObject({ ok: true, version: '1.1.0' });
    const entry = await managed();
    expect(entry).toMatchObject({ state: 'enabled', source: { version: '1.1.0', tag: 'v1.1.0' } });
    const ids = (await k().request('/api/mods')).body.mods.map((m: { id: string }) => m.id);
    expect(ids).not.toContain('stray-mod');
    rmSync(path.join(dataDir, 'mods', 'stray-mod'), { recursive: true, force: true });
  });
});
