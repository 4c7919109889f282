/**
 * Session search at the default configuration: `GET /api/session/search` on the real server
 * process (embedded PGlite, default log level) at 100k and 1M messages, against the same
 * statement (the route's own builder, same limit) run directly by a separate process on a copy
 * of the data dir (`bare-search-sql.ts`, the database opened as the kernel opens it). p50 and p99
 * of sequential requests over loopback HTTP, interleaved with the direct statement. Target ≤ 1.5×
 * at p50.
 *
 * Three queries per size: a rare word (a handful of messages), a two-word phrase of middling
 * words (phrase hits rank first among thousands) and the most common word (a large share of all
 * messages is ranked: the worst case of ranked full-text search, reported with the others).
 *
 * Seeding is set-based SQL (`generate_series`): each message is 6–25 words drawn from a 5,000-word
 * vocabulary with a skewed (roughly Zipf-like) frequency, so some words are everywhere and most
 * are rare. The GIN index is dropped for the bulk load and rebuilt after it, as for any bulk
 * import. `--search-sizes 100000` picks the sizes (default 100k and 1M).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig, projectRoot } from '../kernel/config.js';
import { createKernel, type Kernel } from '../kernel/index.js';
import { searchQuery } from '../system-mods/chat/src/services/archive/session-search.js';
import { freePort } from '../test/e2e/server-process.js';
import { launchServer, stopChild, track } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

const TARGET = 1.5;
const AGENT = 'bench';
const VOCABULARY = 5_000;
const LIMIT = 50;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Messages `from`..`to` (1-based): sessions of 100 messages, one every 30 s ending now. */
async function seedMessages(kernel: Kernel, from: number, to: number, total: number): Promise<number> {
  const knex = kernel.database.knex;
  const t0 = performance.now();
  await knex.raw('drop index if exists chat_messages_search');
  await knex.raw('select setseed(0.42)');
  const chunk = 100_000;
  for (let start = from; start <= to; start += chunk) {
    const end = Math.min(to, start + chunk - 1);
    // Word k of the vocabulary is `w<k>`, except a few real words so phrases read naturally.
    await knex.raw(
      `insert into chat_messages (agent_id, session_id, seq, generation, run_id, role, content, created_at)
       select ?, 's' || (i / 100), i % 100 + 1, 0, 'r' || (i / 2), case when i % 2 = 0 then 'user' else 'assistant' end,
              (select string_agg(case k when 0 then 'the' when 40 then 'budget' when 41 then 'review' when 4999 then 'zanzibar' else 'w' || k end, ' ')
                 from (select floor(power(random(), 2.5) * ${VOCABULARY})::int as k from generate_series(1, 6 + (i % 20)) where i > 0) words),
              now() - ((? - i) * interval '30 seconds')
         from generate_series(?::int, ?::int) as i`,
      [AGENT, total, start, end],
    );
  }
  await knex.raw('create index chat_messages_search on chat_messages using gin (search_vector)');
  await knex.raw('analyze chat_messages');
  return performance.now() - t0;
}

/** The baseline process: the route's statement on a copy of the data dir (see bare-search-sql.ts). */
async function startBareSql(pgliteDir: string): Promise<{ run(q: string): Promise<number>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-search-sql.ts', pgliteDir, AGENT, String(LIMIT)], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  track(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the baseline process ended: ${errors.slice(-500)}`);
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error('the baseline process did not start');
  return {
    async run(q) {
      child.stdin!.write(`${JSON.stringify(q)}\n`);
      const [tag, value] = (await next()).split(' ');
      if (tag !== 'ms') throw new Error(`unexpected baseline answer ${tag}`);
      return Number(value);
    },
    async stop() {
      child.stdin!.end('quit\n');
      await stopChild(child, 10_000);
    },
  };
}

/** Runs `a` and `b` alternately (so both see the same machine noise); each returns its own sample. */
async function interleavedSamples(a: () => Promise<number>, b: () => Promise<number>, rounds: number, warmup: number): Promise<{ a: number[]; b: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const samples = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      samples.a.push(await a());
      samples.b.push(await b());
    } else {
      samples.b.push(await b());
      samples.a.push(await a());
    }
  }
  return samples;
}

const SETTINGS_KEY = 'svc-bench-settings-key-0123456789';

async function openKernel(dataDir: string): Promise<Kernel> {
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'silent' }), dataDir, port: 0, settingsKey: SETTINGS_KEY };
  return createKernel({
    config,
    database: { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    onlyMods: ['agents', 'settings', 'chat'],
    modSources: [{ root: config.systemModsDir, system: true }],
  });
}

