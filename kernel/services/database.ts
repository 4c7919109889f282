/** `core.database`: the mod's view of the shared database, checked against its own tables. */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../sdk/core/database.js';
import { errors } from '../errors.js';
import { tablePrefixOf } from '../storage/mod-table-guard.js';
import type { ModServiceDefinition } from './kernel-service.js';

/** {@link ModDatabaseService.snapshot} over `knex`. */
export function readSnapshot<T>(knex: Knex, driver: 'pglite' | 'postgres', read: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    if (driver === 'postgres') await trx.raw('set transaction isolation level repeatable read, read only');
    return read(trx);
  });
}

/** SQLSTATEs after which the same transaction, run again, may well succeed. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_CONFLICT_RETRIES = 5;

/** `run` again (at most `retries` more times, a few ms apart) while it fails with a deadlock or serialization failure. */
export async function withConflictRetry<T>(run: () => Promise<T>, retries: number): Promise<T> {
  const limit = Math.min(Math.max(0, Math.floor(retries)), MAX_CONFLICT_RETRIES);
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= limit || !RETRYABLE.has((error as { code?: unknown })?.code as string)) throw error;
      // A little jitter, so two retrying transactions do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}

export const databaseService: ModServiceDefinition<ModDatabaseService> = {
  id: 'core.database',
  scope: 'mod',
  build: (c) => {
    const db = c['kernel.database'];
    const prefix = tablePrefixOf(c.modId);
    // Same pool as the kernel's; every statement (and every transaction opened from it) is
    // checked against the mod's own tables.
    const guard = c['kernel.table-guard'];
    const system = c.manifest.system === true;
    const knex = guard.handle(c.modId, { system });
    return {
      knex,
      driver: db.driver,
      vector: db.vector,
      trigram: db.trigram,
      table: (name: string) => `${prefix}_${name}`,
      transaction: async (fn, options) => {
        if (options?.join === undefined) return withConflictRetry(() => knex.transaction(fn), options?.retryOnConflict ?? 0);
        // Another mod's transaction, named by the token it handed over: write in it under our own check.
        const joined = db.joined(options.join);
        if (!joined) throw errors.modUnitOfWorkUnknown({ modId: c.modId });
        return fn(guard.viewFor(joined, c.modId, system));
      },
      snapshot: (read) => readSnapshot(knex, db.driver, read),
      // Registered as the kernel's view: whoever joins narrows it to their own tables.
      unitOfWork: (trx) => db.unitOfWork(guard.kernelView(trx)),
    };
  },
};
