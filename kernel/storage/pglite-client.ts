/**
 * The knex client over the embedded database's thread (`pglite-thread.ts`): a pool of
 * connections to the one instance, so the statements of concurrent requests are sent together.
 * It loads knex, so the server's start opens the thread first and loads this after (see main.ts).
 */
import ClientPgLite from 'knex-pglite';
import type { PgliteConnection, PgliteThread } from './pglite-thread.js';

/** How many connections knex may hold at once (statements in flight to the thread). */
const POOL_MAX = 32;

const Base = ClientPgLite as unknown as new (config: unknown) => {
  pglite: PgliteThread;
  initializePool(config: unknown): void;
};

/**
 * knex-pglite's client over a {@link PgliteThread}: a pool of {@link PgliteConnection}s
 * instead of its one connection, which are not closed when the pool lets them go (the
 * database closes with `Database.close`).
 */
export class PgliteClient extends Base {
  override initializePool(config: { pool?: object }): void {
    super.initializePool({ ...config, pool: { min: 0, max: POOL_MAX } });
  }

  _acquireOnlyConnection(): Promise<PgliteConnection> {
    return Promise.resolve(this.pglite.connect());
  }

  async destroyRawConnection(): Promise<void> {
    // A connection is a name for statements on the shared instance: nothing to end.
  }
}
