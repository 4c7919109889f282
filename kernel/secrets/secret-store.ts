/** Encrypted secrets per owner (a mod id or `kernel`); values are only ever returned to their owner's code. */
import type { Knex } from 'knex';
import { ReadCache } from '../../sdk/helpers/read-cache.js';
import { CacheInvalidation } from '../storage/cache-invalidation.js';
import type { ChangeBus } from '../storage/change-bus.js';
import type { SecretBox } from './secret-box.js';

/** Change topic of secret writes; the key is `<owner>/<name>` (never a value). */
export const SECRETS_TOPIC = 'kernel.secrets';

export class SecretStore {
  /** Ciphertext (never plaintext) of recently read secrets; null when absent. */
  private readonly cache = new ReadCache<string | null>();
  private readonly invalidation: CacheInvalidation;

  constructor(
    private readonly knex: Knex,
    private readonly box: SecretBox,
    changes?: ChangeBus,
  ) {
    this.invalidation = new CacheInvalidation(this.cache, SECRETS_TOPIC, changes);
  }

  private aad(owner: string, name: string): string {
    return `${owner}/${name}`;
  }

  async get(owner: string, name: string): Promise<string | undefined> {
    const row = await this.knex('svc_secrets').where({ owner, name }).first<{ ciphertext: string } | undefined>();
    return row ? this.box.open(row.ciphertext, this.aad(owner, name)) : undefined;
  }

  /** `get` for hot paths (a credential read on every outbound call): the ciphertext is reused for a moment, decrypted on each call. */
  async getCached(owner: string, name: string): Promise<string | undefined> {
    const ciphertext = await this.cache.read(this.key(owner, name), async () => {
      const row = await this.knex('svc_secrets').where({ owner, name }).first<{ ciphertext: string } | undefined>();
      return row?.ciphertext ?? null;
    });
    return ciphertext === null ? undefined : this.box.open(ciphertext, this.aad(owner, name));
  }

  private key(owner: string, name: string): string {
    return `${owner}/${name}`;
  }

  async set(owner: string, name: string, value: string, trx: Knex = this.knex): Promise<void> {
    this.cache.forget(this.key(owner, name));
    const ciphertext = this.box.seal(value, this.aad(owner, name));
    await trx('svc_secrets').insert({ owner, name, ciphertext, updated_at: trx.fn.now() }).onConflict(['owner', 'name']).merge();
    await this.invalidation.changed(this.key(owner, name), trx);
  }

  async delete(owner: string, name: string, trx: Knex = this.knex): Promise<void> {
    this.cache.forget(this.key(owner, name));
    await trx('svc_secrets').where({ owner, name }).delete();
    await this.invalidation.changed(this.key(owner, name), trx);
  }

  /** Runs `fn` in one transaction, so several secret writes land together or not at all. */
  transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.knex.transaction(fn);
  }

  async has(owner: string, name: string): Promise<boolean> {
    return (await this.knex('svc_secrets').where({ owner, name }).first('name')) !== undefined;
  }
}
