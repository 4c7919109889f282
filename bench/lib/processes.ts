/**
 * Child processes for the benchmarks: every process bench/ starts is tracked and stopped by its
 * PID (SIGTERM, then SIGKILL after a grace period), including on failure and on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../../kernel/config.js';
import { cpuWindow } from './cpu.js';
import { freePort, startServer, type ServerProcess } from '../../test/e2e/server-process.js';

const live = new Set<ChildProcess>();

/** Remembers `child` until it exits, so {@link stopAll} can stop it. */
export function track(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** SIGTERM by PID and wait for the exit; SIGKILL after `graceMs`. Resolves to the exit code. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Stops every tracked child that is still running. */
export async function stopAll(graceMs = 5_000): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child, graceMs).catch(() => null)));
}

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pid ${child.pid} did not exit within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Resident set size of a process, from `/proc/<pid>/status` (VmRSS). */
export function readVmRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

export interface ScriptProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first output line containing `marker` and the `performance.now()` it arrived at. */
  waitForLine(marker: string, timeoutMs: number): Promise<{ line: string; at: number }>;
}

/**
 * Spawns `node --import tsx <script> ...args` from the project root with the same minimal
 * environment the e2e helper gives the server, so process start-up costs are comparable.
 */
export function spawnNodeScript(script: string, args: string[], env: Record<string, string> = {}): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let out = '';
  const seen = new Map<string, { line: string; at: number }>();
  const watchers = new Map<string, (hit: { line: string; at: number }) => void>();
  const scan = () => {
    for (const [marker, notify] of watchers) {
      const complete = out.split('\n').slice(0, -1); // only whole lines
      const line = complete.find((l) => l.includes(marker));
      if (line !== undefined) {
        const hit = { line, at: performance.now() };
        seen.set(marker, hit);
        watchers.delete(marker);
        notify(hit);
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    scan();
  });
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return {
    child,
    output: () => out,
    waitForLine(marker, timeoutMs) {
      const already = seen.get(marker);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          watchers.delete(marker);
          reject(new Error(`${script}: no "${marker}" within ${timeoutMs} ms:\n${out}`));
        }, timeoutMs);
        const onExit = (code: number | null) => {
          clearTimeout(timer);
          watchers.delete(marker);
          reject(new Error(`${script} exited with ${code} before "${marker}":\n${out}`));
        };
        child.once('exit', onExit);
        watchers.set(marker, (hit) => {
          clearTimeout(timer);
          child.off('exit', onExit);
          resolve(hit);
        });
        scan();
      });
    },
  };
}

/**
 * The server process this process spawned for `dataDir`, found in /proc by parent PID and its
 * SVC_DATA_DIR. Used when `startServer` rejects (it does not hand back the child on a timeout).
 */
function findServerPid(dataDir: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`SVC_DATA_DIR=${dataDir}`)) return Number(entry);
    } catch {
      // the process went away while we looked
    }
  }
  return undefined;
}

/**
 * The Node flags `npm start` runs the server with: what package.json's `start` script puts
 * between `node` and `scripts/start.mjs`. The benchmarks start the server with exactly these
 * (the test suites' servers run with flags of their own).
 */
export function npmStartNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = start.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'scripts/start.mjs') throw new Error(`package.json's start script is not \`node [flags] scripts/start.mjs\`: ${start}`);
  return words.slice(1, -1);
}

/**
 * `startServer` (the e2e helper) with the child tracked, and killed by PID if the start fails.
 * The server runs as `npm start` runs it: its Node flags, and the log level a user gets (`info`
 * unless `env` names another): its request lines are written to a pipe this process reads and
 * drops, as a terminal or log collector would.
 */
export async function launchServer(options: { dataDir: string; port: number; timeoutMs: number; env?: Record<string, string> }): Promise<ServerProcess> {
  try {
    // `info` is the default of `npm start` (the e2e helper otherwise starts servers at `warn`).
    // `SVC_BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof'` profiles the server under the bench's load.
    const nodeOptions: Record<string, string> = process.env.SVC_BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SVC_BENCH_SERVER_NODE_OPTIONS } : {};
    const server = await startServer({ ...options, nodeFlags: npmStartNodeFlags(), env: { SVC_LOG_LEVEL: 'info', ...nodeOptions, ...options.env }, dropOutputAfterStart: true });
    track(server.child);
    return server;
  } catch (error) {
    const pid = findServerPid(options.dataDir);
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    throw error;
  }
}

/**
 * Polls `url` every `intervalMs` until it answers 200; resolves to the milliseconds since `since`
 * (a `performance.now()` value) at which that response arrived.
 */
export async function pollUntilOk(url: string, options: { since: number; timeoutMs: number; intervalMs?: number; giveUp?: () => Error | undefined }): Promise<number> {
  const deadline = options.since + options.timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      const at = performance.now();
      await res.arrayBuffer();
      if (res.status === 200) return at - options.since;
    } catch {
      // not listening yet
    }
    const reason = options.giveUp?.();
    if (reason) throw reason;
    if (performance.now() > deadline) throw new Error(`no 200 from ${url} within ${options.timeoutMs} ms`);
    await sleep(options.intervalMs ?? 25);
  }
}

export interface TimedStart {
  server: ServerProcess;
  /** Spawn → first 200 from `GET /api/health`. */
  healthyMs: number;
  /** CPU time the server process had used when it first answered (all threads). */
  cpuMs: number;
  /** Cores kept busy by other processes meanwhile. */
  otherCores: number;
}

/** Spawns the server on `dataDir` and measures spawn → first 200 from `GET /api/health`. */
export async function timedServerStart(dataDir: string, timeoutMs: number): Promise<TimedStart> {
  const port = await freePort();
  const closeWindow = cpuWindow([process.pid]);
  const since = performance.now();
  // With a port given, startServer spawns synchronously, so `since` is the spawn time.
  const launching = launchServer({ dataDir, port, timeoutMs });
  let failure: Error | undefined;
  launching.catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
  });
  try {
    const healthyMs = await pollUntilOk(`http://127.0.0.1:${port}/api/health`, { since, timeoutMs, giveUp: () => failure });
    const server = await launching;
    const cpu = closeWindow([server.child.pid!]);
    return { server, healthyMs, cpuMs: cpu.byPid.get(server.child.pid!)!, otherCores: cpu.otherCores };
  } catch (error) {
    await launching.then(
      (server) => stopChild(server.child),
      () => undefined,
    );
    throw error;
  }
}
