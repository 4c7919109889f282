/**
 * Starts the real server (`node scripts/start.mjs`, the command `npm start` runs: the server's
 * build, made first when the sources changed) on a free loopback port with its own data dir,
 * and stops it by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../kernel/config.js';

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  /** SIGTERM and wait for exit; resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Data dirs made here; removed when the test process exits, so runs leave nothing in /tmp. */
const madeDirs = new Set<string>();
let cleanupRegistered = false;

/** The run's prefix: the global teardown removes what a killed test process could not. */
export function tempDataDirPrefix(runId = process.env.SVC_TEST_RUN_ID ?? 'adhoc'): string {
  return `svc-e2e-${runId}-`;
}

export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), tempDataDirPrefix()));
  madeDirs.add(dir);
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    process.once('exit', () => {
      for (const made of madeDirs) rmSync(made, { recursive: true, force: true });
    });
  }
  return dir;
}

/**
 * A data dir a real server made on its first start and then left (stopped), named by
 * `SVC_TEST_SERVER_TEMPLATE` (the browser suites' global setup makes one per run). A server
 * started `fromTemplate` begins from a copy: an installation that has started once, with nothing
 * set up yet, so it skips creating the embedded database and running every mod's migrations
 * (about 8 of the 11 s a first start takes on a 2-core machine). `SVC_TEST_SERVER_TEMPLATE=off`
 * makes none (a run of unit and sandbox suites).
 */
export function copyTemplateDataDir(into: string): boolean {
  const template = process.env.SVC_TEST_SERVER_TEMPLATE;
  // `off`: the run made none (it starts no server, or starts them on empty data dirs).
  if (!template || template === 'off') return false;
  cpSync(template, into, { recursive: true });
  return true;
}

/**
 * Node flags of the test suites' servers. A suite's server lives for seconds to a minute: V8's
 * optimizing tier would recompile PostgreSQL's hottest WebAssembly functions in the background,
 * about 4 s of CPU per process that pays back only in a long-lived one, and the suites run on
 * every core at once. Its baseline tier runs the same code. WebAssembly-to-JavaScript wrappers do
 * not tier up either, as in the test workers (`WORKER_NODE_FLAGS` in vitest.config.ts says why).
 * The benchmarks pass `nodeFlags`: the flags `npm start` gives (see bench/lib/processes.ts).
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--wasm-wrapper-tiering-budget=1000000000'];

/** Spawns the server; resolves once it printed its listening line (or rejects with its output). */
export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    port?: number;
    timeoutMs?: number;
    /** Keep only the output up to the listening line; later output is read and dropped (benchmarks at the default log level). */
    dropOutputAfterStart?: boolean;
    /** Start a data dir this helper makes from the run's template, when there is one (see `copyTemplateDataDir`). */
    fromTemplate?: boolean;
    /** Node's flags for the server; the suites' own ({@link SERVER_NODE_FLAGS}) unless given. */
    nodeFlags?: readonly string[];
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDataDir();
  if (ownsDir && options.fromTemplate) copyTemplateDataDir(dataDir);
  const child = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), 'scripts/start.mjs'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SVC_PORT: String(port), SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let keep = true;
  child.stdout!.on('data', (chunk) => keep && (out += chunk));
  child.stderr!.on('data', (chunk) => keep && (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${options.timeoutMs ?? 60_000} ms:\n${out}`)), options.timeoutMs ?? 60_000);
    const check = () => {
      if (out.includes('listening on')) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        if (options.dropOutputAfterStart) keep = false;
        resolve();
      }
    };
    child.stdout!.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url,
    port,
    dataDir,
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      // A data dir this helper made goes with its server; one passed in belongs to the test.
      if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs a TypeScript entry point of this project (as `npm start`/`npm run <script>` do) to its exit, with the flags of the suites' servers; resolves to its exit code and output. */
export function runNodeScript(script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', script, ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Runs the server expecting it to fail at start; resolves to its exit code and output. */
export function runToExit(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return runNodeScript('kernel/main.ts', [], { SVC_LOG_LEVEL: 'warn', ...env }, timeoutMs);
}
