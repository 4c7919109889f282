/**
 * What the request log costs wherever standard output goes. The same server (default `info` log
 * level: one line per request) is started three times, with its standard output
 *
 * - a **pipe** this process reads and drops (a process manager, `| tee`, a log collector),
 * - a regular **file** (`npm start > svc.log`, systemd `StandardOutput=append:`, nohup),
 * - a **terminal** (a pseudo-terminal made by util-linux `script`, read and dropped here),
 *
 * and each is loaded on `GET /api/health` and on a Basic-cookie `GET /api/auth/validate`, against
 * the bare Fastify baseline of `http`/`auth` in the same run. The figure to read is server CPU per
 * request: a file should cost what the pipe costs (target ≤ 1.10× the pipe's CPU per request),
 * since every destination goes through the logger's one batching writer. The terminal is
 * reported: the kernel's terminal line discipline handles every byte written to a terminal (it
 * turns each newline into CR LF), work charged to the writing process that no writer can avoid
 * short of changing the operator's terminal settings.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../kernel/config.js';
import { freePort } from '../test/e2e/server-process.js';
import { BARE_BEARER } from './lib/baselines.js';
import { load, type LoadResult } from './http-throughput.js';
import { pollUntilOk, spawnNodeScript, stopChild, track, type ScriptProcess } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';

const MEASURE_S = 5;
const ROUNDS = 2;
/** A destination may cost at most this much more server CPU per request than the pipe. */
const TARGET_VS_PIPE = 1.1;
const USER = 'bench';
const PASSWORD = 'bench password 123';

type Sink = 'pipe' | 'file' | 'terminal';
const SINKS: Sink[] = ['pipe', 'file', 'terminal'];
/** The destinations held to {@link TARGET_VS_PIPE}; the others are reported. */
const HELD: ReadonlySet<Sink> = new Set(['file']);

interface SinkServer {
  url: string;
  /** The server's own PID (under `script`, the child of the process spawned here). */
  pid: number;
  /** Bytes the server has written to its standard output so far. */
  written(): number;
  stop(): Promise<void>;
}

/** The PID of the live child of `parent` (the server `script` runs), if there is one yet. */
function childOf(parent: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) return Number(entry);
    } catch {
      // gone while we looked
    }
  }
  return undefined;
}

