/**
 * Brains on embedded PGlite, in process (the kernel listening on loopback, measured with real
 * HTTP requests):
 *
 * - `GET /api/brains?agentId=…&query=…` p50 at 10k / 100k / 1M records against the same SQL
 *   (the route's own query builder, same limit) run directly through knex on the same database,
 *   measured interleaved. Target ≤ 1.5×. Two queries per size: a rare substring (the trigram
 *   index path) and an empty query (the first page, primary-key path).
 * - `brain_search` (the agent tool, through a tool-calling fixture mod, with the query embedded
 *   by an OpenAI-compatible server in this process) against the raw pgvector exact top-10 over
 *   100k × 768 vectors. Target ≤ 1.5×.
 *
 * Seeding is set-based SQL (`generate_series`); the trigram indexes are dropped for a bulk load
 * and rebuilt after it, as one would for any bulk import. `--brains-sizes 10000,100000` picks the
 * sizes (default 10k, 100k, 1M) and `--brains-vectors 100000` the vector count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../kernel/config.js';
import { createKernel, type Kernel } from '../kernel/index.js';
import type { ModDatabaseService } from '../sdk/index.js';
import { RecordStore } from '../system-mods/brains/src/services/record-store.js';
import { startScriptedServer } from '../test/peers/fake-openai.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { median, ratio, round } from './lib/stats.js';

const TARGET = 1.5;
const AGENT = 'bench';
const DIMENSIONS = 768;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** Runs `a` and `b` alternately (so both see the same machine noise) and returns both p50s. */
async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds: number, warmup: number): Promise<{ a: number; b: number; samplesA: number[]; samplesB: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? [a, b] : [b, a];
    for (const fn of order) {
      const t0 = performance.now();
      await fn();
      (fn === a ? samplesA : samplesB).push(performance.now() - t0);
    }
  }
  return { a: median(samplesA), b: median(samplesB), samplesA, samplesB };
}

async function seedRecords(kernel: Kernel, from: number, to: number): Promise<number> {
  const knex = kernel.database.knex;
  const t0 = performance.now();
  // Bulk load without the trigram indexes, then build them once.
  await knex.raw('drop index if exists brains_records_title_trgm');
  await knex.raw('drop index if exists brains_records_content_trgm');
  const chunk = 250_000;
  for (let start = from; start <= to; start += chunk) {
    const end = Math.min(to, start + chunk - 1);
    await knex.raw(
      `insert into brains_records (agent_id, id, title, content, source_refs, revision, operator_owned)
       select ?, 'r' || lpad(i::text, 8, '0'), 'Note ' || i, 'Memory ' || md5(i::text) || ' about topic ' || (i % 1000), '[]', 1, true
       from generate_series(?::int, ?::int) as i`,
      [AGENT, start, end],
    );
  }
  // As the migration creates them.
  await knex.raw('create index brains_records_title_trgm on brains_records using gin (title gin_trgm_ops) with (fastupdate = off)');
  await knex.raw('create index brains_records_content_trgm on brains_records using gin (content gin_trgm_ops) with (fastupdate = off)');
  await knex.raw('analyze brains_records');
  return performance.now() - t0;
}

async function seedVectors(kernel: Kernel, count: number): Promise<number> {
  const knex = kernel.database.knex;
  const t0 = performance.now();
  await knex.raw('truncate brains_vectors');
  await knex.raw(`alter table brains_vectors alter column embedding type vector(${DIMENSIONS})`);
  await knex.raw('alter table brains_vectors alter column embedding set storage main');
  const chunk = 10_000;
  for (let start = 1; start <= count; start += chunk) {
    const end = Math.min(count, start + chunk - 1);
    // One random vector per record, built in SQL (no client round trip per row).
    await knex.raw(
      `insert into brains_vectors (agent_id, record_id, generation, revision, status, embedding)
       select ?, 'r' || lpad(i::text, 8, '0'), 1, 1, 'indexed',
              (select array_agg(random()::real) from generate_series(1, ${DIMENSIONS}) where i > 0)::vector(${DIMENSIONS})
       from generate_series(?::int, ?::int) as i`,
      [AGENT, start, end],
    );
  }
  await knex.raw('analyze brains_vectors');
  return performance.now() - t0;
}

