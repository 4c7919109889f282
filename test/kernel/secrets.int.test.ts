import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../kernel/secrets/secret-box.js';
import { KEY_FILE_NAME, keyFromSetting, loadSecretBox } from '../../kernel/secrets/secret-key.js';
import { SecretStore } from '../../kernel/secrets/secret-store.js';
import { Database } from '../../kernel/storage/database.js';
import { testDatabase } from '../../sdk/testing/index.js';

describe('secret box', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('sk-live-abc', 'mod-a/apiKey');
    expect(sealed).not.toContain('sk-live-abc');
    expect(box.open(sealed, 'mod-a/apiKey')).toBe('sk-live-abc');
    expect(box.seal('same', 'x')).not.toBe(box.seal('same', 'x'));
  });

  it('refuses a value moved to another owner or name, or tampered with', () => {
    const sealed = box.seal('secret', 'mod-a/apiKey');
    expect(() => box.open(sealed, 'mod-b/apiKey')).toThrow(expect.objectContaining({ code: 'secret_unreadable' }));
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'mod-a/apiKey')).toThrow(expect.objectContaining({ code: 'secret_unreadable' }));
    expect(() => new SecretBox(Buffer.alloc(16)).seal('x', 'y')).toThrow(expect.objectContaining({ code: 'secret_key_invalid' }));
  });

  it('reads SVC_SETTINGS_KEY as hex, base64 or a long passphrase', () => {
    expect(keyFromSetting('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(keyFromSetting(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(keyFromSetting('a passphrase long enough')).toHaveLength(32);
    expect(() => keyFromSetting('short')).toThrow(expect.objectContaining({ code: 'secret_key_invalid' }));
  });
});

describe('secret key file', () => {
  let db: Database;
  let dataDir: string;
  beforeAll(async () => {
    db = await Database.open(await testDatabase());
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-key-'));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a 0600 key file on a fresh install and reopens with it', async () => {
    // The template was built with the test key; start this database over as a fresh install.
    await db.knex('svc_meta').where({ key: 'secrets.key_check' }).delete();
    await db.knex('svc_secrets').delete();
    const box = await loadSecretBox({ knex: db.knex, dataDir });
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await new SecretStore(db.knex, box).set('mod-a', 'apiKey', 'sk-123');
    const again = await loadSecretBox({ knex: db.knex, dataDir });
    expect(await new SecretStore(db.knex, again).get('mod-a', 'apiKey')).toBe('sk-123');
    const row = await db.knex('svc_secrets').where({ owner: 'mod-a', name: 'apiKey' }).first();
    expect(row.ciphertext).not.toContain('sk-123');
  });

  it('refuses to start when the key file is missing, corrupt or different, and never replaces it', async () => {
    const file = path.join(dataDir, KEY_FILE_NAME);
    const original = readFileSync(file, 'utf8');
    rmSync(file);
    await expect(loadSecretBox({ knex: db.knex, dataDir })).rejects.toMatchObject({ code: 'secret_key_missing' });
    expect(() => statSync(file)).toThrow();

    writeFileSync(file, 'not a key\n', { mode: 0o600 });
    await expect(loadSecretBox({ knex: db.knex, dataDir })).rejects.toMatchObject({ code: 'secret_key_invalid' });

    writeFileSync(file, `${Buffer.alloc(32, 9).toString('base64')}\n`, { mode: 0o600 });
    await expect(loadSecretBox({ knex: db.knex, dataDir })).rejects.toMatchObject({ code: 'secret_key_mismatch' });

    await expect(loadSecretBox({ knex: db.knex, dataDir, settingsKey: 'some other passphrase here' })).rejects.toMatchObject({ code: 'secret_key_mismatch' });

    writeFileSync(file, original, { mode: 0o600 });
    const restored = await loadSecretBox({ knex: db.knex, dataDir });
    expect(await new SecretStore(db.knex, restored).get('mod-a', 'apiKey')).toBe('sk-123');
  });
});
