/**
 * `core.database`: the mod's database view.
 */
import type { Knex } from 'knex';
import type { TransactionOptions, UnitOfWork } from '../unit-of-work.js';
import { createServiceRef } from '../service-ref.js';

/** How vectors are stored on this database. @public */
export interface VectorSupport {
  /** `pgvector` when `CREATE EXTENSION vector` succeeded, else vectors go in `real[]`. */
  storage: 'pgvector' | 'real[]';
}

/** The mod's view of the database. @public */
export interface ModDatabaseService {
  /** Shared knex; by convention a mod touches only tables named by {@link ModDatabaseService.table}. */
  knex: Knex;
  /** `pglite` (embedded) or `postgres`. */
  driver: 'pglite' | 'postgres';
  vector: VectorSupport;
  /** `pg_trgm` is installed (GIN trigram indexes are available). */
  trigram: boolean;
  /** The mod's table name for `name`: `<mod_id>_<name>` with hyphens as underscores. */
  table(name: string): string;
  /**
   * Runs `fn` in one transaction: all of it commits or none of it. With `join`, `fn` runs in
   * the live transaction another mod handed over as a {@link UnitOfWork}, through a view checked
   * against this mod's tables: it commits with the owner's, and a throw rolls all of it back.
   * A token that is not live (ended, unknown) is refused with `mod_unit_of_work_unknown`.
   */
  transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs the reads in `read` against one snapshot of the database (a read-only, repeatable-read
   * transaction on PostgreSQL; the embedded database has one connection, so any transaction is
   * one). Use it when an answer is put together from several statements whose rows another
   * transaction writes together: under read committed each statement sees its own snapshot, so
   * rows read apart can disagree (a child marked done before the parent read shows it).
   */
  snapshot<T>(read: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /**
   * A token for `trx` (a live transaction of this mod) that another mod joins: pass it in a hook
   * event or a provided-service call instead of the transaction. Valid until `trx` ends.
   */
  unitOfWork(trx: Knex.Transaction): UnitOfWork;
}

/** The mod's database view. @public */
export const databaseServiceRef = createServiceRef<ModDatabaseService>({ id: 'core.database', scope: 'mod' });
