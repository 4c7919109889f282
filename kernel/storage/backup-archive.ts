/**
 * The backup archive: one gzip'd tar holding `manifest.json`, `database/pglite.tar` (the
 * embedded database's dump), `files/…` (everything else the service keeps in its data dir, as
 * it was when copied) and, only when asked, `key/secret.key`. The manifest lists every regular
 * file with its size and SHA-256, so a damaged or edited archive is refused before anything is
 * restored.
 *
 * `tar` (npm, pure JavaScript, maintained by the npm team) writes and reads the archive: it
 * refuses entries that would land outside the extraction folder, which a restore relies on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, createReadStream, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { KEY_FILE_NAME } from '../secrets/secret-key.js';
import { LOCK_GUARD_NAME, LOCK_SOCKET_NAME } from './data-dir-lock.js';
import type { SchemaVersions } from './backup-schema.js';

export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_DUMP = 'database/pglite.tar';
export const FILES_DIR = 'files';
export const KEY_ENTRY = `key/${KEY_FILE_NAME}`;
/** The embedded database's folder in the data dir (dumped, never copied file by file). */
export const PGLITE_DIR = 'pglite';

/**
 * Top-level data dir entries a backup leaves out: the database (dumped instead), the lock and
 * its critical section, a pid file of older versions, the Git installer's scratch folder, the
 * key (only with `--include-key`) and a restore's scratch folder.
 */
const NOT_COPIED = new Set([PGLITE_DIR, LOCK_SOCKET_NAME, LOCK_GUARD_NAME, 'svc.pid', 'mod-staging', KEY_FILE_NAME]);
export const RESTORE_SCRATCH_PREFIX = '.svc-restore-';

export interface BackupManifest {
  format: 'svc-backup';
  formatVersion: 1;
  svcVersion: string;
  createdAt: string;
  /** Whether the service was running (dump taken by it) or stopped (dump taken by the backup). */
  serviceWasRunning: boolean;
  /** Migration names per `knex_migrations_<owner>` table, read from the dumped database. */
  schema: SchemaVersions;
  includes: { database: true; key: boolean; folders: string[] };
  /** Every regular file in the archive but the manifest: path, size, SHA-256 (hex). */
  files: { path: string; bytes: number; sha256: string }[];
}

export class BackupRefusedError extends Error {
  readonly code = 'backup_refused';
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Regular files under `root`, as paths relative to it with `/` separators. */
function regularFiles(root: string, dir = root): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...regularFiles(root, full));
    else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found.sort();
}

/** The data dir's top-level entries a backup copies as files. */
export function copiedEntries(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => !NOT_COPIED.has(name) && !name.startsWith(RESTORE_SCRATCH_PREFIX))
    .sort();
}

export interface WriteBackupOptions {
  dataDir: string;
  output: string;
  dump: Uint8Array;
  schema: SchemaVersions;
  svcVersion: string;
  serviceWasRunning: boolean;
  includeKey: boolean;
}

/**
 * Copies the files into a scratch folder beside `output` (checksums are of exactly what is
 * archived, even when a file changes meanwhile), writes the manifest, and packs it all into
 * `output` through a temporary name, so a failed backup never leaves a half-written archive.
 */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupManifest> {
  const scratch = `${options.output}.tmp-${randomBytes(4).toString('hex')}`;
  mkdirSync(scratch, { recursive: true, mode: 0o700 });
  try {
    mkdirSync(path.join(scratch, 'database'));
    writeFileSync(path.join(scratch, DATABASE_DUMP), options.dump, { mode: 0o600 });
    const folders = copiedEntries(options.dataDir);
    mkdirSync(path.join(scratch, FILES_DIR));
    for (const name of folders) {
      // Symlinks stay symlinks (never followed out of the data dir); a file that vanished meanwhile is skipped.
      cpSync(path.join(options.dataDir, name), path.join(scratch, FILES_DIR, name), { recursive: true, verbatimSymlinks: true, errorOnExist: false, force: true });
    }
    if (options.includeKey) {
      mkdirSync(path.join(scratch, 'key'));
      copyFileSync(path.join(options.dataDir, KEY_FILE_NAME), path.join(scratch, KEY_ENTRY));
    }
    const files = [];
    for (const file of regularFiles(scratch)) {
      files.push({ path: file, bytes: lstatSync(path.join(scratch, file)).size, sha256: await sha256Of(path.join(scratch, file)) });
    }
    const manifest: BackupManifest = {
      format: 'svc-backup',
      formatVersion: 1,
      svcVersion: options.svcVersion,
      createdAt: new Date().toISOString(),
      serviceWasRunning: options.serviceWasRunning,
      schema: options.schema,
      includes: { database: true, key: options.includeKey, folders },
      files,
    };
    writeFileSync(path.join(scratch, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const partial = `${options.output}.partial`;
    const entries = [
      MANIFEST_NAME,
      ...readdirSync(scratch)
        .filter((name) => name !== MANIFEST_NAME)
        .sort(),
    ];
    await tar.create({ gzip: true, file: partial, cwd: scratch, portable: true, mode: 0o600 } as tar.TarOptionsWithAliasesAsyncFile, entries);
    renameSync(partial, options.output);
    return manifest;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(`${options.output}.partial`, { force: true });
  }
}

/**
 * Extracts `archive` into `into` (an empty folder) and checks it: a known format, every listed
 * file present with its size and checksum, and no file the manifest does not list.
 */
export async function extractAndVerify(archive: string, into: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupRefusedError(`${archive} does not exist`);
  try {
    await tar.extract({ file: archive, cwd: into, strict: true, preserveOwner: false });
  } catch (error) {
    throw new BackupRefusedError(`${archive} is not a readable svc backup (${(error as Error).message})`);
  }
  const manifestFile = path.join(into, MANIFEST_NAME);
  if (!existsSync(manifestFile)) throw new BackupRefusedError(`${archive} has no ${MANIFEST_NAME}: not an svc backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefusedError(`the manifest of ${archive} is not valid JSON`);
  }
  if (manifest.format !== 'svc-backup' || manifest.formatVersion !== 1 || !Array.isArray(manifest.files) || typeof manifest.schema !== 'object') {
    throw new BackupRefusedError(`${archive} is not an svc backup this version can read (format ${String(manifest.format)} ${String(manifest.formatVersion)})`);
  }
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  const present = new Set(regularFiles(into).filter((file) => file !== MANIFEST_NAME));
  for (const file of present) {
    if (!listed.has(file)) throw new BackupRefusedError(`checksum check failed: ${file} is in the archive but not in its manifest`);
  }
  for (const file of manifest.files) {
    const full = path.join(into, file.path);
    if (!present.has(file.path)) throw new BackupRefusedError(`checksum check failed: ${file.path} is missing from the archive`);
    if (lstatSync(full).size !== file.bytes || (await sha256Of(full)) !== file.sha256) {
      throw new BackupRefusedError(`checksum check failed: ${file.path} differs from what the backup recorded (damaged or edited archive)`);
    }
  }
  if (!listed.has(DATABASE_DUMP)) throw new BackupRefusedError(`${archive} holds no database dump`);
  return manifest;
}
