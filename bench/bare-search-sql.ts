/**
 * Baseline for bench/search.ts: the session search statement run directly, in a process of its
 * own, on a copy of the server's embedded data dir opened exactly as the kernel opens it (same
 * PGlite, extensions and knex client). Reads one query per stdin line and answers with the
 * statement's milliseconds (`ms <value> <rows>`), so the bench can interleave it with requests
 * to the real server. Usage: node --import tsx bench/bare-search-sql.ts <pgliteDir> <agentId> <limit>
 */
import { createInterface } from 'node:readline';
import { Database } from '../kernel/storage/database.js';
import { searchQuery } from '../system-mods/chat/src/services/archive/session-search.js';

const [dir, agentId, limit] = [process.argv[2], process.argv[3], Number(process.argv[4])];
if (!dir || !agentId || !Number.isInteger(limit)) {
  process.stderr.write('usage: bare-search-sql.ts <pgliteDir> <agentId> <limit>\n');
  process.exit(2);
}
const db = await Database.open({ driver: 'pglite', dataDir: dir });
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'quit') break;
  const q = JSON.parse(line) as string;
  const t0 = performance.now();
  // The statement the route runs, with the route's limit plus one (it looks for a next page).
  const result = await searchQuery(db.knex, { q, agentId, scope: 'all', limit: limit + 1 });
  process.stdout.write(`ms ${performance.now() - t0} ${(result.rows as unknown[]).length}\n`);
}
await db.knex.destroy();
process.exit(0);
