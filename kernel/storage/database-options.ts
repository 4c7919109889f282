/**
 * Which database a configuration names, and the start of the embedded one's thread: what the
 * server's start needs before the kernel's code (knex and the rest) has loaded, so the embedded
 * database opens beside that loading (see main.ts). `database.ts` builds the service on top.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PgliteThread } from './pglite-thread.js';

export type DatabaseOptions =
  | {
      driver: 'pglite';
      /** Folder of the data files; omitted for an in-memory database. */
      dataDir?: string;
      /** A data dir dump (tar) to start from: tests clone a migrated template this way. */
      loadDataDir?: Blob | Uint8Array;
      /** PostgreSQL's `shared_buffers` in MiB (`SVC_PGLITE_SHARED_BUFFERS_MB`; default 32). */
      sharedBuffersMb?: number;
    }
  | { driver: 'postgres'; url: string; poolMax?: number; connectTimeoutMs?: number };

export type EmbeddedDatabaseOptions = Extract<DatabaseOptions, { driver: 'pglite' }>;

/** Failure to reach or open the database at start; its message is safe to print. */
export class DatabaseOpenError extends Error {
  readonly code = 'database_unavailable';
}

/** The database the config names: PostgreSQL when `DATABASE_URL` is set, else the embedded one in the data dir. */
export function databaseOptionsFor(config: { databaseUrl?: string; dataDir: string; pgliteSharedBuffersMb?: number }): DatabaseOptions {
  return config.databaseUrl ? { driver: 'postgres', url: config.databaseUrl } : { driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), sharedBuffersMb: config.pgliteSharedBuffersMb };
}

/**
 * Opens the embedded database on a thread of its own (see pglite-thread.ts), with the `vector`
 * and `pg_trgm` extensions; its folder is made first, for this user only. A failed open is a
 * {@link DatabaseOpenError}.
 */
export async function openEmbeddedThread(options: EmbeddedDatabaseOptions): Promise<PgliteThread> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  try {
    return await PgliteThread.open({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, sharedBuffersMb: options.sharedBuffersMb });
  } catch (error) {
    throw new DatabaseOpenError(`cannot open the embedded database in ${options.dataDir ?? 'memory'}: ${(error as Error).message}`);
  }
}
