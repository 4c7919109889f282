/** JSON settings documents per owner (a mod id or `kernel`) and key. */
import type { Knex } from 'knex';
import { ReadCache } from '../../sdk/helpers/read-cache.js';
import { CacheInvalidation } from './cache-invalidation.js';
import type { ChangeBus } from './change-bus.js';

/** Change topic of settings writes; the key is `<owner>/<key>`. */
export const SETTINGS_TOPIC = 'kernel.settings';

export class SettingsStore {
  private readonly cache = new ReadCache<unknown>();
  private readonly invalidation: CacheInvalidation;

  constructor(
    private readonly knex: Knex,
    changes?: ChangeBus,
  ) {
    this.invalidation = new CacheInvalidation(this.cache, SETTINGS_TOPIC, changes);
  }

  async get<T>(owner: string, key: string): Promise<T | undefined> {
    const row = await this.knex('svc_settings').where({ owner, key }).first<{ value: T } | undefined>();
    return row?.value;
  }

  /**
   * `get` for hot paths (a mod reading its settings on every request): the document is reused
   * for a moment; a write through any process's store drops it when its change notice arrives.
   */
  getCached<T>(owner: string, key: string): Promise<T | undefined> {
    return this.cache.read(`${owner}/${key}`, () => this.get<T>(owner, key)) as Promise<T | undefined>;
  }

  async set<T>(owner: string, key: string, value: T, trx: Knex = this.knex): Promise<void> {
    this.cache.forget(`${owner}/${key}`);
    await trx('svc_settings')
      .insert({ owner, key, value: JSON.stringify(value), updated_at: trx.fn.now() })
      .onConflict(['owner', 'key'])
      .merge();
    await this.invalidation.changed(`${owner}/${key}`, trx);
  }
}
