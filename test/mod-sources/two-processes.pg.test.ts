/**
 * Two kernels, each with its own data dir, on one PostgreSQL database: a Git mod installed,
 * enabled, updated and uninstalled through one is fetched (at the recorded commit, content hash
 * checked), started, updated and removed by the other.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { startTestKernel, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { approveAndEnable } from '../kits/mod-approval.js';
import { ModRepo, scratch } from './git-repos.js';
import { until as pollUntil } from '../kits/until.js';

const tmp = scratch('mod-two-processes');
let db: DatabaseOptions;
let a: TestKernel;
let b: TestKernel;
let repo: ModRepo;

const boot = (name: string) => startTestKernel({ mods: ['health'], database: db, config: { dataDir: path.join(tmp.dir, name), modsAllowFileSources: true, shutdownTimeoutMs: 300 } });

const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 30000): Promise<T> => pollUntil(probe, predicate, what, limitMs);
const hello = async (t: TestKernel) => {
  const res = await t.request('/api/mods/hello-git/hello');
  return { status: res.status, version: res.body?.version as string | undefined, error: res.body?.error as string | undefined };
};

beforeAll(async () => {
  db = await testDatabase();
  a = await boot('a');
  b = await boot('b');
  repo = ModRepo.create(path.join(tmp.dir, 'hello')).version('1.0.0').release('v1.0.0');
  expect((await a.request(json('POST', '/api/mod-management/sources', { url: repo.url }))).status).toBe(200);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  tmp.cleanup();
});

/** The content hash of hello-git a process's `mods-placed.json` records (undefined before the file exists). */
const placedOn = (name: string): string | undefined => {
  const file = path.join(tmp.dir, name, 'mods-placed.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8'))['hello-git'] : undefined;
};

it('install, enable, update and uninstall through one process reach the other', async () => {
  expect((await a.request(json('POST', '/api/mod-management/hello-git/install', {}))).status).toBe(200);
  await until(
    async () => b.kernel.mods.get('hello-git')?.status,
    (s) => s === 'disabled',
    'the mod installed on b',
  );
  // b records what it placed as the last step of following the install (after the mod is registered there).
  const record = await a.kernel.database.knex('svc_mod_installs').where({ mod_id: 'hello-git' }).first();
  await until(
    async () => placedOn('b'),
    (hash) => hash === record.content_hash,
    'b records the placed release',
  );

  expect((await approveAndEnable(a, 'hello-git')).status).toBe(200);
  expect(
    await until(
      () => hello(b),
      (r) => r.status === 200,
      'the mod serving on b',
    ),
  ).toMatchObject({ version: '1.0.0' });

  repo.version('1.1.0').release('v1.1.0');
  expect((await a.request(json('POST', '/api/mod-management/refresh', {}))).status).toBe(200);
  expect((await a.request(json('POST', '/api/mod-management/hello-git/install', { version: '1.1.0' }))).status).toBe(200);
  await until(
    () => hello(b),
    (r) => r.version === '1.1.0',
    'the update serving on b',
  );

  // b may still hold the mod's lock while it finishes following the install (its code is placed
  // before its state is taken): an overlapping uninstall is 409 mod_install_in_progress until then.
  const uninstalled = await until(
    () => a.request(json('POST', '/api/mod-management/hello-git/uninstall')),
    (res) => !(res.status === 409 && res.body.error === 'mod_install_in_progress'),
    'the uninstall once b has followed',
  );
  expect(uninstalled.status, JSON.stringify(uninstalled.body)).toBe(200);
  await until(
    async () => b.kernel.mods.get('hello-git') === undefined && !existsSync(path.join(tmp.dir, 'b', 'mods', 'hello-git')),
    (gone) => gone,
    'the mod and its code gone from b',
  );
  // Installs of one mod sent to both at once: the database lock lets one run at a time, a
  // request that overlaps another process's install is refused, and both end on one release.
  // A pair where both are refused is possible too: b may still hold the mod's lock finishing
  // its follow of the uninstall. The pair is sent again until one of them installs.
  const both = await until(
    () => Promise.all([a, b].map((t) => t.request(json('POST', '/api/mod-management/hello-git/install', {})))),
    (pair) => pair.some((res) => res.status === 200) || pair.some((res) => res.status !== 409 || res.body.error !== 'mod_install_in_progress'),
    'one of two overlapping installs going through',
  );
  for (const res of both) if (res.status !== 200) expect(res.body.error).toBe('mod_install_in_progress');
  expect(both.some((res) => res.status === 200)).toBe(true);
  const recorded = async () => (await a.kernel.database.knex('svc_mod_installs').where({ mod_id: 'hello-git' }).first()).content_hash as string;
  await until(
    async () => [placedOn('a'), placedOn('b')],
    (h) => h[0] !== undefined && h[0] === h[1],
    'one release on both',
  );
  expect(placedOn('a')).toBe(await recorded());
  // As above: the process that lost the race may still be following the winner's install.
  const again = await until(
    () => a.request(json('POST', '/api/mod-management/hello-git/uninstall')),
    (res) => !(res.status === 409 && res.body.error === 'mod_install_in_progress'),
    'the second uninstall once both have settled',
  );
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  await until(
    async () => b.kernel.mods.get('hello-git') === undefined && !existsSync(path.join(tmp.dir, 'b', 'mods', 'hello-git')),
    (gone) => gone,
    'the mod gone from b again',
  );

  // Its routes are gone on both, as on the process that uninstalled it.
  expect((await hello(b)).status).toBe((await hello(a)).status);
  expect((await hello(b)).status).toBe(404);
  expect(existsSync(path.join(tmp.dir, 'b', 'mods', 'hello-git'))).toBe(false);
});
