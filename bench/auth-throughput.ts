/**
 * Authenticated requests against the same-run bare Fastify route behind a bearer-checking hook:
 * an authenticated in-memory JSON route carrying a Basic session cookie (`GET /api/auth/validate`:
 * the figure is the cost of the auth pipeline, not of a query) and a token-gated diagnostics GET
 * (`GET /api/metrics` with a `diagnostics:read` bearer token). Target: each ≥ 0.8×.
 */
import { freePort, type ServerProcess } from '../test/e2e/server-process.js';
import { BARE_BEARER } from './lib/baselines.js';
import { load, type LoadResult } from './http-throughput.js';
import { launchServer, spawnNodeScript, stopChild, type ScriptProcess } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

/**
 * Short rounds, alternating: on a shared host the machine's speed drifts by tens of percent within
 * a minute, so each route is compared with the baseline measured in the same round (the order
 * reversed every other round), and the figure is the median of the per-round ratios.
 */
const MEASURE_S = 3;
const ROUNDS = 6;
const TARGET_RATIO = 0.8;
const USER = 'bench';
const PASSWORD = 'bench password 123';

async function ok(url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

export async function runAuthThroughput(dataDir: string): Promise<BenchOutcome> {
  let bare: ScriptProcess | undefined;
  let server: ServerProcess | undefined;
  try {
    const barePort = await freePort();
    bare = spawnNodeScript('bench/bare-fastify.ts', [String(barePort)]);
    await bare.waitForLine('listening on', 30_000);
    server = await launchServer({
      dataDir,
      port: await freePort(),
      timeoutMs: 45_000,
      env: { SVC_UI_AUTH_MODE: 'basic', SVC_UI_AUTH_BASIC_USERNAME: USER, SVC_UI_AUTH_BASIC_PASSWORD: PASSWORD, SVC_UI_AUTH_BASIC_INSECURE_COOKIES: 'true' },
    });
    const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    const login = await ok(`${server.url}/api/auth/validate`, { headers: { authorization: basic } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const created = await ok(`${server.url}/api/settings/api-tokens`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: ['diagnostics:read'] }),
    });
    const { token } = (await created.json()) as { token: string };
    await ok(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });

    const pids: [number, number] = [server.child.pid!, bare.child.pid!];
    const barePids: [number, number] = [bare.child.pid!, server.child.pid!];
    const baselineUrl = `http://127.0.0.1:${barePort}/api/authed`;
    const baselineHeaders = { authorization: `Bearer ${BARE_BEARER}` };
    const cases: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: 'Basic session cookie, GET /api/auth/validate', url: `${server.url}/api/auth/validate`, headers: { cookie } },
      { name: 'diagnostics token, GET /api/metrics', url: `${server.url}/api/metrics`, headers: { authorization: `Bearer ${token}` } },
    ];
    for (const c of cases) await load(c.url, 2, pids, c.headers); // warm-up
    await load(baselineUrl, 2, barePids, baselineHeaders);
    const baseline: LoadResult[] = [];
    const targets = cases.map(() => [] as LoadResult[]);
    const runBaseline = async () => baseline.push(await load(baselineUrl, MEASURE_S, barePids, baselineHeaders));
    const runCases = async (order: number[]) => {
      for (const j of order) targets[j]!.push(await load(cases[j]!.url, MEASURE_S, pids, cases[j]!.headers));
    };
    const forward = cases.map((_, j) => j);
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        await runBaseline();
        await runCases(forward);
      } else {
        await runCases([...forward].reverse());
        await runBaseline();
      }
    }
    const baselineRps = median(baseline.map((x) => x.rps));
    const baselineCpu = median(baseline.map((x) => x.serverCpuUsPerRequest));
    const rows: Row[] = [];
    const raw: Record<string, unknown> = { baselineRunsRps: baseline.map((x) => round(x.rps)), baselineCpuUsPerRequest: baselineCpu, targetRatio: TARGET_RATIO, rounds: ROUNDS, roundSeconds: MEASURE_S };
    const perRound = (runs: LoadResult[], of: (run: LoadResult, base: LoadResult) => number | null) => runs.map((run, i) => of(run, baseline[i]!)).filter((r): r is number => r !== null);
    for (const [j, c] of cases.entries()) {
      const runs = targets[j]!;
      const rpsRatios = perRound(runs, (run, base) => ratio(run.rps, base.rps));
      // Server CPU per request, steadier than req/s on a busy machine (1.0 = as cheap as the baseline).
      const cpuRatios = perRound(runs, (run, base) => ratio(base.serverCpuUsPerRequest, run.serverCpuUsPerRequest));
      const r = rpsRatios.length > 0 ? round(median(rpsRatios), 3) : null;
      const cpuRatio = cpuRatios.length > 0 ? round(median(cpuRatios), 3) : null;
      const failures = runs.reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
      const cpu = median(runs.map((x) => x.serverCpuUsPerRequest));
      rows.push({
        benchmark: `HTTP ${c.name}`,
        measured: fmt.rps(median(runs.map((x) => x.rps))),
        baseline: `Fastify + bearer hook ${fmt.rps(baselineRps)}`,
        ratio: fmt.ratio(r),
        target: `ratio ≥ ${TARGET_RATIO} (median of ${ROUNDS} rounds)`,
        result: failures > 0 ? 'ERROR' : r !== null && r >= TARGET_RATIO ? 'PASS' : 'MISS',
      });
      rows.push({
        benchmark: `HTTP ${c.name}: server CPU per request (ratio = bare / svc, median of rounds)`,
        measured: `${cpu} µs`,
        baseline: `Fastify + bearer hook ${baselineCpu} µs`,
        ratio: fmt.ratio(cpuRatio),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: failures > 0 ? 'ERROR' : cpuRatio !== null && cpuRatio >= TARGET_RATIO ? 'PASS' : 'MISS',
      });
      raw[c.name] = { runsRps: runs.map((x) => round(x.rps)), roundRatios: rpsRatios.map((x) => round(x, 3)), ratio: r, roundCpuRatios: cpuRatios.map((x) => round(x, 3)), cpuRatio, failures, cpuUsPerRequest: cpu };
    }
    return {
      rows,
      notes: [
        `auth: Fastify + bearer hook samples ${fmt.list(
          baseline.map((x) => x.rps),
          fmt.rps,
        )}`,
        ...cases.map((c, j) => `auth: ${c.name} per-round ratios ${(raw[c.name] as { roundRatios: number[] }).roundRatios.join(', ')}; CPU ${(raw[c.name] as { roundCpuRatios: number[] }).roundCpuRatios.join(', ')}`),
      ],
      raw,
    };
  } finally {
    if (server) await stopChild(server.child);
    if (bare) await stopChild(bare.child);
  }
}
