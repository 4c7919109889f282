/**
 * `GET /api/agents` (five agents, embedded PGlite, default configuration) against bare Fastify
 * serving the same JSON from one query on its own PGlite data dir. Target ≥ 0.7×: the cost of the
 * edge, auth, dispatch, the mod's route and its query builder over the query itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, type ServerProcess } from '../test/e2e/server-process.js';
import { load, type LoadResult } from './http-throughput.js';
import { launchServer, spawnNodeScript, stopChild, type ScriptProcess } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

const AGENTS = 5;
const MEASURE_S = 6;
const ROUNDS = 2;
const TARGET_RATIO = 0.7;

async function agentCount(url: string): Promise<number> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return ((await res.json()) as { agents: unknown[] }).agents.length;
}

export async function runAgentsList(dataDir: string): Promise<BenchOutcome> {
  let bare: ScriptProcess | undefined;
  let server: ServerProcess | undefined;
  const bareDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-bare-pglite-'));
  try {
    const barePort = await freePort();
    bare = spawnNodeScript('bench/bare-pglite-agents.ts', [String(barePort), bareDir, String(AGENTS)]);
    await bare.waitForLine('listening on', 60_000);
    server = await launchServer({ dataDir, port: await freePort(), timeoutMs: 60_000 });
    const targetUrl = `${server.url}/api/agents`;
    for (let i = await agentCount(targetUrl); i < AGENTS; i++) {
      const res = await fetch(`${server.url}/api/agents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench agent ${i}` }),
      });
      if (!res.ok) throw new Error(`creating an agent answered ${res.status}: ${await res.text()}`);
    }
    const baselineUrl = `http://127.0.0.1:${barePort}/api/agents`;
    const counts = [await agentCount(baselineUrl), await agentCount(targetUrl)];
    if (counts[0] !== counts[1]) throw new Error(`agent counts differ: bare ${counts[0]} vs svc ${counts[1]}`);

    const pids: [number, number] = [server.child.pid!, bare.child.pid!];
    const barePids: [number, number] = [bare.child.pid!, server.child.pid!];
    await load(baselineUrl, 2, barePids);
    await load(targetUrl, 2, pids);
    const baseline: LoadResult[] = [];
    const target: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      baseline.push(await load(baselineUrl, MEASURE_S, barePids));
      target.push(await load(targetUrl, MEASURE_S, pids));
    }
    const baselineRps = median(baseline.map((x) => x.rps));
    const targetRps = median(target.map((x) => x.rps));
    const r = ratio(targetRps, baselineRps);
    const failures = [...baseline, ...target].reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
    const rows: Row[] = [
      {
        benchmark: `HTTP GET /api/agents (${counts[1]} agents, PGlite)`,
        measured: fmt.rps(targetRps),
        baseline: `Fastify + one PGlite query ${fmt.rps(baselineRps)}`,
        ratio: fmt.ratio(r),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: failures > 0 ? 'ERROR' : r !== null && r >= TARGET_RATIO ? 'PASS' : 'MISS',
      },
    ];
    return {
      rows,
      notes: [
        `agents: svc samples ${fmt.list(
          target.map((x) => x.rps),
          fmt.rps,
        )}; baseline ${fmt.list(
          baseline.map((x) => x.rps),
          fmt.rps,
        )}`,
      ],
      raw: {
        agents: counts[1],
        baselineRunsRps: baseline.map((x) => round(x.rps)),
        targetRunsRps: target.map((x) => round(x.rps)),
        ratio: r,
        failures,
        cpuUsPerRequest: { svc: median(target.map((x) => x.serverCpuUsPerRequest)), bare: median(baseline.map((x) => x.serverCpuUsPerRequest)) },
        targetRatio: TARGET_RATIO,
      },
    };
  } finally {
    if (server) await stopChild(server.child);
    if (bare) await stopChild(bare.child);
    rmSync(bareDir, { recursive: true, force: true });
  }
}
