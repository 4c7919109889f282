/**
 * The embedded database's part of a backup: a tar of PGlite's data dir taken by the process that
 * has it open (PGlite's files are never read by a second process while a writer has them).
 */
import type { Database } from './database.js';

/**
 * A checkpoint first writes every committed page into the data files, so the dump needs no
 * WAL replay beyond the checkpoint; the dump itself runs between two statements of the single
 * PGlite connection, so it is the state of one moment (a transaction open then is rolled back
 * when the restored database opens, as after a crash).
 */
export async function dumpEmbeddedDatabase(database: Database): Promise<Uint8Array> {
  if (database.driver !== 'pglite') throw new Error('this svc uses PostgreSQL (DATABASE_URL): back it up with pg_dump');
  await database.knex.raw('checkpoint');
  const blob = await database.dumpDataDir();
  return new Uint8Array(await blob.arrayBuffer());
}
