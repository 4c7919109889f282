/**
 * Where the secret key comes from: `SVC_SETTINGS_KEY`, or a generated key file (mode 0600)
 * in the data dir. A missing, corrupt or different key never silently replaces the one that
 * sealed existing secrets: the kernel refuses to start and says why.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { errors } from '../errors.js';
import { SecretBox } from './secret-box.js';

export const KEY_FILE_NAME = 'secret.key';
const KEY_CHECK = 'secrets.key_check';

/** Decodes `SVC_SETTINGS_KEY`: 32 bytes as base64/base64url or hex, or a passphrase of 16+ characters. */
export function keyFromSetting(value: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const decoded = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (decoded.length === 32) return decoded;
  }
  if (value.length < 16) {
    throw errors.secretKeyInvalid({ reason: 'SVC_SETTINGS_KEY must be 32 bytes (hex or base64) or a passphrase of at least 16 characters' });
  }
  return scryptSync(value, 'svc.settings-key.v1', 32);
}

function readKeyFile(file: string): Buffer {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw errors.secretKeyInvalid({ reason: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}` });
  }
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32 || key.toString('base64') !== raw) {
    throw errors.secretKeyInvalid({ reason: `${file} does not hold a base64 32-byte key` });
  }
  return key;
}

/**
 * Loads (or on a truly fresh install creates) the key and checks it against the fingerprint
 * recorded when the first key was set up.
 */
export async function loadSecretBox(options: { knex: Knex; dataDir?: string; settingsKey?: string }): Promise<SecretBox> {
  const { knex } = options;
  const stored = await knex('svc_meta').where({ key: KEY_CHECK }).first<{ value: { fingerprint: string } } | undefined>();
  const secretRows = Number((await knex('svc_secrets').count<{ count: string }[]>({ count: '*' }))[0]?.count ?? 0);
  let key: Buffer;
  if (options.settingsKey) {
    key = keyFromSetting(options.settingsKey);
  } else if (!options.dataDir) {
    key = randomBytes(32); // in-memory database: nothing outlives the process
  } else {
    const file = path.join(options.dataDir, KEY_FILE_NAME);
    if (existsSync(file)) {
      key = readKeyFile(file);
    } else if (stored || secretRows > 0) {
      throw errors.secretKeyMissing({ path: file });
    } else {
      key = randomBytes(32);
      writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    }
  }
  const box = new SecretBox(key);
  const fingerprint = box.fingerprint();
  if (stored) {
    if (stored.value.fingerprint !== fingerprint) throw errors.secretKeyMismatch();
  } else {
    await knex('svc_meta')
      .insert({ key: KEY_CHECK, value: JSON.stringify({ fingerprint }) })
      .onConflict('key')
      .ignore();
  }
  return box;
}
