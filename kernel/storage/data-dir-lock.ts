/**
 * One svc process per data dir (the PGlite files must never have two writers), with a lock the
 * operating system releases when the process dies, however it dies.
 *
 * The running service listens on a Unix domain socket in the data dir (`svc.lock`). A start
 * that cannot bind that path connects to it: a connection means a live svc holds the lock (it
 * answers with its pid, for the refusal message); ECONNREFUSED means the holder is gone (the
 * kernel closed its socket when it died), so the leftover file is removed and bound afresh.
 * Nothing depends on a pid, so a pid reused by an unrelated process cannot block a restart.
 * The holder also answers the one request it serves there (`backup`: the embedded database's
 * dump, which only the process that has it open can take consistently; see serveConnection).
 *
 * The whole acquisition (bind, probe, unlink, bind again) runs inside an exclusive `mkdir`
 * critical section (`svc.lock.d`) held for a few milliseconds: two starts after a crash are
 * serialized, and a holder is listening before it leaves the section, so a refused connection
 * seen inside the section is a dead holder and never one that is between bind and listen. A
 * section left behind by a start killed inside it is taken over once it is older than
 * {@link GUARD_STALE_MS}.
 *
 * Unix socket paths are limited (108 bytes with the terminating NUL on Linux, 104 on macOS).
 * For a longer data dir path the socket is still the file `svc.lock` in the data dir, reached
 * through a short alias: a symlink `<tmpdir>/svc-locks-<uid>/<hash of the data dir>` → the data
 * dir, in a folder only this user can write. The lock thus stays tied to the data dir itself
 * (every start reaches the same socket file, whatever its TMPDIR) rather than to a name in a
 * namespace other users could take.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serveConnection, type LockRequest, type LockRequestHandler } from './data-dir-lock-requests.js';

export { requestFromLock, type LockRequest, type LockRequestHandler } from './data-dir-lock-requests.js';

export const LOCK_SOCKET_NAME = 'svc.lock';
export const LOCK_GUARD_NAME = 'svc.lock.d';
/** A critical section is held for milliseconds; one this old was left by a start that died in it. */
export const GUARD_STALE_MS = 10_000;
/** How long a start waits for another start's critical section before giving up. */
const GUARD_WAIT_MS = 15_000;
/** How long a live holder has to answer with its pid (it is still alive if it does not). */
const PROBE_READ_MS = 1_000;
/** Longest socket path the platform accepts (sun_path less its terminating NUL). */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(`another svc process (${pid === undefined ? 'pid unknown' : `pid ${pid}`}) is using ${dataDir}`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The socket address bound (the data dir's `svc.lock`, or its short alias). */
  readonly address: string;
  /** Answers `request` on the socket from now on (see {@link serveConnection}). */
  serve(request: LockRequest, handler: LockRequestHandler): void;
  /** Closes the socket and removes its file. Idempotent. */
  release(): void;
}

/**
 * Creates the data dir private to this user (0700) or tightens an existing one (an install made
 * by an older version was 0755). Returns a warning line when the mode could not be set.
 */
export function secureDataDir(dataDir: string): string | undefined {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if (mode === 0o700) return undefined;
  try {
    chmodSync(dataDir, 0o700);
    return undefined;
  } catch (error) {
    return `cannot make ${dataDir} private (mode ${mode.toString(8)}, wanted 700): ${(error as Error).message}`;
  }
}

/** The socket address for `dataDir`: the file itself, or a short alias when the path is too long. */
export function lockAddress(dataDir: string, tmpdir = os.tmpdir()): string {
  const direct = path.join(dataDir, LOCK_SOCKET_NAME);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH) return direct;
  const real = realpathSync(dataDir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const aliasRoot = path.join(tmpdir, `svc-locks-${uid}`);
  const alias = path.join(aliasRoot, createHash('sha256').update(real).digest('hex').slice(0, 16));
  const address = path.join(alias, LOCK_SOCKET_NAME);
  if (Buffer.byteLength(address) > MAX_SOCKET_PATH) {
    throw new Error(`the data dir path is too long for a lock socket and so is the temporary folder ${tmpdir} (set TMPDIR to a short path)`);
  }
  mkdirSync(aliasRoot, { recursive: true, mode: 0o700 });
  const root = lstatSync(aliasRoot);
  if (!root.isDirectory() || (typeof process.getuid === 'function' && root.uid !== uid) || (root.mode & 0o022) !== 0) {
    throw new Error(`${aliasRoot} must be a folder owned by this user and writable by no one else`);
  }
  // Replaced atomically each start: a stale or foreign alias never survives.
  const temporary = `${alias}.${process.pid}.${randomBytes(4).toString('hex')}`;
  symlinkSync(real, temporary, 'dir');
  try {
    renameSync(temporary, alias);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  return address;
}

type Probe = { state: 'alive'; pid?: number } | { state: 'stale' } | { state: 'absent' };

/** Connects to a lock socket: alive (with the holder's pid when it says it), stale, or absent. */
export function probeLock(address: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    let text = '';
    let connected = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const pid = Number(/"pid":(\d+)/.exec(text)?.[1]);
      resolve({ state: 'alive', pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    };
    const timer = setTimeout(finish, PROBE_READ_MS);
    timer.unref();
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return finish(); // it answered the connection: alive
      clearTimeout(timer);
      socket.destroy();
      // A socket file nobody listens on (or a file that is no socket at all) refuses.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOTSOCK') resolve({ state: 'stale' });
      else if (error.code === 'ENOENT') resolve({ state: 'absent' });
      else reject(error);
    });
  });
}

