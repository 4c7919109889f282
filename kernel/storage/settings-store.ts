/** JSON settings documents per owner (a mod id or `kernel`) and key. */
import type { Knex } from 'knex';

export class SettingsStore {
  constructor(private readonly knex: Knex) {}

  async get<T>(owner: string, key: string): Promise<T | undefined> {
    const row = await this.knex('svc_settings').where({ owner, key }).first<{ value: T } | undefined>();
    return row?.value;
  }

  async set<T>(owner: string, key: string, value: T, trx: Knex = this.knex): Promise<void> {
    await trx('svc_settings')
      .insert({ owner, key, value: JSON.stringify(value), updated_at: trx.fn.now() })
      .onConflict(['owner', 'key'])
      .merge();
  }
}
