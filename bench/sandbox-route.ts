/**
 * What the sandbox costs a route: one trivial handler served twice by the same kernel process,
 * once by an in-process mod and once by a sandboxed mod (isolate in its own child process), both
 * loaded by autocannon from this process over 127.0.0.1. Reported as the sandboxed mod's
 * requests/s relative to the in-process one (target ≥ 0.8), the CPU a request costs (the server
 * and the sandbox process summed) relative to the in-process handler's, and the latency it adds.
 * On a machine busy with other work the CPU figure is the steadier one: requests/s there depend
 * on which process the scheduler runs.
 *
 * Run by itself: `node --import tsx bench/sandbox-route.ts`. With `--serve <dir> <port>` this
 * file is the server side instead: a kernel with the two bench mods from `<dir>`, on `<port>`.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../test/e2e/server-process.js';
import { load, type LoadResult } from './http-throughput.js';
import { cpuWindow } from './lib/cpu.js';
import { spawnNodeScript, stopChild, stopAll, type ScriptProcess } from './lib/processes.js';
import { formatTable, type BenchOutcome, type Row } from './lib/report.js';
import { fmt, median, round } from './lib/stats.js';

const WARMUP_S = 2;
const MEASURE_S = 2;
const ROUNDS = 8;
const TARGET_RATIO = 0.8;
const ANSWER = { ok: true, hello: 'world' };

/** The same handler twice: an in-process mod (a plain definition object) and a sandboxed one. */
function writeMods(dir: string): { trusted: string; sandboxed: string } {
  const trusted = path.join(dir, 'trusted');
  const sandboxed = path.join(dir, 'sandboxed');
  const manifest = (id: string) => ({
    id,
    name: id,
    version: '1.0.0',
    entry: 'index.mjs',
    contributes: { routes: [{ id: 'hello', method: 'GET', path: `/api/mods/${id}/hello` }] },
  });
  mkdirSync(path.join(trusted, 'bench-inproc'), { recursive: true });
  writeFileSync(path.join(trusted, 'bench-inproc', 'mod.json'), JSON.stringify(manifest('bench-inproc')));
  writeFileSync(
    path.join(trusted, 'bench-inproc', 'index.mjs'),
    `export default { kind: 'svc-mod', deps: { http: { id: 'core.http-router' } }, errors: [],
  init({ http }) { http.route('hello', { handler: () => (${JSON.stringify(ANSWER)}) }); } };\n`,
  );
  mkdirSync(path.join(sandboxed, 'bench-guest'), { recursive: true });
  writeFileSync(path.join(sandboxed, 'bench-guest', 'mod.json'), JSON.stringify(manifest('bench-guest')));
  writeFileSync(
    path.join(sandboxed, 'bench-guest', 'index.mjs'),
    `import { defineGuestMod } from 'svc:guest';
export default defineGuestMod({ init(mod) { mod.route('hello', () => (${JSON.stringify(ANSWER)})); } });\n`,
  );
  return { trusted, sandboxed };
}

/** Server side: a kernel on an in-memory database with health and the two bench mods enabled. */
async function serve(dir: string, port: number): Promise<void> {
  const { loadConfig } = await import('../kernel/config.js');
  const { createKernel } = await import('../kernel/index.js');
  const config = { ...loadConfig({ SVC_LOG_LEVEL: 'warn', SVC_DATA_DIR: path.join(dir, 'data') }), settingsKey: 'svc-bench-settings-key-0123456789', port, host: '127.0.0.1' };
  const kernel = await createKernel({
    config,
    database: { driver: 'pglite' },
    onlyMods: ['health', 'bench-inproc', 'bench-guest'],
    modSources: [
      { root: config.systemModsDir, system: true },
      { root: path.join(dir, 'trusted'), system: false },
      { root: path.join(dir, 'sandboxed'), system: false, sandboxed: true },
    ],
  });
  await kernel.mods.enable('bench-inproc');
  const url = await kernel.listen();
  // The sandboxed mod runs once the operator approved what it asks for, as in a real install.
  const permissions = `${url}/api/mod-management/bench-guest/permissions`;
  const { digest } = (await (await fetch(permissions)).json()) as { digest: string };
  const approved = await fetch(permissions, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ digest }) });
  if (approved.status !== 200) throw new Error(`approving bench-guest answered ${approved.status}`);
  await kernel.mods.enable('bench-guest');
  process.stdout.write(`listening on ${url}\n`);
  const close = () => void kernel.close().finally(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

async function check(url: string): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const body = await res.text();
  if (res.status !== 200 || body !== JSON.stringify(ANSWER)) throw new Error(`${url} answered ${res.status} ${body}`);
}

