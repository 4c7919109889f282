/**
 * How pg-boss reaches the database when it does not own a connection pool (its `db:
 * { executeSql }` option).
 *
 * Embedded PGlite has exactly one session, and knex's pool (min 1, max 1) is what serializes
 * access to it. A statement sent straight to the PGlite instance while a knex transaction is
 * open would run *inside* that transaction (and vanish with its rollback). So every pg-boss
 * statement borrows knex's one connection for its own duration, exactly like a knex query: it
 * waits while a transaction holds the session and never runs inside someone else's.
 */
import type { Knex } from 'knex';

/** pg-boss's database port. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/** The two connection shapes behind knex here: a PGlite instance, or a `pg` client. */
interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** PGlite only: the simple-query protocol, which runs several statements in one call. */
  exec?(text: string): Promise<Array<{ rows: any[] }>>;
}

interface PoolClient {
  acquireConnection(): Promise<RawConnection>;
  releaseConnection(connection: RawConnection): Promise<void> | void;
}

/**
 * Statements through knex's pool: one connection per statement, returned at once. On PGlite
 * that is the single session, shared in turn with every knex query and transaction.
 */
export function knexPoolExecutor(knex: Knex): SqlExecutor {
  const client = knex.client as unknown as PoolClient;
  return {
    async executeSql(text, values) {
      const connection = await client.acquireConnection();
      try {
        return await run(connection, text, values);
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/**
 * Statements inside a caller's knex transaction (enqueue with the caller's writes: the job
 * exists only if the transaction commits). knex hands out the transaction's own connection.
 * Only parameterized single statements (pg-boss's insert) go this way; nothing here may end
 * or roll back the caller's transaction.
 */
export function transactionExecutor(trx: Knex.Transaction): SqlExecutor {
  const client = trx.client as unknown as PoolClient;
  return {
    async executeSql(text, values) {
      const connection = await client.acquireConnection();
      return connection.query(text, values ?? []);
    },
  };
}

async function run(connection: RawConnection, text: string, values: unknown[] | undefined): Promise<{ rows: any[] }> {
  if ((values !== undefined && values.length > 0) || !connection.exec) return connection.query(text, values);
  // pg-boss sends its migrations and maintenance as parameterless multi-statement scripts
  // (`BEGIN; …; COMMIT;`), which PGlite's extended-protocol `query` refuses: use `exec`.
  try {
    const results = await connection.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  } catch (error) {
    // A script that failed between its BEGIN and COMMIT leaves the one session inside an
    // aborted transaction, which would refuse every later query of the whole runtime.
    // ROLLBACK outside a transaction is a no-op.
    await connection.exec('rollback').catch(() => undefined);
    throw error;
  }
}
