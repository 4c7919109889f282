/**
 * The embedded database prepares a statement at its second run (kernel/storage/pglite-statements.mjs):
 * the answers stay those of a fresh statement (values, row modes, errors with their fields), a
 * table that changes shape is read in its new shape, a failed statement in a transaction aborts
 * it as before, and no more than 256 statements stay prepared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../kernel/storage/database.js';
import { testDatabase } from '../../sdk/testing/index.js';

let db: Database;

beforeAll(async () => {
  // The run's migrated template (no initdb); the probe table is this file's own.
  db = await Database.open(await testDatabase());
  await db.knex.raw('create table probe (id int primary key, name text not null, tags text[])');
  await db.knex('probe').insert([
    { id: 1, name: 'one', tags: ['a'] },
    { id: 2, name: 'two', tags: null },
  ]);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const prepared = async () => (await db.knex.raw<{ rows: { name: string; statement: string }[] }>('select name, statement from pg_prepared_statements')).rows;

describe('prepared statements on the embedded database', () => {
  it('prepares a statement at its second run and answers the same each time', async () => {
    const sql = 'select id, name, tags from probe where id = ? -- probe by id';
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push((await db.knex.raw<{ rows: unknown[] }>(sql, [1])).rows);
    for (const rows of answers) expect(rows).toEqual([{ id: 1, name: 'one', tags: ['a'] }]);
    expect((await prepared()).some((p) => p.statement.includes('probe by id'))).toBe(true);
    const asArrays = await db.knex.raw<{ rows: unknown[] }>(sql, [2]).options({ rowMode: 'array' });
    expect(asArrays.rows).toEqual([[2, 'two', null]]);
  });

  it('keeps the fields of an error from a prepared statement', async () => {
    const insert = (id: number) => db.knex.raw('insert into probe (id, name) values (?, ?) -- probe insert', [id, `n${id}`]);
    await insert(10);
    await insert(11);
    const error = await insert(10).catch((e: unknown) => e as { code?: string; constraint?: string });
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey' });
    expect((await prepared()).some((p) => p.statement.includes('probe insert'))).toBe(true);
  });

  it('reads a table in its new shape after it changed', async () => {
    const sql = 'select * from probe where id = ? -- probe star';
    await db.knex.raw(sql, [1]);
    expect((await db.knex.raw<{ rows: unknown[] }>(sql, [1])).rows).toEqual([{ id: 1, name: 'one', tags: ['a'] }]);
    await db.knex.raw(`alter table probe add column note text not null default 'x'`);
    expect((await db.knex.raw<{ rows: unknown[] }>(sql, [1])).rows).toEqual([{ id: 1, name: 'one', tags: ['a'], note: 'x' }]);
    expect((await db.knex.raw<{ rows: unknown[] }>(sql, [1])).rows).toEqual([{ id: 1, name: 'one', tags: ['a'], note: 'x' }]);
  });

  it('a prepared statement that fails in a transaction aborts it; the rollback leaves nothing', async () => {
    const insert = 'insert into probe (id, name) values (?, ?) -- probe tx';
    await db.knex.raw(insert, [20, 'a']);
    await db.knex.raw('delete from probe where id = 20');
    const failed = await db
      .transaction(async (trx) => {
        await trx.raw(insert, [21, 'b']);
        await trx.raw(insert, [21, 'again']);
      })
      .catch((e: unknown) => e as { code?: string });
    expect(failed).toMatchObject({ code: '23505' });
    expect(await db.knex('probe').whereIn('id', [20, 21]).count<{ count: number }[]>({ count: '*' })).toEqual([{ count: 0 }]);
    await db.knex.raw(insert, [22, 'after']);
    expect(await db.knex('probe').where({ id: 22 }).first('name')).toEqual({ name: 'after' });
  });

  it('keeps at most 256 statements prepared', async () => {
    for (let i = 0; i < 300; i += 1) {
      for (let run = 0; run < 2; run += 1) await db.knex.raw(`select ? as v -- distinct ${i}`, [i]);
    }
    const names = await prepared();
    expect(names.length).toBeLessThanOrEqual(256);
    expect(names.some((p) => p.statement.includes('distinct 299'))).toBe(true);
    expect(names.some((p) => p.statement.includes('distinct 0\n') || p.statement.endsWith('distinct 0'))).toBe(false);
  });
});
