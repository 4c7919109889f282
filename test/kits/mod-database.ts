/**
 * A mod's database view over a plain knex, for tests (and benchmarks) that build a mod's services
 * without the mod host: table names, transactions, snapshots and units of work as the host's view
 * gives them (kernel/services/database.ts), without the table guard.
 */
import type { Knex } from 'knex';
import { readSnapshot } from '../../kernel/services/database.js';
import { tablePrefixOf } from '../../kernel/storage/mod-table-guard.js';
import type { ModDatabaseService, VectorSupport } from '../../sdk/index.js';

export interface ModDatabaseOptions {
  driver: 'pglite' | 'postgres';
  /** Default `real[]`: the services under test do not look. */
  vector?: VectorSupport;
  trigram?: boolean;
}

export function modDatabaseOver(knex: Knex, modId: string, options: ModDatabaseOptions): ModDatabaseService {
  // Units of work as the kernel keeps them: a token names a live transaction the callee joins.
  const units = new Map<string, Knex.Transaction>();
  return {
    knex,
    driver: options.driver,
    vector: options.vector ?? { storage: 'real[]' },
    trigram: options.trigram ?? false,
    table: (name) => `${tablePrefixOf(modId)}_${name}`,
    transaction: (fn, transactionOptions) => {
      if (transactionOptions?.join === undefined) return knex.transaction(fn);
      const joined = units.get(transactionOptions.join);
      if (!joined) throw new Error(`no live unit of work ${transactionOptions.join}`);
      return fn(joined);
    },
    snapshot: (read) => readSnapshot(knex, options.driver, read),
    unitOfWork: (trx) => {
      const token = `uow_${units.size + 1}`;
      units.set(token, trx);
      void trx.executionPromise.finally(() => units.delete(token)).catch(() => undefined);
      return token;
    },
  };
}
