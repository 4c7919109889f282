/**
 * Ties a kernel read cache to the change bus: a write publishes its key once committed, and a
 * notice from any process (this one's included) drops that key, or everything on a resync.
 */
import type { Knex } from 'knex';
import type { ReadCache } from '../../sdk/helpers/read-cache.js';
import type { ChangeBus } from './change-bus.js';

export class CacheInvalidation {
  constructor(
    private readonly cache: Pick<ReadCache<unknown>, 'forget' | 'clear'>,
    private readonly topic: string,
    private readonly bus?: ChangeBus,
  ) {
    bus?.subscribe(topic, (notice) => {
      if (notice.resync || notice.key === undefined) cache.clear();
      else cache.forget(notice.key);
    });
  }

  /**
   * Announces `key` after the write is durable: at once for a write on the pool, when the
   * transaction commits for a write in one (a rolled-back write announces nothing).
   */
  async changed(key: string, trx?: Knex): Promise<void> {
    this.cache.forget(key);
    if (!this.bus) return;
    const pending = (trx as Knex.Transaction | undefined)?.isTransaction ? (trx as Knex.Transaction).executionPromise : undefined;
    // A lost notice is not a failed write: the other processes' TTL backstop still drops the entry.
    const publish = () => this.bus!.publish(this.topic, key).catch(() => undefined);
    if (!pending) return publish();
    // Not awaited: the caller is still inside its transaction, which commits after we return.
    void pending.then(publish, () => undefined);
  }
}
