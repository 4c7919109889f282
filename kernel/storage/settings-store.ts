/** JSON settings documents per owner (a mod id or `kernel`) and key. */
import type { Knex } from 'knex';
import { ReadCache } from '../../sdk/read-cache.js';

export class SettingsStore {
  private readonly cache = new ReadCache<unknown>();

  constructor(private readonly knex: Knex) {}

  async get<T>(owner: string, key: string): Promise<T | undefined> {
    const row = await this.knex('svc_settings').where({ owner, key }).first<{ value: T } | undefined>();
    return row?.value;
  }

  /**
   * `get` for hot paths (a mod reading its settings on every request): the document is reused
   * for a moment; writes through this store drop it at once, another replica's within
   * {@link ReadCache}'s TTL.
   */
  getCached<T>(owner: string, key: string): Promise<T | undefined> {
    return this.cache.read(`${owner}\u0000${key}`, () => this.get<T>(owner, key)) as Promise<T | undefined>;
  }

  async set<T>(owner: string, key: string, value: T, trx: Knex = this.knex): Promise<void> {
    this.cache.forget(`${owner}\u0000${key}`);
    await trx('svc_settings')
      .insert({ owner, key, value: JSON.stringify(value), updated_at: trx.fn.now() })
      .onConflict(['owner', 'key'])
      .merge();
    this.cache.forget(`${owner}\u0000${key}`);
  }
}
