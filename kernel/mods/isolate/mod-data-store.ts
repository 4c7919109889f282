/**
 * A sandboxed mod's key-value data (`mod.data`): rows of `svc_mod_data` under the mod's id, so
 * a mod reaches only its own keys and never SQL. Keys, values and the number of keys are
 * bounded; values are kept as the JSON text the guest sent.
 */
import type { Knex } from 'knex';
import { errors } from '../../errors.js';
import { MAX_DATA_KEY_LENGTH, MAX_DATA_KEYS, MAX_DATA_LIST, MAX_DATA_VALUE_BYTES } from './sandbox-limits.js';

const TABLE = 'svc_mod_data';

export class ModDataStore {
  constructor(
    private readonly knex: Knex,
    private readonly modId: string,
  ) {}

  async get(key: unknown): Promise<{ found: boolean; value: unknown }> {
    const row = await this.knex(TABLE)
      .where({ mod_id: this.modId, key: this.key(key) })
      .first('value');
    return row ? { found: true, value: JSON.parse(row.value as string) } : { found: false, value: null };
  }

  async set(key: unknown, value: unknown): Promise<void> {
    const checkedKey = this.key(key);
    if (value === undefined) throw errors.modDataInvalid({ modId: this.modId, reason: 'a value is required (delete the key to remove it)' });
    const text = JSON.stringify(value);
    if (Buffer.byteLength(text) > MAX_DATA_VALUE_BYTES) {
      throw errors.modDataInvalid({ modId: this.modId, reason: `the value is larger than ${MAX_DATA_VALUE_BYTES} bytes of JSON` });
    }
    const exists = await this.knex(TABLE).where({ mod_id: this.modId, key: checkedKey }).first('key');
    if (!exists) {
      // A soft bound: two new keys written at the same instant may both pass it.
      const [{ count }] = (await this.knex(TABLE).where({ mod_id: this.modId }).count({ count: '*' })) as [{ count: string | number }];
      if (Number(count) >= MAX_DATA_KEYS) throw errors.modDataFull({ modId: this.modId, limit: MAX_DATA_KEYS });
    }
    await this.knex(TABLE).insert({ mod_id: this.modId, key: checkedKey, value: text, updated_at: this.knex.fn.now() }).onConflict(['mod_id', 'key']).merge(['value', 'updated_at']);
  }

  async delete(key: unknown): Promise<boolean> {
    return (
      (await this.knex(TABLE)
        .where({ mod_id: this.modId, key: this.key(key) })
        .delete()) > 0
    );
  }

  async keys(options: { prefix?: unknown; limit?: unknown }): Promise<string[]> {
    const limit = options.limit === undefined ? MAX_DATA_LIST : Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1) throw errors.modDataInvalid({ modId: this.modId, reason: 'limit must be a positive integer' });
    const query = this.knex(TABLE).where({ mod_id: this.modId }).orderBy('key').limit(Math.min(limit, MAX_DATA_LIST)).select('key');
    if (options.prefix !== undefined && options.prefix !== '') {
      const prefix = this.key(options.prefix).replace(/[\\%_]/g, (c) => `\\${c}`);
      query.andWhere('key', 'like', `${prefix}%`);
    }
    return (await query).map((row: { key: string }) => row.key);
  }

  private key(key: unknown): string {
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_DATA_KEY_LENGTH) {
      throw errors.modDataInvalid({ modId: this.modId, reason: `a key is a string of 1 to ${MAX_DATA_KEY_LENGTH} characters` });
    }
    // PostgreSQL text cannot hold NUL.
    if (key.includes('\u0000')) throw errors.modDataInvalid({ modId: this.modId, reason: 'a key cannot contain NUL' });
    return key;
  }
}
