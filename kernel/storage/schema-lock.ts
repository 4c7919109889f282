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
  const result = await withAdvisoryLock(url, SCHEMA_LOCK_KEY, true, fn);
  if (!result.acquired) throw new Error('the schema lock was not acquired'); // never: a waiting lock is always acquired
  return result.value;
}

/**
 * Runs `fn` holding the session advisory lock `key` (a number, or a name hashed by the server)
 * on a connection of its own. `wait`: queue for the lock; otherwise answer `{ acquired: false }`
 * at once when another process holds it. Without `url` (PGlite, one process) `fn` just runs.
 */
export async function withAdvisoryLock<T>(url: string | undefined, key: number | string, wait: boolean, fn: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
  if (url === undefined) return { acquired: true, value: await fn() };
  // Loaded here: the embedded database never needs the PostgreSQL driver.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: 'svc-lock' });
  client.on('error', () => undefined); // a dropped lock connection surfaces as the unlock failing, below
  await client.connect();
  const arg = typeof key === 'number' ? '$1::bigint' : 'hashtext($1)';
  try {
    if (wait) await client.query(`select pg_advisory_lock(${arg})`, [key]);
    else {
      const { rows } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${arg}) as ok`, [key]);
      if (!rows[0]?.ok) return { acquired: false };
    }
    const value = await fn();
    return { acquired: true, value };
  } finally {
    // Ending the session releases its locks too; the explicit unlock only makes it prompt.
    await client.query(`select pg_advisory_unlock(${arg})`, [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
