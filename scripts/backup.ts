/**
 * `npm run backup -- <file> [--include-key] [--data-dir <dir>]`: one archive of the embedded
 * database, the data dir's files and (only when asked) the secret key, taken while the service
 * runs (the running process dumps its own database over the data-dir lock socket) or while it is
 * stopped (this command takes the lock, so no service starts meanwhile, and dumps itself).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../kernel/config.js';
import { KEY_FILE_NAME } from '../kernel/secrets/secret-key.js';
import { BackupRefusedError, writeBackup } from '../kernel/storage/backup-archive.js';
import { dumpEmbeddedDatabase } from '../kernel/storage/backup-dump.js';
import { readSchemaVersions } from '../kernel/storage/backup-schema.js';
import { acquireDataDirLock, DataDirLockedError, lockAddress, requestFromLock, type DataDirLock } from '../kernel/storage/data-dir-lock.js';
import { Database } from '../kernel/storage/database.js';
import { KERNEL_VERSION } from '../kernel/version.js';
import { operatorPath, parseCliArgs, PG_README_POINTER } from './backup-cli.js';

function fail(line: string): never {
  process.stderr.write(`svc backup: ${line}\n`);
  process.exit(1);
}

/** Schema versions as the dump itself records them (it is opened in memory, never on disk). */
async function schemaOf(dump: Uint8Array) {
  const database = await Database.open({ driver: 'pglite', loadDataDir: new Blob([dump]) });
  try {
    return await readSchemaVersions(database.knex);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  process.umask(0o077); // the archive holds everything the service stores
  const args = parseCliArgs(process.argv.slice(2), ['include-key']);
  const config = loadConfig();
  if (config.databaseUrl) fail(`DATABASE_URL is set: this svc keeps its data in PostgreSQL, which this command does not back up. ${PG_README_POINTER}`);
  if (!args.file) fail('usage: npm run backup -- <file> [--include-key] [--data-dir <dir>]');
  const dataDir = args.dataDir ? operatorPath(args.dataDir) : config.dataDir;
  const output = operatorPath(args.file);
  if (!existsSync(path.join(dataDir, 'pglite'))) fail(`${dataDir} holds no embedded database (start svc once first, or pass --data-dir)`);
  if (existsSync(output)) fail(`${output} already exists; choose a new file name`);
  const includeKey = args.flags.has('include-key');
  if (includeKey && !existsSync(path.join(dataDir, KEY_FILE_NAME))) {
    fail(`--include-key: ${path.join(dataDir, KEY_FILE_NAME)} does not exist (with SVC_SETTINGS_KEY the key is yours to keep; nothing to include)`);
  }

  let lock: DataDirLock | undefined;
  let dump: Uint8Array;
  try {
    lock = await acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) fail(`cannot lock ${dataDir}: ${(error as Error).message}`);
  }
  try {
    if (lock) {
      // Stopped: the lock keeps a start out while the database is open here.
      const database = await Database.open({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        dump = await dumpEmbeddedDatabase(database);
      } finally {
        await database.close();
      }
    } else {
      process.stdout.write(`svc backup: the service is running; asking it for a consistent database dump\n`);
      dump = await requestFromLock(lockAddress(dataDir), 'backup');
    }
    const manifest = await writeBackup({
      dataDir,
      output,
      dump,
      schema: await schemaOf(dump),
      svcVersion: KERNEL_VERSION,
      serviceWasRunning: lock === undefined,
      includeKey,
    });
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    process.stdout.write(`svc backup: wrote ${output} (${manifest.files.length} files, ${bytes} bytes before compression; folders: ${manifest.includes.folders.join(', ') || 'none'})\n`);
    if (includeKey) {
      process.stderr.write(`svc backup: WARNING: ${output} contains the secret key: anyone with this file can decrypt every stored secret (API keys, tokens, passwords). Keep it as safe as the key itself.\n`);
    } else {
      process.stdout.write(
        `svc backup: the secret key is NOT in the archive: keep ${path.join(dataDir, KEY_FILE_NAME)} (or your SVC_SETTINGS_KEY) safe yourself; without it stored secrets cannot be decrypted after a restore.\n`,
      );
    }
  } finally {
    lock?.release();
  }
}

main().catch((error: Error) => fail(error instanceof BackupRefusedError ? error.message : `failed: ${error.message}`));
