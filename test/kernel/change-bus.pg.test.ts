/**
 * Two kernels on one PostgreSQL database: a notice published in one reaches the other's
 * subscribers; a killed LISTEN connection re-connects and every subscriber hears `resync`;
 * a mod setting written through one kernel is read new through the other.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../../sdk/core-services.js';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { loadSecretBox } from '../../kernel/secrets/secret-key.js';
import { SecretStore } from '../../kernel/secrets/secret-store.js';
import { startTestKernel, TEST_SETTINGS_KEY, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';
import { until as pollUntil } from '../kits/until.js';

let db: DatabaseOptions;
let a: TestKernel;
let b: TestKernel;

const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 20000): Promise<T> => pollUntil(probe, predicate, what, limitMs);

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

describe('change bus on PostgreSQL across processes', () => {
  it('delivers a publish in one kernel to the other, not marked local, and not twice to the publisher', async () => {
    expect(a.kernel.runtimeInfo.instanceId).not.toBe(b.kernel.runtimeInfo.instanceId);
    const atA: ChangeNotice[] = [];
    const atB: ChangeNotice[] = [];
    const subA = a.kernel.changes.subscribe('demo.rows', (n) => atA.push(n));
    const subB = b.kernel.changes.subscribe('demo.rows', (n) => atB.push(n));
    await a.kernel.changes.publish('demo.rows', 'r1');
    await until(
      () => atB.length,
      (n) => n >= 1,
      'the notice in b',
    );
    expect(atB[0]).toEqual({ topic: 'demo.rows', key: 'r1', local: false, resync: false });
    // A later notice from b proves a's own r1 did not come back to it meanwhile.
    await b.kernel.changes.publish('demo.rows', 'r2');
    await until(
      () => atA.length,
      (n) => n >= 2,
      'the notice in a',
    );
    expect(atA).toEqual([
      { topic: 'demo.rows', key: 'r1', local: true, resync: false },
      { topic: 'demo.rows', key: 'r2', local: false, resync: false },
    ]);
    subA.dispose();
    subB.dispose();
  });

  it('re-connects a terminated LISTEN connection, resyncs every subscriber, and delivers again', async () => {
    const atB: ChangeNotice[] = [];
    const sub = b.kernel.changes.subscribe('demo.resync', (n) => atB.push(n));
    const pid = b.kernel.changes.listenerPid();
    expect(pid).toBeTypeOf('number');
    const admin = new pg.Client({ connectionString: (db as { url: string }).url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await until(
      () => atB.filter((n) => n.resync).length,
      (n) => n >= 1,
      'the resync notice',
    );
    expect(atB.find((n) => n.resync)).toEqual({ topic: 'demo.resync', local: false, resync: true });
    expect(b.kernel.changes.listenerPid()).not.toBe(pid);
    // Delivery works on the new connection (retry: a publish may race the LISTEN).
    await until(
      async () => {
        await a.kernel.changes.publish('demo.resync', 'after');
        return atB.some((n) => n.key === 'after');
      },
      (ok) => ok,
      'a notice after the re-connect',
    );
    sub.dispose();
  });

  it('a mod setting written through one kernel is read new through the other', async () => {
    // b reads (and caches) the current document first.
    expect((await b.request('/api/mods/echo-mod/settings')).body.settings).toEqual({ greeting: 'hello' });
    expect((await a.request(json('PUT', '/api/mod-management/echo-mod/settings', { greeting: 'from-a' }))).status).toBe(200);
    await until(
      async () => (await b.request('/api/mods/echo-mod/settings')).body.settings,
      (s) => s?.greeting === 'from-a',
      'the new setting in b',
    );
  });

  it("a secret written through one kernel's store is read new through the other's cache", async () => {
    const store = async (t: TestKernel) => new SecretStore(t.kernel.database.knex, await loadSecretBox({ knex: t.kernel.database.knex, settingsKey: TEST_SETTINGS_KEY }), t.kernel.changes);
    const [atA, atB] = [await store(a), await store(b)];
    await atA.set('demo-mod', 'token', 'first');
    await until(
      () => atB.getCached('demo-mod', 'token'),
      (v) => v === 'first',
      'the first secret in b',
    );
    await atA.set('demo-mod', 'token', 'second');
    await until(
      () => atB.getCached('demo-mod', 'token'),
      (v) => v === 'second',
      'the new secret in b',
    );
    await atA.delete('demo-mod', 'token');
    await until(
      () => atB.getCached('demo-mod', 'token'),
      (v) => v === undefined,
      'the secret gone in b',
    );
  });
});
