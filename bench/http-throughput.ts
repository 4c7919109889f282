/**
 * HTTP throughput of `GET /api/health` on the real server process against the same-run
 * baseline of a bare Fastify JSON route (bench/bare-fastify.ts), both loaded by autocannon from
 * this process over 127.0.0.1: warm-up, then baseline/target alternated twice, medians compared.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { freePort, type ServerProcess } from '../test/e2e/server-process.js';
import { cpuWindow } from './lib/cpu.js';
import { launchServer, readVmRssBytes, spawnNodeScript, stopChild, type ScriptProcess } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

const CONNECTIONS = 50;
const WARMUP_S = 2;
const MEASURE_S = 8;
const ROUNDS = 2;
const TARGET_RATIO = 0.7;

export interface LoadResult {
  /** autocannon's mean of the per-second request counts (its "Req/Sec Avg"). */
  rps: number;
  total2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** CPU the loaded server process used, per 2xx response (robust to a busy machine). */
  serverCpuUsPerRequest: number;
  /** CPU the load generator (this process) used during the run. */
  clientCpuMs: number;
  /** Cores kept busy by processes outside this benchmark during the run. */
  otherCores: number;
}

/** Loads `url` for `seconds`; `pids` are [server under load, the other server]. */
export async function load(url: string, seconds: number, pids: [number, number], headers: Record<string, string> = {}): Promise<LoadResult> {
  const closeWindow = cpuWindow([process.pid, ...pids]);
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 10, headers });
  // Bounded even if autocannon misbehaves: stop it well after its own duration.
  const guard = setTimeout(() => instance.stop(), (seconds + 20) * 1_000);
  try {
    const r = await instance;
    const cpu = closeWindow();
    return {
      serverCpuUsPerRequest: r['2xx'] > 0 ? round(((cpu.byPid.get(pids[0]) ?? 0) * 1_000) / r['2xx'], 2) : Number.NaN,
      clientCpuMs: cpu.byPid.get(process.pid) ?? 0,
      otherCores: round(cpu.otherCores, 2),
      rps: r.requests.average,
      total2xx: r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      durationS: r.duration,
      latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    };
  } finally {
    clearTimeout(guard);
  }
}

/** One request first: both must answer 200 with the same JSON keys before any load. */
async function check(url: string): Promise<string[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return Object.keys((await res.json()) as object).sort();
}

