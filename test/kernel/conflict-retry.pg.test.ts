/**
 * `transaction(fn, { retryOnConflict })` on real PostgreSQL: two transactions that lock two rows
 * in opposite orders deadlock; PostgreSQL aborts one (40P01). Without retries the victim's caller
 * gets the error; with them the victim's callback runs again and both writes land. Other errors
 * are not retried.
 */
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConflictRetry } from '../../kernel/services/database.js';
import { scratchDatabase, type ScratchDatabase } from '../kits/scratch-database.js';

let database: ScratchDatabase;
let knex: Knex;

beforeAll(async () => {
  database = await scratchDatabase('svc_conflict');
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  await knex.schema.createTable('pair', (t) => {
    t.integer('id').primary();
    t.integer('v').notNullable();
  });
});
afterAll(async () => {
  await knex?.destroy();
  await database?.drop();
});

/** Two transactions, each updating `first` then (once both hold their first row) `second`; counts callback runs. */
async function crossedUpdates(retries: number) {
  await knex('pair').delete();
  await knex('pair').insert([
    { id: 1, v: 0 },
    { id: 2, v: 0 },
  ]);
  let holding = 0;
  let bothHold!: () => void;
  const barrier = new Promise<void>((resolve) => (bothHold = resolve));
  const runs = { a: 0, b: 0 };
  const side = (name: 'a' | 'b', first: number, second: number) =>
    withConflictRetry(
      () =>
        knex.transaction(async (trx) => {
          runs[name]++;
          await trx('pair').where({ id: first }).increment('v', 1);
          if (++holding === 2) bothHold();
          await barrier;
          await trx('pair').where({ id: second }).increment('v', 1);
        }),
      retries,
    );
  const outcomes = await Promise.allSettled([side('a', 1, 2), side('b', 2, 1)]);
  const rows = await knex('pair').orderBy('id').select('v');
  return { outcomes, runs, values: rows.map((r) => r.v as number) };
}

describe('retry on conflict', () => {
  it('hands the deadlock to the caller when no retry is asked', async () => {
    const { outcomes, runs, values } = await crossedUpdates(0);
    const failed = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason.code).toBe('40P01');
    expect(runs.a + runs.b).toBe(2);
    expect(values).toEqual([1, 1]); // only the survivor's two increments
  });

  it("runs the deadlock victim's callback again, and both transactions' writes land", async () => {
    const { outcomes, runs, values } = await crossedUpdates(3);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs.a + runs.b).toBe(3); // the victim ran twice
    expect(values).toEqual([2, 2]);
  });

  it('does not retry another error', async () => {
    let runs = 0;
    const duplicate = withConflictRetry(
      () =>
        knex.transaction(async (trx) => {
          runs++;
          await trx('pair').insert({ id: 1, v: 9 });
        }),
      3,
    );
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