/** The sandbox process of `bench-guest`: the server's child that runs `sandbox-worker.mjs` (found in /proc). */
function sandboxPid(serverPid: number): number {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== serverPid) return false;
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('sandbox-worker.mjs');
      } catch {
        return false; // gone while we looked
      }
    });
  if (children.length !== 1) throw new Error(`expected one sandbox process under pid ${serverPid}, found ${children.length}`);
  return Number(children[0]);
}

interface Measured extends LoadResult {
  /** CPU of the sandbox process per 2xx response (0 for the in-process route: it does not use it). */
  sandboxCpuUsPerRequest: number;
  /** Server plus sandbox CPU per 2xx response: what one request costs the machine. */
  totalCpuUsPerRequest: number;
}

async function measure(url: string, seconds: number, server: number, sandbox: number): Promise<Measured> {
  const closeWindow = cpuWindow([sandbox]);
  const result = await load(url, seconds, [server, sandbox]);
  const sandboxMs = closeWindow().byPid.get(sandbox) ?? 0;
  const sandboxCpuUsPerRequest = result.total2xx > 0 ? round((sandboxMs * 1_000) / result.total2xx, 2) : Number.NaN;
  return { ...result, sandboxCpuUsPerRequest, totalCpuUsPerRequest: round(result.serverCpuUsPerRequest + sandboxCpuUsPerRequest, 2) };
}

