/**
 * Opening the embedded database from a data-dir dump (kernel/storage/pglite-thread.ts): from a
 * Blob (a restore) and from bytes in shared memory (the test kit's template, read once per
 * process), several databases side by side from the same bytes, each its own copy; the bytes are
 * left as they were. Every thread runs the one compiled PostgreSQL module of the process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../kernel/storage/database.js';
import { testDatabase } from '../../sdk/testing/index.js';

describe('the embedded database opened from a dump', () => {
  let dump: Uint8Array;
  const opened: Database[] = [];

  async function open(loadDataDir: Blob | Uint8Array): Promise<Database> {
    const db = await Database.open({ driver: 'pglite', loadDataDir });
    opened.push(db);
    return db;
  }

  beforeAll(async () => {
    const source = await Database.open(await testDatabase());
    try {
      await source.knex.raw(`create table probe (id int4 primary key, label text)`);
      await source.knex('probe').insert([
        { id: 1, label: 'one' },
        { id: 2, label: 'two' },
      ]);
      const bytes = new Uint8Array(await (await source.dumpDataDir()).arrayBuffer());
      dump = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
      dump.set(bytes);
    } finally {
      await source.close();
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
  });

  it('opens from a Blob and from shared bytes with the same rows', async () => {
    const fromBlob = await open(new Blob([dump.slice()]));
    const fromBytes = await open(dump);
    expect(await fromBlob.knex('probe').orderBy('id')).toEqual([
      { id: 1, label: 'one' },
      { id: 2, label: 'two' },
    ]);
    expect(await fromBytes.knex('probe').orderBy('id')).toEqual(await fromBlob.knex('probe').orderBy('id'));
  });

  it('gives each database opened from the same bytes its own copy, and leaves the bytes as they were', async () => {
    const before = Buffer.from(dump).toString('base64');
    const [a, b] = await Promise.all([open(dump), open(dump)]);
    await a.knex('probe').insert({ id: 3, label: 'only in a' });
    await b.knex('probe').where({ id: 1 }).delete();
    expect((await a.knex('probe').orderBy('id')).map((row: { id: number }) => row.id)).toEqual([1, 2, 3]);
    expect((await b.knex('probe').orderBy('id')).map((row: { id: number }) => row.id)).toEqual([2]);
    expect(Buffer.from(dump).toString('base64')).toBe(before);
    // A third, opened after the others changed theirs, starts from the dump's rows.
    const c = await open(dump);
    expect((await c.knex('probe').orderBy('id')).map((row: { id: number }) => row.id)).toEqual([1, 2]);
  });

  it('refuses bytes that are not a data dir with the open error, and opens the next one', async () => {
    await expect(Database.open({ driver: 'pglite', loadDataDir: new Uint8Array(new SharedArrayBuffer(1024)) })).rejects.toMatchObject({ code: 'database_unavailable' });
    const after = await open(dump);
    expect(await after.knex('probe').count({ n: '*' })).toEqual([{ n: 2 }]);
  });
});
