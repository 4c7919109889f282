/**
 * `npm run restore -- <file> [--data-dir <dir>] [--force]`: checks the archive (checksums,
 * format, schema no newer than this svc), then restores its files and database into a data dir
 * no service is using. An older backup's schema is migrated by the next `npm start`, as any
 * upgrade is.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../kernel/config.js';
import { KEY_FILE_NAME } from '../kernel/secrets/secret-key.js';
import { BackupRefusedError, DATABASE_DUMP, extractAndVerify, FILES_DIR, KEY_ENTRY, PGLITE_DIR, RESTORE_SCRATCH_PREFIX } from '../kernel/storage/backup-archive.js';
import { newerMigrations } from '../kernel/storage/backup-schema.js';
import { acquireDataDirLock, DataDirLockedError, LOCK_GUARD_NAME, LOCK_SOCKET_NAME, secureDataDir } from '../kernel/storage/data-dir-lock.js';
import { Database } from '../kernel/storage/database.js';
import { KERNEL_VERSION } from '../kernel/version.js';
import { operatorPath, parseCliArgs, PG_README_POINTER } from './backup-cli.js';

function fail(line: string): never {
  process.stderr.write(`svc restore: ${line}\n`);
  process.exit(1);
}

const LOCK_ENTRIES = new Set([LOCK_SOCKET_NAME, LOCK_GUARD_NAME]);

async function main(): Promise<void> {
  process.umask(0o077);
  const args = parseCliArgs(process.argv.slice(2), ['force']);
  const config = loadConfig();
  if (config.databaseUrl) fail(`DATABASE_URL is set: this command restores the embedded database only. ${PG_README_POINTER}`);
  if (!args.file) fail('usage: npm run restore -- <file> [--data-dir <dir>] [--force]');
  const archive = operatorPath(args.file);
  const dataDir = args.dataDir ? operatorPath(args.dataDir) : config.dataDir;

  const warning = secureDataDir(dataDir);
  if (warning) process.stderr.write(`svc restore: warning: ${warning}\n`);
  let lock;
  try {
    lock = await acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message}: stop it before restoring into this data dir`);
    fail(`cannot lock ${dataDir}: ${(error as Error).message}`);
  }
  const scratch = path.join(dataDir, `${RESTORE_SCRATCH_PREFIX}${process.pid}`);
  try {
    const existing = readdirSync(dataDir).filter((name) => !LOCK_ENTRIES.has(name) && !name.startsWith(RESTORE_SCRATCH_PREFIX));
    if (existing.length > 0 && !args.flags.has('force')) {
      throw new BackupRefusedError(`${dataDir} is not empty (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', …' : ''}); pass --force to replace its contents`);
    }
    // Scratch folders of restores killed midway: the lock says none of them is still running.
    for (const name of readdirSync(dataDir)) if (name.startsWith(RESTORE_SCRATCH_PREFIX)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    mkdirSync(scratch, { mode: 0o700 });
    const manifest = await extractAndVerify(archive, scratch);
    const newer = newerMigrations(manifest.schema);
    if (newer.length > 0) {
      throw new BackupRefusedError(
        `the backup was made by a newer svc (${manifest.svcVersion}; this is ${KERNEL_VERSION}): its database has migrations this svc does not know (${newer.slice(0, 5).join('; ')}${newer.length > 5 ? '; …' : ''}). Upgrade svc, then restore.`,
      );
    }
    // Everything checked: only now is the data dir's old content replaced.
    for (const name of existing) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    const filesDir = path.join(scratch, FILES_DIR);
    for (const name of readdirSync(filesDir)) renameSync(path.join(filesDir, name), path.join(dataDir, name));
    if (manifest.includes.key) {
      renameSync(path.join(scratch, KEY_ENTRY), path.join(dataDir, KEY_FILE_NAME));
      chmodSync(path.join(dataDir, KEY_FILE_NAME), 0o600);
    }
    // PGlite unpacks its own dump (its tar layout is its own business) and checks that it opens.
    const database = await Database.open({ driver: 'pglite', dataDir: path.join(dataDir, PGLITE_DIR), loadDataDir: new Blob([readFileSync(path.join(scratch, DATABASE_DUMP))]) });
    await database.close();
    process.stdout.write(`svc restore: restored the backup of ${manifest.createdAt} (svc ${manifest.svcVersion}) into ${dataDir}; start svc as usual (a backup from an older svc is migrated at that start)\n`);
    if (!manifest.includes.key && !config.settingsKey) {
      process.stderr.write(
        `svc restore: warning: the archive holds no secret key and SVC_SETTINGS_KEY is not set: svc will refuse to start (its stored secrets cannot be decrypted) until you put the original ${KEY_FILE_NAME} into ${dataDir} (mode 600) or set SVC_SETTINGS_KEY.\n`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    lock.release();
  }
}

main().catch((error: Error) => fail(error instanceof BackupRefusedError ? error.message : `failed: ${error.message}`));