export async function runSearchBench(): Promise<BenchOutcome> {
  const sizes = (argument('--search-sizes') ?? '100000,1000000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-search-'));
  const copies = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-search-sql-'));
  const rows: Row[] = [];
  const notes: string[] = [];
  const raw: Record<string, unknown> = { sizes: {}, seeding: {} };
  const queries = [
    ['rare word', 'zanzibar'],
    ['two-word phrase', 'budget review'],
    ['most common word', 'the'],
  ] as const;
  try {
    // Seeding and the plan check run on an in-process kernel; the measurement on the real server.
    let kernel: Kernel | undefined = await openKernel(dataDir);
    await kernel.listen();
    const created = await kernel.app.inject({ method: 'POST', url: '/api/agents', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: AGENT, name: 'Bench' }) });
    if (created.statusCode !== 201) throw new Error(`cannot create the bench agent (${created.statusCode})`);
    let seeded = 0;
    const total = sizes[sizes.length - 1]!;
    for (const size of sizes) {
      kernel ??= await openKernel(dataDir);
      // Later messages are newer: seed the range as the tail of the largest size's timeline.
      const seedMs = await seedMessages(kernel, seeded + 1, size, total);
      seeded = size;
      (raw.seeding as Record<string, number>)[String(size)] = round(seedMs);
      const knex = kernel.database.knex;
      const matches = new Map<string, number>();
      for (const [, q] of queries) matches.set(q, Number((await knex.raw(`select count(*) as n from chat_messages where search_vector @@ plainto_tsquery('simple'::regconfig, ?)`, [q])).rows[0].n));
      const plan = await knex.raw(`explain ${searchQuery(knex, { q: 'budget review', agentId: AGENT, scope: 'all', limit: LIMIT + 1 }).toQuery()}`);
      const planText = (plan.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
      const indexed = planText.includes('chat_messages_search') && !/Seq Scan on chat_messages/.test(planText);
      await kernel.close();
      kernel = undefined;

      const copy = path.join(copies, `pglite-${size}`);
      cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
      const server = await launchServer({ dataDir, port: await freePort(), timeoutMs: 180_000, env: { SVC_SETTINGS_KEY: SETTINGS_KEY } });
      const bare = await startBareSql(copy);
      const figures: Record<string, unknown> = { usesIndex: indexed };
      try {
        for (const [label, q] of queries) {
          const heavy = matches.get(q)! > size / 10;
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          const overHttp = () =>
            new Promise<number>((resolve, reject) => {
              const t0 = performance.now();
              http
                .get(`${server.url}/api/session/search?agentId=${AGENT}&limit=${LIMIT}&q=${encodeURIComponent(q)}`, { agent }, (res) => {
                  res.on('error', reject);
                  res.resume();
                  res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`GET /api/session/search answered ${res.statusCode}`))));
                })
                .on('error', reject);
            });
          const samples = await interleavedSamples(overHttp, () => bare.run(q), heavy ? 20 : 300, heavy ? 2 : 30).finally(() => agent.destroy());
          const route = { p50: percentile(samples.a, 50), p99: percentile(samples.a, 99) };
          const base50 = percentile(samples.b, 50);
          const base99 = percentile(samples.b, 99);
          const r = ratio(route.p50, base50);
          const r99 = ratio(route.p99, base99);
          rows.push({
            benchmark: `GET /api/session/search, ${size.toLocaleString('en-US')} messages, ${label} (${matches.get(q)!.toLocaleString('en-US')} matches)`,
            measured: `${ms(route.p50)} p50, ${ms(route.p99)} p99`,
            baseline: `${ms(base50)} / ${ms(base99)} (same SQL)`,
            ratio: r === null ? 'n/a' : `${r.toFixed(2)} (p99 ${r99 === null ? 'n/a' : r99.toFixed(2)})`,
            target: `≤ ${TARGET}×`,
            result: r !== null && r <= TARGET ? 'PASS' : 'MISS',
          });
          figures[label] = {
            q,
            matches: matches.get(q),
            routeP50Ms: round(route.p50, 3),
            routeP99Ms: round(route.p99, 3),
            sqlP50Ms: round(base50, 3),
            sqlP99Ms: round(base99, 3),
            ratio: r,
            ratioP99: r99,
            samples: samples.a.length,
          };
        }
      } finally {
        await bare.stop();
        await server.stop();
        rmSync(copy, { recursive: true, force: true });
      }
      (raw.sizes as Record<string, unknown>)[String(size)] = figures;
      notes.push(
        `search: ${size.toLocaleString('en-US')} messages seeded in ${(seedMs / 1000).toFixed(1)} s (set-based, GIN index rebuilt after); the plan ${indexed ? 'uses the GIN index, no sequential scan' : 'does NOT use the GIN index'}`,
      );
    }
    notes.push('search: the real server process at the default log level (the configuration `npm start` gives) against the same statement run directly by a separate process on a copy of the data dir');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copies, { recursive: true, force: true });
  }
  return { rows, notes, raw };
}

// `node --import tsx bench/search.ts [--search-sizes …]` runs it alone, without run.ts's time budget.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { formatTable } = await import('./lib/report.js');
  const outcome = await runSearchBench();
  process.stdout.write(`${formatTable(outcome.rows)}\n\n${outcome.notes.map((n) => `  · ${n}`).join('\n')}\nBENCH_JSON ${JSON.stringify(outcome.raw)}\n`);
  process.exit(0);
}
