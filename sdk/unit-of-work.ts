/**
 * A unit of work that crosses mods as plain data. A mod that lets others write in its
 * transaction (an agent's deletion, setup's operation) hands them a {@link UnitOfWork} token,
 * never the transaction: each receiver joins it with `coreServices.database.transaction(fn,
 * { join })` and writes through a view checked against its own tables, and everything commits
 * or rolls back with the owner's transaction. A string crosses an isolate; a knex object does not.
 */

/**
 * An opaque token naming a live transaction of another mod (from `database.unitOfWork(trx)`);
 * valid until that transaction commits or rolls back. Pass it on unchanged. @public
 */
export type UnitOfWork = string;

/** Options of a provided-service call that reads or writes inside the caller's unit of work. @public */
export interface UnitOfWorkOptions {
  /** The caller's unit of work: the call joins it instead of opening its own transaction. */
  unitOfWork?: UnitOfWork;
}

/** Options of `coreServices.database.transaction`. @public */
export interface TransactionOptions {
  /** Join this unit of work (another mod's live transaction) instead of opening a transaction. */
  join?: UnitOfWork;
  /**
   * Run the whole callback again in a new transaction, up to this many more times, when
   * PostgreSQL aborts it as a deadlock's victim (`40P01`) or for a serialization failure
   * (`40001`): work racing a concurrent writer (deleting what a finishing run still writes). Only
   * for a callback whose effects are all in the transaction or safe to repeat. Ignored with `join`
   * (the owner of the transaction decides). Default 0.
   */
  retryOnConflict?: number;
}
