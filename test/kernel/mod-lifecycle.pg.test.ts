/**
 * Two kernels on one PostgreSQL database: a mod disabled through one stops answering on both
 * (503 mod_unavailable); enabled through the other, it answers on both again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { startTestKernel, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';
import { until as pollUntil } from '../kits/until.js';

let db: DatabaseOptions;
let a: TestKernel;
let b: TestKernel;

async function statusAt(t: TestKernel): Promise<{ status: number; error?: string }> {
  const res = await t.request('/api/mods/echo-mod/settings');
  return { status: res.status, error: res.body?.error };
}

const until = (t: TestKernel, wanted: number, what: string) =>
  pollUntil(
    () => statusAt(t),
    (got) => got.status === wanted,
    what,
    20_000,
  );

beforeAll(async () => {
  db = await testDatabase();
  a = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS], database: db });
  expect((await a.request(json('POST', '/api/mod-management/echo-mod/enable'))).status).toBe(200);
  b = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS], database: db });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

it('disable through one process stops the mod on the other; enable through the other starts it on both', async () => {
  expect(await statusAt(a)).toEqual({ status: 200, error: undefined });
  expect(await statusAt(b)).toEqual({ status: 200, error: undefined });

  expect((await a.request(json('POST', '/api/mod-management/echo-mod/disable'))).status).toBe(200);
  expect(await statusAt(a)).toMatchObject({ status: 503, error: 'mod_unavailable' });
  expect(await until(b, 503, 'echo-mod to stop on b')).toMatchObject({ error: 'mod_unavailable' });
  expect(b.kernel.mods.get('echo-mod')?.status).toBe('disabled');
  expect(b.kernel.inspectRegistrations('echo-mod').boundRoutes).toBe(0);

  expect((await b.request(json('POST', '/api/mod-management/echo-mod/enable'))).status).toBe(200);
  expect((await statusAt(b)).status).toBe(200);
  await until(a, 200, 'echo-mod to start again on a');
  expect(a.kernel.mods.get('echo-mod')?.status).toBe('loaded');
});
