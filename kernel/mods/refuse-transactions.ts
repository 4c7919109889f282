import { errors } from '../errors.js';
import type { ModTableGuard } from '../storage/mod-table-guard.js';

/** Throws when a live transaction is among `args` or in the first level of an argument object. */
export function refuseTransactions(args: readonly unknown[], tables: Pick<ModTableGuard, 'isTransaction'>, where: string): void {
  for (const arg of args) {
    const nested = arg !== null && typeof arg === 'object' && !tables.isTransaction(arg) ? Object.values(arg) : [];
    if (tables.isTransaction(arg) || nested.some((value) => tables.isTransaction(value))) throw errors.modTransactionNotShareable({ where });
  }
}
