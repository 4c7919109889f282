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
        if (options?.join === undefined) return knex.transaction(fn);
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
