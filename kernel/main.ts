/**
 * `npm start`: load the config, take the data-dir lock, boot the kernel, listen, and shut down
 * gracefully on SIGTERM/SIGINT. Start-up failures print one clear line and exit non-zero.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { isSvcError } from '../sdk/errors.js';
import { ConfigError, loadConfig, redactDatabaseUrl, type KernelConfig } from './config.js';
import type { Kernel } from './index.js';
import { keepTickObjectMapsAlive } from './http/tick-maps.js';
import { acquireDataDirLock, DataDirLockedError, secureDataDir, type DataDirLock } from './storage/data-dir-lock.js';
import { DatabaseOpenError, databaseOptionsFor, openEmbeddedThread } from './storage/database-options.js';

function fatal(line: string): never {
  process.stderr.write(`svc: ${line}\n`);
  process.exit(1);
}

/**
 * One process per data dir: PGlite files must never have two writers. The lock is a socket the
 * operating system releases when the process dies (see data-dir-lock.ts), so a crash never
 * blocks the next start. The data dir is private to this user (0700).
 */
async function acquireLock(config: KernelConfig): Promise<DataDirLock> {
  let lock: DataDirLock;
  try {
    const warning = secureDataDir(config.dataDir);
    if (warning) process.stderr.write(`svc: warning: ${warning}\n`);
    lock = await acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fatal(error.message);
    fatal(`cannot lock ${config.dataDir}: ${(error as Error).message}`);
  }
  // Older versions recorded their pid here; a pid never decides anything now.
  rmSync(path.join(config.dataDir, 'svc.pid'), { force: true });
  return lock;
}

async function main(): Promise<void> {
  // Everything the service writes (database files, key, workspaces) is for this user only.
  process.umask(0o077);
  let config: KernelConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fatal(error.message);
    throw error;
  }
  const lock = await acquireLock(config);
  const releaseLock = () => lock.release();
  let kernel: Kernel;
  try {
    // Before anything else runs that collects garbage (loading the kernel does): see tick-maps.ts.
    await keepTickObjectMapsAlive();
    // The embedded database opens on its own thread (PostgreSQL compiled, its files read) while
    // this one loads the kernel and the mods: that overlap is most of a fast start. Its thread
    // starts first, before the kernel's code (knex, Fastify, the mods) is even loaded.
    const databaseOptions = databaseOptionsFor(config);
    const embedded = databaseOptions.driver === 'pglite' ? openEmbeddedThread(databaseOptions) : undefined;
    embedded?.catch(() => undefined); // reported through createKernel below
    const [{ createLogger }, { Database }, { dumpEmbeddedDatabase }] = await Promise.all([import('./logger.js'), import('./storage/database.js'), import('./storage/backup-dump.js')]);
    const logger = createLogger(config);
    const opening = Database.open(databaseOptions, logger, embedded);
    opening.catch(() => undefined); // reported through createKernel below
    // `npm run backup` while the service runs: only this process may read its PGlite files.
    lock.serve('backup', async () => dumpEmbeddedDatabase(await opening));
    const { createKernel } = await import('./index.js');
    kernel = await createKernel({ config, logger, opening });
  } catch (error) {
    releaseLock();
    if (error instanceof DatabaseOpenError || isSvcError(error)) fatal(`cannot start: ${(error as Error).message}`);
    fatal(`cannot start: ${(error as Error).message ?? String(error)}`);
  }
  let url: string;
  try {
    url = await kernel.listen();
  } catch (error) {
    await kernel.close().catch(() => undefined);
    releaseLock();
    const code = (error as NodeJS.ErrnoException).code;
    fatal(code === 'EADDRINUSE' ? `${config.host}:${config.port} is already in use (set SVC_PORT)` : `cannot listen: ${(error as Error).message}`);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`svc: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`svc: ${signal} received, finishing in-flight requests\n`);
    kernel
      .close()
      .then(() => {
        releaseLock();
        process.stdout.write('svc: stopped\n');
        process.exit(0);
      })
      .catch((error: Error) => {
        releaseLock();
        fatal(`shutdown failed: ${error.message}`);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Only now the ready line: whoever waits for it may stop the service the moment it reads it, and
  // a signal that arrived before the handlers were installed would end the process unclean.
  const where = config.databaseUrl ? `database ${redactDatabaseUrl(config.databaseUrl)}` : `embedded database in ${path.join(config.dataDir, 'pglite')}`;
  process.stdout.write(`svc ${kernel.runtimeInfo.version} listening on ${url}\nsvc data in ${config.dataDir} (${where})\n`);
}

main().catch((error: Error) => fatal(error.message));
