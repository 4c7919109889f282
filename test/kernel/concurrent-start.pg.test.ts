/**
 * Three kernels started at once on a fresh, empty PostgreSQL database all come up: one takes
 * the schema lock and migrates (extensions, kernel, every mod), the others wait and then find
 * nothing to do; each mod is recorded once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';

const adminUrl = process.env.TEST_DATABASE_URL!;
const dbName = `svc_concurrent_${randomBytes(4).toString('hex')}`;
const kernels: TestKernel[] = [];

async function admin<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await Promise.all(kernels.map((k) => k.close()));
  await admin(adminUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
});

it('three kernels started at once on an empty database all come up', async () => {
  await admin(adminUrl, `create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const mods = ['health', 'agents', 'model-connections', 'mcp', 'settings'];
  const started = await Promise.allSettled([0, 1, 2].map(() => startTestKernel({ mods, database: { driver: 'postgres', url: url.toString(), poolMax: 4 } })));
  for (const result of started) if (result.status === 'fulfilled') kernels.push(result.value);
  expect(started.map((r) => (r.status === 'rejected' ? String((r.reason as Error).stack) : 'up'))).toEqual(['up', 'up', 'up']);
  for (const k of kernels) {
    for (const id of mods) expect(k.kernel.mods.get(id)?.status, `${id} on one kernel`).toBe('loaded');
    expect((await k.request('/api/health')).status).toBe(200);
  }
  const rows = await admin<{ id: string }>(url.toString(), `select id from svc_mods order by id`);
  expect(rows.map((r) => r.id)).toEqual([...mods].sort());
});
