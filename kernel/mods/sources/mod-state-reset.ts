/**
 * What a mod leaves when it moves to another source without the operator keeping it: its
 * settings, its encrypted secrets and its key-value data, all deleted, so code from another
 * publisher never starts with what the operator gave the first one. The read caches of every
 * process forget the deleted keys through the change bus (the topics the settings and secret
 * stores listen on); without a bus their two-second backstop does.
 */
import type { Knex } from 'knex';
import { SECRETS_TOPIC } from '../../secrets/secret-store.js';
import type { ChangeBus } from '../../storage/change-bus.js';
import { SETTINGS_TOPIC } from '../../storage/settings-store.js';

export interface DroppedState {
  settings: number;
  secrets: number;
  data: number;
}

/** Deletes `modId`'s settings, secrets and data in `trx`; announces them once it commits. */
export async function dropModState(trx: Knex.Transaction, modId: string, changes?: ChangeBus): Promise<DroppedState> {
  // The kernel's own rows share the tables; a mod is never called that (the manifest's id pattern), checked anyway.
  if (modId === 'kernel') throw new Error("refusing to drop the kernel's settings");
  const settings = await trx('svc_settings').where({ owner: modId }).delete().returning<Array<{ key: string }>>('key');
  const secrets = await trx('svc_secrets').where({ owner: modId }).delete().returning<Array<{ name: string }>>('name');
  const data = await trx('svc_mod_data').where({ mod_id: modId }).delete();
  if (changes) {
    const publish = () => {
      for (const { key } of settings) void changes.publish(SETTINGS_TOPIC, `${modId}/${key}`).catch(() => undefined);
      for (const { name } of secrets) void changes.publish(SECRETS_TOPIC, `${modId}/${name}`).catch(() => undefined);
    };
    void trx.executionPromise.then(publish, () => undefined);
  }
  return { settings: settings.length, secrets: secrets.length, data: typeof data === 'number' ? data : 0 };
}