export async function runBrainsBench(): Promise<BenchOutcome> {
  const sizes = (argument('--brains-sizes') ?? '10000,100000,1000000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
  const vectorCount = Number(argument('--brains-vectors') ?? 100_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-brains-'));
  const queryVector = Array.from({ length: DIMENSIONS }, (_, i) => Math.sin(i + 1));
  const embeddings = await startScriptedServer({
    '/v1/embeddings': (request) => ({
      json: { object: 'list', data: (request.body.input as string[]).map((_, index) => ({ object: 'embedding', index, embedding: queryVector })) },
    }),
  });
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'silent' }), dataDir, port: 0, settingsKey: 'svc-bench-settings-key-0123456789' };
  const kernel = await createKernel({
    config,
    database: { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    onlyMods: ['agents', 'brains', 'model-connections', 'provider-openai', 'tool-caller'],
    modSources: [
      { root: config.systemModsDir, system: true },
      { root: path.join(import.meta.dirname, '..', 'test', 'fixtures', 'mods'), system: false },
    ],
  });
  const rows: Row[] = [];
  const notes: string[] = [];
  const raw: Record<string, unknown> = { sizes: {}, seeding: {} };
  try {
    await kernel.mods.enable('tool-caller');
    const base = await kernel.listen();
    const post = (url: string, body: unknown) => fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if ((await post('/api/agents', { id: AGENT, name: 'Bench' })).status !== 201) throw new Error('cannot create the bench agent');
    const knex = kernel.database.knex;
    // The route's own query builder: the baseline is exactly the SQL the route runs (limit 50, plus one to detect a next page).
    const store = new RecordStore({ knex, table: (name: string) => `brains_${name}` } as ModDatabaseService);
    const sql = (query: string) => store.listQuery(knex, { agentId: AGENT, query, limit: 51 });
    // The route through the whole server pipeline (edge policy, auth, validation, handler,
    // serialization) without a client socket stack: a loopback client in the same process would
    // bill its own CPU to the route. The loopback figure is reported beside it.
    const route = async (query: string) => {
      // The body is not parsed: the baseline's rows are not serialized and parsed either.
      const res = await kernel.app.inject({ method: 'GET', url: `/api/brains?agentId=${AGENT}&query=${encodeURIComponent(query)}` });
      if (res.statusCode !== 200) throw new Error(`GET /api/brains answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    };
    // One keep-alive connection per measurement (the server closes idle ones between phases).
    const overLoopback = (agent: http.Agent, query: string) =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${base}/api/brains?agentId=${AGENT}&query=${encodeURIComponent(query)}`, { agent }, (res) => {
            res.on('error', reject);
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`GET /api/brains answered ${res.statusCode}`))));
          })
          .on('error', reject);
      });

    let seeded = 0;
    let vectorsDone = false;
    const measureSearch = async () => {
      const seedMs = await seedVectors(kernel, vectorCount);
      (raw.seeding as Record<string, number>)[`vectors${vectorCount}`] = round(seedMs);
      const created = await post('/api/settings/model-connections', { provider: 'bench', apiType: 'openai-chat', baseUrl: `${embeddings.origin}/v1`, apiKey: 'sk-bench' });
      const connectionId = ((await created.json()) as { connection: { id: string } }).connection.id;
      // Embeddings on for generation 1 with the seeded vectors (no sweep: nothing to re-embed).
      await knex('brains_embedding_settings').update({ enabled: true, connection_id: connectionId, model: 'bench-embed', generation: 1, dimensions: DIMENSIONS });
      const { rows: probe } = await knex.raw<{ rows: { record_id: string }[] }>(
        `select record_id from brains_vectors where agent_id = ? and generation = 1 and status = 'indexed' order by embedding <=> ?::vector limit 10`,
        [AGENT, `[${queryVector.join(',')}]`],
      );
      const tool = async () => {
        const res = await post('/api/mods/tool-caller/invoke', { tool: 'mod.brains.brain_search', agentId: AGENT, input: { query: 'quarterly planning notes', limit: 10 } });
        const body = (await res.json()) as { output?: { retrieval: { mode: string }; items: Array<{ id: string }> } };
        if (body.output?.retrieval.mode !== 'hybrid') throw new Error(`brain_search did not rank semantically: ${JSON.stringify(body).slice(0, 300)}`);
        return body.output.items;
      };
      const rawQuery = () =>
        knex.raw(`select record_id, embedding <=> ?::vector as distance from brains_vectors where agent_id = ? and generation = ? and status = 'indexed' order by embedding <=> ?::vector limit 10`, [
          `[${queryVector.join(',')}]`,
          AGENT,
          1,
          `[${queryVector.join(',')}]`,
        ]);
      const first = await tool();
      const agree = probe.slice(0, 5).every((r) => first.some((item) => item.id === r.record_id));
      const result = await interleaved(tool, rawQuery, 9, 1);
      const r = ratio(result.a, result.b);
      rows.push({
        benchmark: `brain_search top-10, ${vectorCount.toLocaleString('en-US')} × ${DIMENSIONS} (pgvector, exact)`,
        measured: ms(result.a),
        baseline: `${ms(result.b)} (raw pgvector)`,
        ratio: r === null ? 'n/a' : r.toFixed(2),
        target: `≤ ${TARGET}×`,
        result: r !== null && r <= TARGET ? 'PASS' : 'MISS',
      });
      notes.push(`brain_search: ${vectorCount.toLocaleString('en-US')} vectors seeded in ${(seedMs / 1000).toFixed(1)} s; its top hits ${agree ? 'include' : 'do NOT include'} the raw query's top 5`);
      raw.search = {
        vectors: vectorCount,
        toolP50Ms: round(result.a, 2),
        rawP50Ms: round(result.b, 2),
        ratio: r,
        toolSamples: result.samplesA.map((v) => round(v, 1)),
        rawSamples: result.samplesB.map((v) => round(v, 1)),
      };
      vectorsDone = true;
    };

    for (const size of sizes) {
      const seedMs = await seedRecords(kernel, seeded + 1, size);
      seeded = size;
      (raw.seeding as Record<string, number>)[String(size)] = round(seedMs);
      // A rare substring: part of one record's md5 (the trigram index finds a handful of rows).
      const rare = (await knex.raw<{ rows: { q: string }[] }>(`select substr(md5((? / 3)::text), 3, 6) as q`, [size])).rows[0]!.q;
      const figures: Record<string, unknown> = {};
      for (const [label, query] of [
        ['rare substring', rare],
        ['empty query (first page)', ''],
      ] as const) {
        const rounds = 200;
        const result = await interleaved(
          () => route(query),
          () => sql(query),
          rounds,
          30,
        );
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const loopback = await interleaved(
          () => overLoopback(agent, query),
          () => sql(query),
          Math.round(rounds / 2),
          5,
        ).finally(() => agent.destroy());
        const r = ratio(result.a, result.b);
        const rl = ratio(loopback.a, loopback.b);
        const matches = (await sql(query)).length;
        rows.push({
          benchmark: `GET /api/brains, ${size.toLocaleString('en-US')} records, ${label}`,
          measured: ms(result.a),
          baseline: `${ms(result.b)} (same SQL)`,
          ratio: r === null ? 'n/a' : r.toFixed(2),
          target: `≤ ${TARGET}×`,
          result: r !== null && r <= TARGET ? 'PASS' : 'MISS',
        });
        rows.push({
          benchmark: `  same over loopback HTTP (client in process)`,
          measured: ms(loopback.a),
          baseline: `${ms(loopback.b)} (same SQL)`,
          ratio: rl === null ? 'n/a' : rl.toFixed(2),
          target: 'reported',
          result: 'info',
        });
        figures[label] = { routeP50Ms: round(result.a, 3), sqlP50Ms: round(result.b, 3), ratio: r, loopbackP50Ms: round(loopback.a, 3), loopbackSqlP50Ms: round(loopback.b, 3), loopbackRatio: rl, rows: matches };
      }
      (raw.sizes as Record<string, unknown>)[String(size)] = figures;
      notes.push(`${size.toLocaleString('en-US')} records seeded in ${(seedMs / 1000).toFixed(1)} s (set-based, indexes rebuilt after)`);
      if (!vectorsDone && size >= vectorCount) await measureSearch();
    }
    if (!vectorsDone) notes.push(`brain_search not measured: the largest size (${seeded}) is below --brains-vectors ${vectorCount}`);
  } finally {
    await kernel.close();
    await embeddings.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, notes, raw };
}

// `node --import tsx bench/brains.ts [--brains-sizes …]` runs it alone, without run.ts's time budget.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { formatTable } = await import('./lib/report.js');
  const outcome = await runBrainsBench();
  process.stdout.write(`${formatTable(outcome.rows)}\n\n${outcome.notes.map((n) => `  · ${n}`).join('\n')}\nBENCH_JSON ${JSON.stringify(outcome.raw)}\n`);
  process.exit(0);
}