async function launch(sink: Sink, dir: string): Promise<SinkServer> {
  const port = await freePort();
  const dataDir = path.join(dir, `data-${sink}`);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SVC_PORT: String(port),
    SVC_DATA_DIR: dataDir,
    SVC_LOG_LEVEL: 'info',
    SVC_UI_AUTH_MODE: 'basic',
    SVC_UI_AUTH_BASIC_USERNAME: USER,
    SVC_UI_AUTH_BASIC_PASSWORD: PASSWORD,
    SVC_UI_AUTH_BASIC_INSECURE_COOKIES: 'true',
  };
  const node = [process.execPath, '--import', 'tsx', 'kernel/main.ts'];
  let child: ChildProcess;
  let written = 0;
  let logFile: string | undefined;
  if (sink === 'file') {
    logFile = path.join(dir, 'svc.log');
    const fd = openSync(logFile, 'a');
    child = spawn(node[0]!, node.slice(1), { cwd: projectRoot, env, stdio: ['ignore', fd, 'pipe'] });
    closeSync(fd);
  } else if (sink === 'terminal') {
    // util-linux `script` gives the command a pseudo-terminal as its standard output; `exec` makes
    // the server the shell's replacement, so it is the direct child of `script`.
    const command = node.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    child = spawn('script', ['-qfec', `exec ${command}`, '/dev/null'], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  } else {
    child = spawn(node[0]!, node.slice(1), { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  }
  track(child);
  child.stdout?.on('data', (chunk: Buffer) => (written += chunk.length));
  child.stderr!.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  await pollUntilOk(`http://127.0.0.1:${port}/api/health`, {
    since: performance.now(),
    timeoutMs: 60_000,
    giveUp: () => (gone ? new Error(`the server writing to a ${sink} exited before it answered`) : undefined),
  });
  const pid = sink === 'terminal' ? childOf(child.pid!) : child.pid!;
  if (pid === undefined) throw new Error('no server process under script');
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    written: () => (logFile ? statSync(logFile).size : written),
    async stop() {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await stopChild(child);
    },
  };
}

async function cookieOf(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/validate`, {
    headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

interface Case {
  name: string;
  path: string;
  /** The bare Fastify route it is compared with. */
  barePath: string;
  bareHeaders: Record<string, string>;
}

const CASES: Case[] = [
  { name: 'GET /api/health', path: '/api/health', barePath: '/api/health', bareHeaders: {} },
  { name: 'Basic cookie GET /api/auth/validate', path: '/api/auth/validate', barePath: '/api/authed', bareHeaders: { authorization: `Bearer ${BARE_BEARER}` } },
];

export async function runLogSinks(): Promise<BenchOutcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-logs-'));
  let bare: ScriptProcess | undefined;
  const servers: Partial<Record<Sink, SinkServer>> = {};
  try {
    const barePort = await freePort();
    bare = spawnNodeScript('bench/bare-fastify.ts', [String(barePort)]);
    await bare.waitForLine('listening on', 30_000);
    const barePid = bare.child.pid!;
    const cookies: Partial<Record<Sink, string>> = {};
    for (const sink of SINKS) {
      servers[sink] = await launch(sink, dir);
      cookies[sink] = await cookieOf(servers[sink]!.url);
    }
    const headersFor = (sink: Sink, c: Case): Record<string, string> => (c.path === '/api/health' ? {} : { cookie: cookies[sink]! });

    // Warm-up, then rounds that alternate the baseline and every destination.
    for (const c of CASES) {
      await load(`http://127.0.0.1:${barePort}${c.barePath}`, 2, [barePid, barePid], c.bareHeaders);
      for (const sink of SINKS) await load(`${servers[sink]!.url}${c.path}`, 2, [servers[sink]!.pid, barePid], headersFor(sink, c));
    }
    const results = new Map<string, LoadResult[]>();
    const push = (key: string, r: LoadResult) => results.set(key, [...(results.get(key) ?? []), r]);
    const writtenBefore = Object.fromEntries(SINKS.map((sink) => [sink, servers[sink]!.written()]));
    for (let i = 0; i < ROUNDS; i++) {
      for (const c of CASES) {
        push(`bare ${c.name}`, await load(`http://127.0.0.1:${barePort}${c.barePath}`, MEASURE_S, [barePid, barePid], c.bareHeaders));
        for (const sink of SINKS) push(`${sink} ${c.name}`, await load(`${servers[sink]!.url}${c.path}`, MEASURE_S, [servers[sink]!.pid, barePid], headersFor(sink, c)));
      }
    }
    // Lines are written within 10 ms: by now every measured request's line must have arrived.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const rows: Row[] = [];
    const raw: Record<string, unknown> = { measureS: MEASURE_S, rounds: ROUNDS, targetVsPipe: TARGET_VS_PIPE };
    const cpu = (key: string) => median((results.get(key) ?? []).map((x) => x.serverCpuUsPerRequest));
    const rps = (key: string) => median((results.get(key) ?? []).map((x) => x.rps));
    const failures = (key: string) => (results.get(key) ?? []).reduce((n, x) => n + x.non2xx + x.errors + x.timeouts, 0);
    for (const c of CASES) {
      const bareCpu = cpu(`bare ${c.name}`);
      const pipeCpu = cpu(`pipe ${c.name}`);
      for (const sink of SINKS) {
        const key = `${sink} ${c.name}`;
        const vsPipe = ratio(cpu(key), pipeCpu);
        const requests = (results.get(key) ?? []).reduce((n, x) => n + x.total2xx, 0);
        rows.push({
          benchmark: `Log to a ${sink}: ${c.name}, server CPU per request`,
          measured: `${cpu(key)} µs (${fmt.rps(rps(key))})`,
          baseline: sink === 'pipe' ? `bare ${bareCpu} µs (${fmt.rps(rps(`bare ${c.name}`))})` : `pipe ${pipeCpu} µs`,
          ratio: sink === 'pipe' ? fmt.ratio(ratio(bareCpu, pipeCpu)) : fmt.ratio(vsPipe),
          target: sink === 'pipe' ? 'reported (bare / svc)' : HELD.has(sink) ? `≤ ${TARGET_VS_PIPE}× the pipe` : 'reported (vs the pipe)',
          result: failures(key) > 0 ? 'ERROR' : !HELD.has(sink) ? 'info' : vsPipe !== null && vsPipe <= TARGET_VS_PIPE ? 'PASS' : 'MISS',
        });
        raw[key] = { cpuUsPerRequest: cpu(key), rps: round(rps(key)), requests, failures: failures(key), vsPipe, vsBare: ratio(bareCpu, cpu(key)) };
      }
    }
    const bytes = Object.fromEntries(SINKS.map((sink) => [sink, servers[sink]!.written() - writtenBefore[sink]!]));
    raw.logBytesDuringMeasure = bytes;
    return {
      rows,
      notes: [`log sinks: bytes of log written while measured: ${SINKS.map((sink) => `${sink} ${fmt.mib(bytes[sink]!)}`).join(', ')} ` + '(a destination that wrote far less lost or held lines)'],
      raw,
    };
  } finally {
    for (const sink of SINKS) await servers[sink]?.stop();
    if (bare) await stopChild(bare.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