export async function runSandboxRoute(): Promise<BenchOutcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-sandbox-'));
  let server: ScriptProcess | undefined;
  try {
    writeMods(dir);
    const port = await freePort();
    // `SVC_BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=…'` profiles the server,
    // `SVC_BENCH_SANDBOX_PROF_DIR=<absolute dir>` the sandbox process (V8 tick logs, for `node --prof-process`).
    const env: Record<string, string> = {};
    if (process.env.SVC_BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.SVC_BENCH_SERVER_NODE_OPTIONS;
    if (process.env.SVC_BENCH_SANDBOX_PROF_DIR) env.SVC_SANDBOX_PROF_DIR = process.env.SVC_BENCH_SANDBOX_PROF_DIR;
    server = spawnNodeScript('bench/sandbox-route.ts', ['--serve', dir, String(port)], env);
    await server.waitForLine('listening on', 60_000);
    const base = `http://127.0.0.1:${port}`;
    const inProcessUrl = `${base}/api/mods/bench-inproc/hello`;
    const sandboxUrl = `${base}/api/mods/bench-guest/hello`;
    await check(inProcessUrl);
    await check(sandboxUrl);
    const pid = server.child.pid!;
    const sbPid = sandboxPid(pid);
    await measure(inProcessUrl, WARMUP_S, pid, sbPid);
    await measure(sandboxUrl, WARMUP_S, pid, sbPid);
    const inProcess: Measured[] = [];
    const sandboxed: Measured[] = [];
    // Alternating, starting with the other one each round: a machine busy with other work blurs both alike.
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        inProcess.push(await measure(inProcessUrl, MEASURE_S, pid, sbPid));
        sandboxed.push(await measure(sandboxUrl, MEASURE_S, pid, sbPid));
      } else {
        sandboxed.push(await measure(sandboxUrl, MEASURE_S, pid, sbPid));
        inProcess.push(await measure(inProcessUrl, MEASURE_S, pid, sbPid));
      }
    }
    const failures = [...inProcess, ...sandboxed].reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
    const inRps = median(inProcess.map((x) => x.rps));
    const sbRps = median(sandboxed.map((x) => x.rps));
    // Each round's two runs are back to back: the median of the per-round ratios cancels the
    // machine's slower swings, which move both runs of a round alike.
    const paired = (of: (x: Measured) => number, inverse = false) => median(sandboxed.map((x, i) => (inverse ? of(inProcess[i]!) / of(x) : of(x) / of(inProcess[i]!))));
    const r = round(
      paired((x) => x.rps),
      3,
    );
    const p = (xs: Measured[], q: 'p50' | 'p99') => median(xs.map((x) => x.latencyMs[q]));
    const cpu = (xs: Measured[], key: 'serverCpuUsPerRequest' | 'sandboxCpuUsPerRequest' | 'totalCpuUsPerRequest') => median(xs.map((x) => x[key]));
    const inCpu = cpu(inProcess, 'totalCpuUsPerRequest');
    const sbCpu = cpu(sandboxed, 'totalCpuUsPerRequest');
    // The in-process CPU per request over the sandboxed one: the requests/s ratio a machine whose
    // cores all went to these two routes would see.
    const cpuRatio = round(
      paired((x) => x.totalCpuUsPerRequest, true),
      3,
    );
    const added = { p50: round(p(sandboxed, 'p50') - p(inProcess, 'p50'), 2), p99: round(p(sandboxed, 'p99') - p(inProcess, 'p99'), 2) };
    const verdict = (value: number | null) => (failures > 0 ? 'ERROR' : value !== null && value >= TARGET_RATIO ? 'PASS' : 'MISS');
    const rows: Row[] = [
      {
        benchmark: `Sandboxed mod route GET, 50 conns (${ROUNDS}×${MEASURE_S} s each, median of per-round ratios)`,
        measured: fmt.rps(sbRps),
        baseline: `in-process mod ${fmt.rps(inRps)}`,
        ratio: fmt.ratio(r),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: verdict(r),
      },
      {
        benchmark: 'Sandboxed mod route, CPU per request (server + sandbox)',
        measured: `${round(cpu(sandboxed, 'serverCpuUsPerRequest'))} + ${round(cpu(sandboxed, 'sandboxCpuUsPerRequest'))} µs`,
        baseline: `in-process ${round(inCpu)} µs`,
        ratio: fmt.ratio(cpuRatio),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: verdict(cpuRatio),
      },
      {
        benchmark: 'Sandboxed mod route, added latency p50 / p99',
        measured: `${p(sandboxed, 'p50')} / ${p(sandboxed, 'p99')} ms`,
        baseline: `in-process ${p(inProcess, 'p50')} / ${p(inProcess, 'p99')} ms`,
        ratio: `+${added.p50} / +${added.p99} ms`,
        target: 'reported only',
        result: 'info',
      },
    ];
    const notes = [
      `Sandbox samples: sandboxed ${fmt.list(
        sandboxed.map((x) => x.rps),
        fmt.rps,
      )}; in-process ${fmt.list(
        inProcess.map((x) => x.rps),
        fmt.rps,
      )}`,
      `Sandbox CPU per request (server + sandbox, µs): sandboxed ${sandboxed.map((x) => `${round(x.serverCpuUsPerRequest)} + ${round(x.sandboxCpuUsPerRequest)}`).join(', ')}; in-process ${inProcess.map((x) => round(x.serverCpuUsPerRequest)).join(', ')}; other work on the machine ${fmt.list(
        [...inProcess, ...sandboxed].map((x) => x.otherCores),
        (v) => v.toFixed(1),
      )} cores`,
    ];
    const raw = {
      rounds: ROUNDS,
      measureS: MEASURE_S,
      inProcessRps: round(inRps),
      sandboxedRps: round(sbRps),
      roundRatios: sandboxed.map((x, i) => ({ rps: round(x.rps / inProcess[i]!.rps, 3), cpu: round(inProcess[i]!.totalCpuUsPerRequest / x.totalCpuUsPerRequest, 3) })),
      ratio: r,
      cpuUsPerRequest: { inProcess: inCpu, sandboxed: sbCpu, sandboxedServer: cpu(sandboxed, 'serverCpuUsPerRequest'), sandboxedSandbox: cpu(sandboxed, 'sandboxCpuUsPerRequest') },
      cpuRatio,
      addedLatencyMs: added,
      failures,
      inProcess,
      sandboxed,
      targetRatio: TARGET_RATIO,
    };
    return { rows, notes, raw };
  } finally {
    if (server) await stopChild(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const main = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (main && process.argv[2] === '--serve') {
  await serve(process.argv[3]!, Number(process.argv[4]));
} else if (main) {
  try {
    const outcome = await runSandboxRoute();
    process.stdout.write(`\n${formatTable(outcome.rows)}\n\n${outcome.notes.map((n) => `  · ${n}`).join('\n')}\n`);
    process.stdout.write(`BENCH_JSON ${JSON.stringify({ sandbox: outcome.raw })}\n`);
  } finally {
    await stopAll();
  }
}
