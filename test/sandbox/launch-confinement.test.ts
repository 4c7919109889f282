/**
 * The walls around the sandbox process beyond the isolate, as the kernel launches it: a probe
 * started with the worker's exact command line (prlimit and Node flags; only the script differs,
 * and it sits in the mod's folder) is refused every read outside its own code, the packages it
 * loads and the mod's folder, every write, child process and worker thread, yet loads
 * isolated-vm and runs an isolate; the operating system holds it to the CPU and address-space
 * limits.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sandboxLaunch, SANDBOX_WORKER } from '../../kernel/mods/isolate/sandbox-launch.js';
import { SANDBOX_ADDRESS_SPACE_BYTES, SANDBOX_CPU_SECONDS } from '../../kernel/mods/isolate/sandbox-limits.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'svc-launch-'));
const modDir = path.join(root, 'mod');
const secret = path.join(root, 'settings.key');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROBE = `
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const attempt = (fn) => { try { fn(); return 'allowed'; } catch (error) { return error.code ?? error.message; } };
const results = {
  readOutside: attempt(() => readFileSync(${JSON.stringify(secret)})),
  readEtc: attempt(() => readFileSync('/etc/passwd')),
  readOwnFolder: attempt(() => readFileSync(new URL('./mod.json', import.meta.url))),
  write: attempt(() => writeFileSync(new URL('./written.txt', import.meta.url), 'x')),
  childProcess: attempt(() => require('node:child_process').execFileSync(process.execPath, ['-e', '0'])),
  worker: attempt(() => new (require('node:worker_threads').Worker)('0', { eval: true })),
};
const ivm = require(${JSON.stringify(createRequire(import.meta.url).resolve('isolated-vm'))});
const isolate = new ivm.Isolate({ memoryLimit: 16 });
results.isolate = isolate.compileScriptSync('6 * 7').runSync(isolate.createContextSync());
process.stdout.write(JSON.stringify({ pid: process.pid, ...results }) + '\\n');
setTimeout(() => {}, 60_000);
`;

it('confines the sandbox process: reads, writes, processes and OS limits', async () => {
  mkdirSync(modDir, { recursive: true });
  writeFileSync(path.join(modDir, 'mod.json'), '{}');
  writeFileSync(secret, 'the data dir holds this');
  const probe = path.join(modDir, 'probe.mjs');
  writeFileSync(probe, PROBE);

  const launch = sandboxLaunch('probe', modDir);
  const args = launch.args.map((arg) => (arg === SANDBOX_WORKER ? probe : arg));
  const child = spawn(launch.command, args, { env: {}, cwd: launch.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('\n') && resolve())), exited]);
  const report = JSON.parse(out.split('\n')[0] || `{"stderr": ${JSON.stringify(err)}}`);

  // The model is on wherever Node has --allow-addons (the Node this suite runs on has it).
  expect(launch.permissionModel).toBe(process.allowedNodeEnvironmentFlags.has('--allow-addons'));
  if (launch.permissionModel) {
    expect(report).toMatchObject({
      readOutside: 'ERR_ACCESS_DENIED',
      readEtc: 'ERR_ACCESS_DENIED',
      readOwnFolder: 'allowed',
      write: 'ERR_ACCESS_DENIED',
      childProcess: 'ERR_ACCESS_DENIED',
      worker: 'ERR_ACCESS_DENIED',
    });
    expect(existsSync(path.join(modDir, 'written.txt'))).toBe(false);
  }
  expect(report.isolate).toBe(42);

  if (launch.osLimits) {
    // /proc/<pid>/limits: "Max cpu time  <soft>  <hard>  seconds", "Max address space  <soft>  <hard>  bytes".
    const limits = readFileSync(`/proc/${report.pid}/limits`, 'utf8');
    expect(limits).toMatch(new RegExp(`Max cpu time\\s+${SANDBOX_CPU_SECONDS}\\s+\\d+\\s+seconds`));
    expect(limits).toMatch(new RegExp(`Max address space\\s+${SANDBOX_ADDRESS_SPACE_BYTES}\\s+\\d+\\s+bytes`));
  }
  child.kill('SIGKILL');
  await exited;
});
