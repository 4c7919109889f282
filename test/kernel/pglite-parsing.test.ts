/**
 * The embedded database's knex client parses results as PGlite itself does (kernel/storage/
 * pglite-worker.mjs takes the array types out of PGlite's per-query parser table): the same
 * values for scalar and array columns, with nulls, in object and array row modes, with several
 * columns of one name, on a data dir opened afresh and on one reopened with tables in it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../kernel/storage/database.js';
import { testDatabase } from '../../sdk/testing/index.js';

const QUERIES = [
  `select 1::int4 as i, 2::int8 as l, 1.5::float8 as f, 2.25::numeric as n, true as b, 'x'::text as t, '{"a":[1,2]}'::jsonb as j,
          '2026-01-02T03:04:05Z'::timestamptz as ts, '2026-01-02'::date as d, null::int4 as nothing`,
  `select array[1, null, 3]::int4[] as ints, array[10000000000]::int8[] as longs, array['a', 'b,c', null, 'd"e']::text[] as texts,
          array[true, false]::bool[] as bools, array['{"a":1}', '[2]']::jsonb[] as docs, array['2026-01-02T03:04:05Z']::timestamptz[] as times,
          array[1.5, 2.5]::float8[] as floats, array[[1, 2], [3, 4]]::int4[] as matrix, '{}'::int4[] as empty, null::text[] as no_array,
          array['2026-01-02']::date[] as dates, array[1.25]::numeric[] as numerics, array['x']::varchar[] as varchars`,
  `select array[1, 2]::int4[] as same, 'text'::text as same`,
  `select 'text'::text as same, array[1, 2]::int4[] as same`,
  `select '[1,2,3]'::vector as embedding, array['[1,2]'::vector] as embeddings`,
  `select array_agg(p) as rows_of_p, array_agg(p.id) as ids from parsing_probe p`,
];

/** The run's migrated template (this project is the embedded database's). */
async function templateOptions() {
  const options = await testDatabase();
  if (options.driver !== 'pglite') throw new Error('an embedded-database suite');
  return options;
}

describe('the embedded database parses results as PGlite does', () => {
  let dataDir: string;
  let referenceDir: string;
  let db: Database;
  let reference: PGlite;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-pglite-parsing-'));
    // From the run's migrated template (no initdb); the probe table is this file's own.
    const first = await Database.open({ ...(await templateOptions()), dataDir });
    await first.knex.raw('create table parsing_probe (id int4 primary key, tags text[])');
    await first.knex('parsing_probe').insert([
      { id: 1, tags: ['a', 'b'] },
      { id: 2, tags: null },
    ]);
    await first.close();
    // Reopened: the table's row type exists when the instance reads its array types.
    db = await Database.open({ driver: 'pglite', dataDir });
    referenceDir = mkdtempSync(path.join(os.tmpdir(), 'svc-pglite-reference-'));
    const templateFile = process.env.SVC_TEST_PGLITE_TEMPLATE;
    reference = await PGlite.create({ dataDir: referenceDir, loadDataDir: templateFile ? new Blob([readFileSync(templateFile)]) : undefined, extensions: { vector } });
    await reference.exec(`create extension if not exists vector; create table parsing_probe (id int4 primary key, tags text[]);
      insert into parsing_probe values (1, '{a,b}'), (2, null);`);
    await reference.refreshArrayTypes();
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await reference?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (referenceDir) rmSync(referenceDir, { recursive: true, force: true });
  });

  it('returns the values a plain PGlite instance returns, as objects', async () => {
    for (const sql of QUERIES) {
      const ours = await db.knex.raw<{ rows: unknown[] }>(sql);
      const theirs = await reference.query(sql);
      expect(ours.rows, sql).toEqual(theirs.rows);
    }
  });

  it('returns the same values as arrays of columns', async () => {
    for (const sql of QUERIES) {
      const ours = await db.knex.raw<{ rows: unknown[] }>(sql).options({ rowMode: 'array' });
      const theirs = await reference.query(sql, [], { rowMode: 'array' });
      expect(ours.rows, sql).toEqual(theirs.rows);
    }
  });

  it('parses arrays into JavaScript values through the query builder and in transactions', async () => {
    const row = await db.knex('parsing_probe').where({ id: 1 }).first();
    expect(row).toEqual({ id: 1, tags: ['a', 'b'] });
    await db.transaction(async (trx) => {
      await trx('parsing_probe').insert({ id: 3, tags: ['x', null] });
      const [inserted] = (await trx('parsing_probe')
        .where({ id: 3 })
        .update({ tags: ['y', 'z'] }, '*')) as unknown[];
      expect(inserted).toEqual({ id: 3, tags: ['y', 'z'] });
    });
    const ids = await db.knex.raw<{ rows: { ids: number[] }[] }>(`select array_agg(id order by id) as ids from parsing_probe`);
    expect(ids.rows[0]!.ids).toEqual([1, 2, 3]);
    expect(await db.knex('parsing_probe').where({ id: 2 }).first()).toEqual({ id: 2, tags: null });
  });

  it('runs with the buffer pool it was given: 32 MB unless told', async () => {
    const shown = await db.knex.raw<{ rows: { shared_buffers: string }[] }>('show shared_buffers');
    expect(shown.rows[0]!.shared_buffers).toBe('32MB');
    const larger = await Database.open({ ...(await templateOptions()), sharedBuffersMb: 48 });
    try {
      const again = await larger.knex.raw<{ rows: { shared_buffers: string }[] }>('show shared_buffers');
      expect(again.rows[0]!.shared_buffers).toBe('48MB');
    } finally {
      await larger.close();
    }
  });
});
