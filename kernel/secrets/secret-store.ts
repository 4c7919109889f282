/** Encrypted secrets per owner (a mod id or `kernel`); values are only ever returned to their owner's code. */
import type { Knex } from 'knex';
import type { SecretBox } from './secret-box.js';

export class SecretStore {
  constructor(
    private readonly knex: Knex,
    private readonly box: SecretBox,
  ) {}

  private aad(owner: string, name: string): string {
    return `${owner}/${name}`;
  }

  async get(owner: string, name: string): Promise<string | undefined> {
    const row = await this.knex('svc_secrets').where({ owner, name }).first<{ ciphertext: string } | undefined>();
    return row ? this.box.open(row.ciphertext, this.aad(owner, name)) : undefined;
  }

  async set(owner: string, name: string, value: string, trx: Knex = this.knex): Promise<void> {
    const ciphertext = this.box.seal(value, this.aad(owner, name));
    await trx('svc_secrets')
      .insert({ owner, name, ciphertext, updated_at: trx.fn.now() })
      .onConflict(['owner', 'name'])
      .merge();
  }

  async delete(owner: string, name: string): Promise<void> {
    await this.knex('svc_secrets').where({ owner, name }).delete();
  }

  async has(owner: string, name: string): Promise<boolean> {
    return (await this.knex('svc_secrets').where({ owner, name }).first('name')) !== undefined;
  }
}
