/**
 * Baseline for bench/startup.ts: reopen an existing svc data dir's PGlite database, describe it
 * and close it, then print one `PGLITE_REOPEN {json}` line with the phase timings.
 * Usage: node --import tsx bench/pglite-reopen.ts <svc data dir>
 */
import path from 'node:path';

// Node + the tsx loader, before this module's body runs.
const bootMs = process.uptime() * 1000;
const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pglite-reopen.ts <svc data dir>\n');
  process.exit(2);
}

const t0 = performance.now();
const { Database } = await import('../kernel/storage/database.js');
const t1 = performance.now();
const database = await Database.open({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const t2 = performance.now();
const description = await database.describe();
const t3 = performance.now();
const rssBytes = process.memoryUsage().rss;
await database.close();
const t4 = performance.now();
const cpu = process.cpuUsage();

if (!description.ok) {
  process.stderr.write(`describe() failed: ${description.error ?? 'unknown'}\n`);
  process.exit(1);
}
const report = {
  bootMs,
  importMs: t1 - t0,
  openMs: t2 - t1,
  describeMs: t3 - t2,
  closeMs: t4 - t3,
  rssBytesOpen: rssBytes,
  cpuMs: (cpu.user + cpu.system) / 1000,
  serverVersion: description.serverVersion,
};
process.stdout.write(`PGLITE_REOPEN ${JSON.stringify(report)}\n`);
