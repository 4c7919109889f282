/**
 * What the sandbox costs a route: one trivial handler served twice by the same kernel process,
 * once by an in-process mod and once by a sandboxed mod (isolate in its own child process), both
 * loaded by autocannon from this process over 127.0.0.1. Reported as the sandboxed mod's
 * requests/s relative to the in-process one (target ≥ 0.5) and the latency it adds.
 *
 * Run by itself: `node --import tsx bench/sandbox-route.ts`. With `--serve <dir> <port>` this
 * file is the server side instead: a kernel with the two bench mods from `<dir>`, on `<port>`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../test/e2e/server-process.js';
import { load, type LoadResult } from './http-throughput.js';
import { spawnNodeScript, stopChild, stopAll, type ScriptProcess } from './lib/processes.js';
import { formatTable, type BenchOutcome, type Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

const WARMUP_S = 2;
const MEASURE_S = 4;
const ROUNDS = 2;
const TARGET_RATIO = 0.5;
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

export async function runSandboxRoute(): Promise<BenchOutcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-sandbox-'));
  let server: ScriptProcess | undefined;
  try {
    writeMods(dir);
    const port = await freePort();
    server = spawnNodeScript('bench/sandbox-route.ts', ['--serve', dir, String(port)]);
    await server.waitForLine('listening on', 60_000);
    const base = `http://127.0.0.1:${port}`;
    const inProcessUrl = `${base}/api/mods/bench-inproc/hello`;
    const sandboxUrl = `${base}/api/mods/bench-guest/hello`;
    await check(inProcessUrl);
    await check(sandboxUrl);
    const pid = server.child.pid!;
    await load(inProcessUrl, WARMUP_S, [pid, pid]);
    await load(sandboxUrl, WARMUP_S, [pid, pid]);
    const inProcess: LoadResult[] = [];
    const sandboxed: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      inProcess.push(await load(inProcessUrl, MEASURE_S, [pid, pid]));
      sandboxed.push(await load(sandboxUrl, MEASURE_S, [pid, pid]));
    }
    const failures = [...inProcess, ...sandboxed].reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
    const inRps = median(inProcess.map((x) => x.rps));
    const sbRps = median(sandboxed.map((x) => x.rps));
    const r = ratio(sbRps, inRps);
    const p = (xs: LoadResult[], q: 'p50' | 'p99') => median(xs.map((x) => x.latencyMs[q]));
    const added = { p50: round(p(sandboxed, 'p50') - p(inProcess, 'p50'), 2), p99: round(p(sandboxed, 'p99') - p(inProcess, 'p99'), 2) };
    const rows: Row[] = [
      {
        benchmark: `Sandboxed mod route GET, 50 conns (median of ${ROUNDS}×${MEASURE_S} s)`,
        measured: fmt.rps(sbRps),
        baseline: `in-process mod ${fmt.rps(inRps)}`,
        ratio: fmt.ratio(r),
        target: `ratio ≥ ${TARGET_RATIO}`,
        result: failures > 0 ? 'ERROR' : r !== null && r >= TARGET_RATIO ? 'PASS' : 'MISS',
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
      'Sandbox: the server CPU figures exclude the sandbox process (it runs the isolate on its own core)',
    ];
    const raw = { rounds: ROUNDS, measureS: MEASURE_S, inProcessRps: round(inRps), sandboxedRps: round(sbRps), ratio: r, addedLatencyMs: added, failures, inProcess, sandboxed, targetRatio: TARGET_RATIO };
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
