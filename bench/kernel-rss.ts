/**
 * Child of bench/idle-rss-split.ts: boots the kernel in this process on an existing data dir
 * with only the named mods (`-` for none, `all` for every system mod), lets it idle, and prints
 * one `KERNEL_RSS {json}` line: RSS once the database is open, and idle after the kernel booted.
 * Usage: node --expose-gc --import tsx bench/kernel-rss.ts <data dir> <mod,mod,…|-|all>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';

const [dataDir, mods] = process.argv.slice(2);
if (!dataDir || !mods) {
  process.stderr.write('usage: kernel-rss.ts <data dir> <mod,mod,…|-|all>\n');
  process.exit(2);
}
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await sleep(200);
  }
  return process.memoryUsage();
};

const config = loadConfig({ ...process.env, SVC_DATA_DIR: dataDir, SVC_PORT: '0', SVC_LOG_LEVEL: 'warn' });
const logger = createLogger(config);
const before = await settle();
// The database module (PGlite and its WebAssembly) and the kernel load after the first sample, each counted with its part.
const { Database, databaseOptionsFor } = await import('../kernel/storage/database.js');
const opening = Database.open(databaseOptionsFor(config), logger);
const database = await opening;
await database.describe();
const open = await settle();
const { createKernel } = await import('../kernel/index.js');
const onlyMods = mods === 'all' ? undefined : mods === '-' ? [] : mods.split(',');
const kernel = await createKernel({ config, logger, opening, onlyMods });
await kernel.listen();
await sleep(1_000);
const idle = await settle();
process.stdout.write(
  `KERNEL_RSS ${JSON.stringify({
    beforeRss: before.rss,
    openRss: open.rss,
    idleRss: idle.rss,
    idleHeapUsed: idle.heapUsed,
    idleExternal: idle.external,
    mods: kernel.mods
      .list()
      .filter((m) => m.status === 'loaded')
      .map((m) => m.id),
  })}\n`,
);
await kernel.close();
process.exit(0);