function listen(address: string, handlers: Map<LockRequest, LockRequestHandler>): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => serveConnection(socket, handlers));
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      server.on('error', () => undefined);
      server.unref(); // the lock never keeps the process alive
      resolve(server);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` while holding the `mkdir` critical section of `dataDir`. */
async function withGuard<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const guard = path.join(dataDir, LOCK_GUARD_NAME);
  const deadline = Date.now() + GUARD_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(guard, { mode: 0o700 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    breakStaleGuard(guard);
    if (Date.now() > deadline) throw new Error(`another start has held ${guard} for too long; remove it if no svc is starting`);
    await sleep(10 + Math.floor(Math.random() * 20));
  }
  try {
    return await fn();
  } finally {
    try {
      rmdirSync(guard);
    } catch {
      // already taken over as stale: nothing to release
    }
  }
}

/** Moves a critical section left by a start that died inside it out of the way. */
function breakStaleGuard(guard: string): void {
  let stats;
  try {
    stats = statSync(guard);
  } catch {
    return; // released meanwhile
  }
  if (Date.now() - stats.mtimeMs < GUARD_STALE_MS) return;
  const aside = `${guard}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(guard, aside);
    rmdirSync(aside);
  } catch {
    // another start moved it first
  }
}

/**
 * Takes the lock of `dataDir` (which must exist) or throws {@link DataDirLockedError} when a live
 * svc holds it. Other failures (permissions, an unusable path) throw as they are.
 */
export async function acquireDataDirLock(dataDir: string, options: { tmpdir?: string } = {}): Promise<DataDirLock> {
  const address = lockAddress(dataDir, options.tmpdir);
  const handlers = new Map<LockRequest, LockRequestHandler>();
  const server = await withGuard(dataDir, async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await listen(address, handlers);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error;
      }
      const found = await probeLock(address);
      if (found.state === 'alive') throw new DataDirLockedError(dataDir, found.pid);
      if (found.state === 'stale') {
        try {
          unlinkSync(address); // the holder died: the operating system already closed its socket
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  });
  let released = false;
  return {
    address,
    serve(request, handler) {
      handlers.set(request, handler);
    },
    release() {
      if (released) return;
      released = true;
      // libuv removes the socket file before closing the descriptor: never a successor's file.
      server.close();
    },
  };
}
