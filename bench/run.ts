/**
 * `npm run bench`: runs every benchmark, prints a table of figures as ratios to baselines
 * measured in this same run, then one `BENCH_JSON {...}` line with all raw numbers.
 * It reports and does not gate: a MISS still exits 0; only a benchmark that could not be
 * measured at all (ERROR) makes the exit code non-zero.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { projectRoot } from '../kernel/config.js';
import { tempDataDir } from '../test/e2e/server-process.js';
import { runAgentsList } from './agents-list.js';
import { runAuthThroughput } from './auth-throughput.js';
import { runBrainsBench } from './brains.js';
import { runSearchBench } from './search.js';
import { runSandboxRoute } from './sandbox-route.js';
import { runSchedulerBench } from './scheduler.js';
import { runForgeDownload } from './forge-download.js';
import { runGatewayDispatch } from './gateway-dispatch.js';
import { runChatBench } from './chat.js';
import { runTracingBench } from './tracing.js';
import { runChatRenderBench } from './chat-render.js';
import { runHttpThroughput } from './http-throughput.js';
import { runLogSinks } from './log-sinks.js';
import { stopAll } from './lib/processes.js';
import { formatTable, type BenchOutcome, type Row } from './lib/report.js';
import { round } from './lib/stats.js';
import { runScaleBench } from './scale.js';
import { runStartup } from './startup.js';
import { runIdleRssSplit } from './idle-rss-split.js';
import { runStreamsBench } from './streams.js';

/**
 * Hard stop for the whole run. All benchmarks took over 10 minutes on 2 cores at 587eb90
 * (idle-split 3 min, logs 2 min, brains seeds 1M rows); a run stopped here still prints what it
 * measured. `--only <name>` runs one.
 */
const BUDGET_MS = 1_800_000;

const rows: Row[] = [];
const notes: string[] = [];
const results: Record<string, unknown> = {};
const errors: { benchmark: string; message: string }[] = [];
let current: string | undefined;
const startedAt = new Date();
const t0 = performance.now();
const dataDirs: string[] = [];

async function cleanup(): Promise<void> {
  await stopAll();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

function abort(reason: string, code: number): void {
  process.stderr.write(`bench: ${reason}; stopping the processes it started\n`);
  void cleanup().finally(() => {
    // What was measured before the stop is still reported.
    if (rows.length > 0) report(`stopped (${reason}) during ${current ?? 'start-up'}`);
    process.exit(code);
  });
}
process.once('SIGINT', () => abort('interrupted', 130));
process.once('SIGTERM', () => abort('terminated', 143));
setTimeout(() => abort(`over the ${BUDGET_MS / 1000} s budget`, 1), BUDGET_MS).unref();

/** The code being measured: HEAD and how many files differ from it (bench/ itself excluded). */
function codeRevision(): { commit: string; changedFiles: number } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const changed = git('status', '--porcelain', '--', '.', ':(exclude)bench');
    return { commit: git('rev-parse', '--short=12', 'HEAD'), changedFiles: changed === '' ? 0 : changed.split('\n').length };
  } catch {
    return { commit: 'unknown', changedFiles: -1 };
  }
}

const loadavg = () => os.loadavg().map((v) => round(v, 2));
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  totalMemBytes: os.totalmem(),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  loadavgStart: loadavg(),
};
const code = codeRevision();
process.stdout.write(
  `svc bench: code ${code.commit}${code.changedFiles > 0 ? ` + ${code.changedFiles} changed files` : ''}; ` +
    `${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}; ` +
    `load average ${machine.loadavgStart.join(' ')}\n`,
);
if (machine.loadavgStart[0]! > machine.cpus / 2) {
  process.stdout.write('bench: the machine is already busy; ratios hold up better than absolute figures, but expect noise\n');
}

// Load fetch (undici) now, so its first use does not land inside a timed poll loop.
await fetch('http://127.0.0.1:9/', { signal: AbortSignal.timeout(1_000) }).catch(() => undefined);

const dataDir = tempDataDir();
dataDirs.push(dataDir);
// Its own install: basic mode and a token must not change the other benchmarks' server.
const authDataDir = tempDataDir();
dataDirs.push(authDataDir);

const benchmarks: { name: string; run: () => Promise<BenchOutcome> }[] = [
  // Starts on an empty dir first, which prepares `dataDir` for the restarts and the HTTP run.
  { name: 'startup', run: () => runStartup(dataDir) },
  { name: 'idle-split', run: () => runIdleRssSplit(dataDir) },
  { name: 'http', run: () => runHttpThroughput(dataDir) },
  { name: 'auth', run: () => runAuthThroughput(authDataDir) },
  { name: 'logs', run: () => runLogSinks() },
  { name: 'agents', run: () => runAgentsList(dataDir) },
  { name: 'chat', run: () => runChatBench() },
  { name: 'tracing', run: () => runTracingBench() },
  { name: 'streams', run: () => runStreamsBench() },
  { name: 'chat-render', run: () => runChatRenderBench() },
  { name: 'brains', run: () => runBrainsBench() },
  { name: 'search', run: () => runSearchBench() },
  { name: 'sandbox', run: () => runSandboxRoute() },
  { name: 'scheduler', run: () => runSchedulerBench() },
  { name: 'forge', run: () => runForgeDownload() },
  { name: 'gateway', run: () => runGatewayDispatch() },
  { name: 'scale', run: () => runScaleBench() },
];

// `npm run bench -- --only http` runs one benchmark (the others take their time too).
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
const selected = only ? benchmarks.filter((b) => b.name === only) : benchmarks;
if (only && selected.length === 0) {
  process.stderr.write(`bench: no benchmark named ${only} (have: ${benchmarks.map((b) => b.name).join(', ')})\n`);
  process.exit(2);
}

for (const bench of selected) {
  current = bench.name;
  const started = performance.now();
  process.stderr.write(`bench: running ${bench.name}…\n`);
  try {
    const outcome = await bench.run();
    rows.push(...outcome.rows);
    notes.push(...outcome.notes);
    results[bench.name] = outcome.raw;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    errors.push({ benchmark: bench.name, message });
    rows.push({ benchmark: bench.name, measured: '-', baseline: '-', ratio: '-', target: '-', result: 'ERROR' });
    notes.push(`${bench.name} failed: ${message.split('\n')[0]}`);
    await stopAll();
  }
  process.stderr.write(`bench: ${bench.name} done in ${round((performance.now() - started) / 1000)} s\n`);
}

current = undefined;
await cleanup();
report();
process.exit(errors.length > 0 ? 1 : 0);

/** Prints the table, the notes and the JSON record of what was measured. */
function report(stopped?: string): void {
  const durationS = round((performance.now() - t0) / 1000);
  const machineEnd = { ...machine, loadavgEnd: loadavg() };
  process.stdout.write(`\n${formatTable(rows)}\n\n`);
  for (const note of notes) process.stdout.write(`  · ${note}\n`);
  if (stopped) process.stdout.write(`  · ${stopped}: the benchmarks after it did not run\n`);
  process.stdout.write(
    `\nFigures are ratios to baselines measured in this run on this machine; absolute numbers are for reference only. ` + `Total ${durationS} s; load average at end ${machineEnd.loadavgEnd.join(' ')}.\n`,
  );
  const json = { schema: 1, startedAt: startedAt.toISOString(), durationS, code, machine: machineEnd, rows, results, errors, ...(stopped ? { stopped } : {}) };
  process.stdout.write(`BENCH_JSON ${JSON.stringify(json)}\n`);
}
