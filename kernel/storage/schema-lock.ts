/**
 * One process at a time changes the schema: several svc processes started at once on one
 * PostgreSQL would otherwise race on `create extension` and on migrations (knex's own lock
 * table makes the second runner fail rather than wait). The lock is a session advisory lock
 * held on a connection of its own, outside the pool, so the migrations it guards keep every
 * pooled connection and a crashed holder's lock goes with its connection. Embedded PGlite has
 * one process: no lock.
 */

/** The advisory lock key (`'SVC'` and 1 as a number); any fixed value unique to svc works. */
export const SCHEMA_LOCK_KEY = 0x53564301;

/** Runs `fn` while holding the schema lock on the database at `url` (none: PGlite, run as is). */
export async function withSchemaLock<T>(url: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (url === undefined) return fn();
  // Loaded here: the embedded database never needs the PostgreSQL driver.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'svc-schema-lock' });
  client.on('error', () => undefined); // a dropped lock connection surfaces as the unlock failing, below
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