export async function runHttpThroughput(dataDir: string): Promise<BenchOutcome> {
  let bare: ScriptProcess | undefined;
  let server: ServerProcess | undefined;
  try {
    const barePort = await freePort();
    bare = spawnNodeScript('bench/bare-fastify.ts', [String(barePort)]);
    await bare.waitForLine('listening on', 30_000);
    server = await launchServer({ dataDir, port: await freePort(), timeoutMs: 45_000 });

    const baselineUrl = `http://127.0.0.1:${barePort}/api/health`;
    const targetUrl = `${server.url}/api/health`;
    const [baselineKeys, targetKeys] = [await check(baselineUrl), await check(targetUrl)];
    if (baselineKeys.join() !== targetKeys.join()) {
      throw new Error(`bodies differ: bare ${baselineKeys.join(',')} vs svc ${targetKeys.join(',')}`);
    }
    const idleRss = { baselineBytes: readVmRssBytes(bare.child.pid!), targetBytes: readVmRssBytes(server.child.pid!) };

    const barePid = bare.child.pid!;
    const serverPid = server.child.pid!;
    await load(baselineUrl, WARMUP_S, [barePid, serverPid]);
    await load(targetUrl, WARMUP_S, [serverPid, barePid]);
    const baseline: LoadResult[] = [];
    const target: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      baseline.push(await load(baselineUrl, MEASURE_S, [barePid, serverPid]));
      target.push(await load(targetUrl, MEASURE_S, [serverPid, barePid]));
    }
    const loadedRss = { baselineBytes: readVmRssBytes(bare.child.pid!), targetBytes: readVmRssBytes(server.child.pid!) };

    const baselineRps = median(baseline.map((r) => r.rps));
    const targetRps = median(target.map((r) => r.rps));
    const r = ratio(targetRps, baselineRps);
    const failures = [...baseline, ...target].reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
    const pairRatios = target.map((t, i) => ratio(t.rps, baseline[i]!.rps));
    // CPU per request, inverted so that like the throughput ratio, 1.0 means "as cheap as bare Fastify".
    const baselineCpu = median(baseline.map((x) => x.serverCpuUsPerRequest));
    const targetCpu = median(target.map((x) => x.serverCpuUsPerRequest));
    const cpuRatio = ratio(baselineCpu, targetCpu);
    const otherCores = Math.max(...[...baseline, ...target].map((x) => x.otherCores));

    const rows: Row[] = [
      {
        benchmark: `HTTP GET /api/health, ${CONNECTIONS} conns (median of ${ROUNDS}×${MEASURE_S} s)`,
        measured: fmt.rps(targetRps),
        baseline: `bare Fastify ${fmt.rps(baselineRps)}`,
        ratio: fmt.ratio(r),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: failures > 0 ? 'ERROR' : r !== null && r >= TARGET_RATIO ? 'PASS' : 'MISS',
      },
      {
        benchmark: 'HTTP server CPU per request (ratio = bare / svc)',
        measured: `${targetCpu} µs`,
        baseline: `bare Fastify ${baselineCpu} µs`,
        ratio: fmt.ratio(cpuRatio),
        target: 'reported only',
        result: 'info',
      },
    ];
    const lat = (xs: LoadResult[]) => xs.map((x) => `p50 ${x.latencyMs.p50} ms / p99 ${x.latencyMs.p99} ms`).join('; ');
    const notes = [
      `HTTP samples: svc ${fmt.list(
        target.map((x) => x.rps),
        fmt.rps,
      )}; bare ${fmt.list(
        baseline.map((x) => x.rps),
        fmt.rps,
      )}; ` + `per-round ratios ${pairRatios.map(fmt.ratio).join(', ')}`,
      `HTTP background load: up to ${otherCores} of ${os.cpus().length} cores busy with other processes during a measured run` +
        (otherCores > 0.25 ? ' (throughput figures are noisy; the CPU-per-request row is the steadier one)' : ''),
      `HTTP latency: svc ${lat(target)}; bare ${lat(baseline)}`,
      `HTTP non-2xx/errors/timeouts across all measured runs: ${failures}`,
      `RSS before load: svc ${fmt.mib(idleRss.targetBytes)}, bare Fastify ${fmt.mib(idleRss.baselineBytes)}; ` + `after load: svc ${fmt.mib(loadedRss.targetBytes)}, bare Fastify ${fmt.mib(loadedRss.baselineBytes)}`,
    ];
    const raw = {
      connections: CONNECTIONS,
      warmupS: WARMUP_S,
      measureS: MEASURE_S,
      rounds: ROUNDS,
      baselineRunsRps: baseline.map((x) => round(x.rps)),
      targetRunsRps: target.map((x) => round(x.rps)),
      baselineMedianRps: round(baselineRps),
      targetMedianRps: round(targetRps),
      ratio: r,
      pairRatios,
      baselineCpuUsPerRequest: baselineCpu,
      targetCpuUsPerRequest: targetCpu,
      cpuPerRequestRatio: cpuRatio,
      maxOtherCores: otherCores,
      targetRatio: TARGET_RATIO,
      pass: failures === 0 && r !== null && r >= TARGET_RATIO,
      failures,
      baselineRuns: baseline,
      targetRuns: target,
      rss: { beforeLoad: idleRss, afterLoad: loadedRss },
    };
    return { rows, notes, raw };
  } finally {
    if (server) await stopChild(server.child);
    if (bare) await stopChild(bare.child);
  }
}
