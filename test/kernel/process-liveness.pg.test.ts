/**
 * Process liveness on PostgreSQL: a process is alive while a session holds its advisory lock,
 * and departed as soon as that session ends — a plain second session standing in for a process,
 * then a second kernel whose LISTEN connection is terminated (departed until the re-connect
 * takes the lock again) and finally closed. A lock of the same key in another database does not
 * count. Every wait polls with a deadline (the server releases a lock when the backend exits).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../kernel/storage/database.js';
import { LIVENESS_LOCK_NAMESPACE } from '../../kernel/storage/process-liveness.js';
import { startTestKernel, testDatabase, type TestKernel } from '../../sdk/testing/index.js';
import { until } from '../kits/until.js';

let url: string;
let a: TestKernel;
const extra: TestKernel[] = [];

beforeAll(async () => {
  const db: DatabaseOptions = await testDatabase();
  if (db.driver !== 'postgres') throw new Error('a PostgreSQL test');
  url = db.url;
  a = await startTestKernel({ mods: ['health'], database: db });
});
afterAll(async () => {
  for (const t of extra) await t.close().catch(() => undefined);
  await a?.close();
});

async function holdLock(connectionString: string, instanceId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('select pg_advisory_lock($1::int, hashtext($2))', [LIVENESS_LOCK_NAMESPACE, instanceId]);
  return client;
}

const departed = (ids: string[]) => a.kernel.processLiveness.departed(ids);

it('reads a process alive while a session holds its lock, departed once the session ends', async () => {
  const session = await holdLock(url, 'process-other');
  try {
    expect(await departed(['process-other', 'process-never'])).toEqual(['process-never']);
  } finally {
    await session.end();
  }
  await until(
    () => departed(['process-other']),
    (ids) => ids.length === 1,
    'the ended session read as departed',
  );
});

it('counts only locks held in its own database', async () => {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const session = await holdLock(admin.toString(), 'process-elsewhere');
  try {
    expect(await departed(['process-elsewhere'])).toEqual(['process-elsewhere']);
  } finally {
    await session.end();
  }
});

it("holds a kernel's lock on its LISTEN connection: taken again after a re-connect, even one that first found the old lock still held; released on close", async () => {
  const lines: string[] = [];
  const b = await startTestKernel({ mods: ['health'], database: { driver: 'postgres', url, poolMax: 4 }, logs: { level: 'warn', line: (text) => void lines.push(text) } });
  extra.push(b);
  const id = b.kernel.runtimeInfo.instanceId;
  expect(await departed([id])).toEqual([]);
  // Another process reads a's own id alive too.
  expect(await b.kernel.processLiveness.departed([a.kernel.runtimeInfo.instanceId])).toEqual([]);

  const terminate = async (pid: number | undefined) => {
    expect(pid).toBeTypeOf('number');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  };

  // A plain re-connect.
  const first = b.kernel.changes.listenerPid();
  await terminate(first);
  await until(
    () => b.kernel.changes.listenerPid(),
    (now) => now !== undefined && now !== first,
    'the re-connected LISTEN connection',
  );
  await until(
    () => departed([id]),
    (ids) => ids.length === 0,
    'the lock taken again after the re-connect',
  );

  // A session still holds b's lock when b re-connects (as a lingering old session would): b
  // keeps trying, and holds the lock once that session ends.
  const lingering = new pg.Client({ connectionString: url });
  await lingering.connect();
  try {
    const waiting = lingering.query('select pg_advisory_lock($1::int, hashtext($2))', [LIVENESS_LOCK_NAMESPACE, id]);
    await terminate(b.kernel.changes.listenerPid());
    await waiting; // granted once b's terminated session let go of it
    expect(await departed([id])).toEqual([]); // held, by the stand-in
    await until(
      () => lines.filter((line) => line.includes('the liveness lock is still held')).length,
      (n) => n >= 1,
      "b's re-connect refused while the stand-in holds its lock",
    );
    expect(b.kernel.changes.listenerPid()).toBeUndefined();
  } finally {
    await lingering.end();
  }
  await until(
    async () => ({ listener: b.kernel.changes.listenerPid(), departed: await departed([id]) }),
    (now) => now.listener !== undefined && now.departed.length === 0,
    'b re-connected and holding its lock after the lingering session ended',
  );
  // And it is b's LISTEN connection that holds it.
  const holder = await a.kernel.database.knex.raw<{ rows: Array<{ pid: number }> }>(
    "select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 2 and classid = ?::int::oid and objid = hashtext(?)::oid",
    [LIVENESS_LOCK_NAMESPACE, id],
  );
  expect(holder.rows.map((r) => r.pid)).toEqual([b.kernel.changes.listenerPid()]);

  await b.close();
  await until(
    () => departed([id]),
    (ids) => ids.length === 1,
    'the closed kernel read as departed',
  );
});
