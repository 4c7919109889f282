/**
 * Which processes on one database are alive, read from their database sessions: each process
 * holds a session advisory lock keyed by its instance id on the change bus's LISTEN connection
 * (taken on every (re-)connect), and PostgreSQL releases a session's locks the moment its
 * connection ends — a crash, `kill -9`, a lost network — so another process sees the owner gone
 * within one read, not after a heartbeat bound. A process that is alive but stuck (SIGSTOP)
 * keeps its connection and its lock: mods keep their heartbeat for that case. A LISTEN
 * connection that drops while its process lives makes the process read as departed until the
 * re-connect takes the lock again. Embedded PGlite has one process: every other id is departed.
 */
import type { Knex } from 'knex';
import type pg from 'pg';

/**
 * The advisory lock namespace (the first of the two-int key; `'SVC'` and 2 as a number). The
 * second int is `hashtext(instanceId)`; the schema lock's single bigint key never meets it
 * (PostgreSQL keeps the two key forms apart).
 */
export const LIVENESS_LOCK_NAMESPACE = 0x53564302;

/**
 * Takes this process's liveness lock on `client`'s session; false when a session still holds it
 * (a previous connection of this process the server has not noticed gone yet).
 */
export async function takeLivenessLock(client: pg.Client, instanceId: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, hashtext($2)) as ok', [LIVENESS_LOCK_NAMESPACE, instanceId]);
  return rows[0]?.ok === true;
}

export class ProcessLiveness {
  constructor(
    private readonly driver: 'pglite' | 'postgres',
    private readonly knex: Knex,
    /** This process's instance id: never departed. */
    private readonly instanceId: string,
  ) {}

  /**
   * The ids among `instanceIds` whose process is gone (no session holds their lock), in the
   * order given, each once. One read of `pg_locks` on PostgreSQL; this process's id is never
   * among them.
   */
  async departed(instanceIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(instanceIds)].filter((id) => id !== this.instanceId);
    if (ids.length === 0 || this.driver === 'pglite') return ids;
    // An advisory lock's two-int key shows as classid/objid (oids: hashtext's negative values
    // wrap, as the cast does) with objsubid 2; pg_locks lists every database's locks.
    const { rows } = await this.knex.raw<{ rows: Array<{ id: string }> }>(
      `select t.id from unnest(?::text[]) with ordinality as t(id, n)
        where not exists (
          select 1 from pg_locks l
           where l.locktype = 'advisory' and l.granted and l.objsubid = 2
             and l.database = (select oid from pg_database where datname = current_database())
             and l.classid = ?::int::oid and l.objid = hashtext(t.id)::oid)
        order by t.n`,
      [ids, LIVENESS_LOCK_NAMESPACE],
    );
    return rows.map((r) => r.id);
  }
}
