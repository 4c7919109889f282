/**
 * The command line of a mod's sandbox process: Node running `sandbox-worker.mjs`, confined by
 * what the platform offers beyond the isolate itself.
 *
 * - `prlimit` (util-linux), where the host has it: RLIMIT_AS and RLIMIT_CPU on the process
 *   (`SANDBOX_ADDRESS_SPACE_BYTES`, `SANDBOX_CPU_SECONDS`). prlimit sets them and execs Node, so
 *   the pid, the IPC channel and the empty environment are the worker's own. Without prlimit the
 *   worker runs without operating-system limits (the isolate's heap limit, the call deadlines and
 *   the idle CPU watch still hold).
 * - Node's permission model (`--permission` on Node 24 and 22.13+, `--experimental-permission` on
 *   22.12; skipped on a Node that lacks `--allow-addons`): the process may read only its own code (this folder), the packages it loads
 *   (isolated-vm, Ajv and their dependencies) and the mod's folder; it may not write, start
 *   processes or worker threads. `--allow-addons` because isolated-vm is a native addon: a
 *   native addon is outside the model, so this wall holds against a guest that reached the
 *   worker's JavaScript, not against one that reached native code.
 */
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_ADDRESS_SPACE_BYTES, SANDBOX_CPU_SECONDS, WORKER_HEAP_MB } from './sandbox-limits.js';

export const SANDBOX_WORKER = fileURLToPath(new URL('./sandbox-worker.mjs', import.meta.url));

/** Where prlimit lives on the hosts we know; looked up by absolute path (the child's PATH is empty). */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((candidate) => existsSync(candidate));

const nodeFlags = process.allowedNodeEnvironmentFlags;
/** Node 22.13+/23.5+ name the stable flag `--permission`; Node 22.12 has only the experimental one. */
const PERMISSION_FLAG = nodeFlags.has('--permission') ? '--permission' : nodeFlags.has('--experimental-permission') ? '--experimental-permission' : undefined;
/**
 * The model needs `--allow-addons` to load isolated-vm (every supported Node has it); a Node
 * without it runs the worker without the model rather than not at all.
 */
const PERMISSION_MODEL = PERMISSION_FLAG !== undefined && nodeFlags.has('--allow-addons');

/**
 * Profiling (a benchmark's knob, off by default): with `SVC_SANDBOX_PROF_DIR=<absolute dir>` in
 * the kernel's environment every sandbox process writes V8's tick log (`--prof`, one file per
 * isolate: the worker's and the guest's) into that folder, for `node --prof-process`. Not
 * `--cpu-prof`: the permission model turns the inspector off, and V8 writes its log itself.
 */
function profilingFlags(): string[] {
  const dir = process.env.SVC_SANDBOX_PROF_DIR;
  if (!dir || !path.isAbsolute(dir)) return [];
  return ['--prof', `--logfile=${path.join(dir, 'sandbox-%p.log')}`];
}

/** Past the soft CPU limit the operating system sends SIGXCPU (which ends the worker); past the hard one, SIGKILL. */
const CPU_HARD_GRACE_SECONDS = 5;

const real = (dir: string): string[] => {
  try {
    const resolved = realpathSync(dir);
    return resolved === dir ? [dir] : [dir, resolved];
  } catch {
    return [dir];
  }
};

/**
 * The folders of the packages the worker loads, each with its own dependencies: isolated-vm
 * (and node-gyp-build, which picks its prebuilt binary for this Node at load time), and Ajv.
 */
function packageFolders(): string[] {
  const folderOf = (name: string, from: string) => path.dirname(createRequire(from).resolve(`${name}/package.json`));
  const withDependencies = (name: string): string[] => {
    const folder = folderOf(name, import.meta.url);
    const manifest = path.join(folder, 'package.json');
    const deps = Object.keys((createRequire(import.meta.url)(manifest) as { dependencies?: Record<string, string> }).dependencies ?? {});
    return [folder, ...deps.map((dep) => folderOf(dep, manifest))];
  };
  return [...withDependencies('isolated-vm'), ...withDependencies('ajv')];
}

/**
 * Files outside those folders that a package reads while it loads: node-gyp-build asks whether
 * `/etc/alpine-release` exists (musl or glibc prebuilt), and under the model even that question
 * throws unless the one file may be read. It holds only the Alpine version, where it exists.
 */
const LOAD_PROBES = ['/etc/alpine-release'];

let packages: string[] | undefined;

export interface SandboxLaunch {
  command: string;
  args: string[];
  cwd: string;
  /** Whether the operating-system limits apply (not when the host has no prlimit). */
  osLimits: boolean;
  /** Whether Node's permission model confines the worker (not on a Node without `--allow-addons`). */
  permissionModel: boolean;
}

export function sandboxLaunch(modId: string, modDir: string): SandboxLaunch {
  packages ??= PERMISSION_MODEL ? packageFolders() : [];
  const readable = [path.dirname(SANDBOX_WORKER), ...packages, modDir].flatMap(real);
  if (PERMISSION_MODEL) readable.push(...LOAD_PROBES);
  const permissions = PERMISSION_MODEL
    ? [
        PERMISSION_FLAG!,
        '--allow-addons',
        ...readable.map((dir) => `--allow-fs-read=${dir}`),
        // The model is announced on every start; the warnings would only fill the stderr tail.
        '--disable-warning=ExperimentalWarning',
        '--disable-warning=SecurityWarning',
      ]
    : [];
  // isolated-vm needs --no-node-snapshot; the kernel does not.
  const node = ['--no-node-snapshot', `--max-old-space-size=${WORKER_HEAP_MB}`, ...permissions, ...profilingFlags(), SANDBOX_WORKER, modId];
  const cwd = path.dirname(SANDBOX_WORKER);
  if (!PRLIMIT) return { command: process.execPath, args: node, cwd, osLimits: false, permissionModel: PERMISSION_MODEL };
  const limits = [`--as=${SANDBOX_ADDRESS_SPACE_BYTES}`, `--cpu=${SANDBOX_CPU_SECONDS}:${SANDBOX_CPU_SECONDS + CPU_HARD_GRACE_SECONDS}`];
  return { command: PRLIMIT, args: [...limits, '--', process.execPath, ...node], cwd, osLimits: true, permissionModel: PERMISSION_MODEL };
}
