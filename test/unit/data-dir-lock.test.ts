/**
 * The data-dir lock: held by a live process, released by the operating system when the holder
 * dies (even by SIGKILL), never decided by a pid, and safe when several starts race after a crash.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, GUARD_STALE_MS, LOCK_GUARD_NAME, LOCK_SOCKET_NAME, lockAddress, probeLock, secureDataDir, type DataDirLock } from '../../kernel/storage/data-dir-lock.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'svc-lock-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => {
  const dir = path.join(root, `d${n++}`);
  mkdirSync(dir);
  return dir;
};

/** A socket file whose holder was killed with SIGKILL: the file stays, nobody listens. */
async function staleSocketAt(address: string): Promise<void> {
  const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(address)}, () => console.log('ready'))`], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  expect(lstatSync(address).isSocket()).toBe(true);
}

describe('the data-dir lock', () => {
  it('refuses a second holder naming the live pid, and is free again after release', async () => {
    const dir = freshDir();
    const lock = await acquireDataDirLock(dir);
    expect(lock.address).toBe(path.join(dir, LOCK_SOCKET_NAME));
    expect(lstatSync(lock.address).isSocket()).toBe(true);
    const refused = await acquireDataDirLock(dir).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).pid).toBe(process.pid);
    expect((refused as Error).message).toBe(`another svc process (pid ${process.pid}) is using ${dir}`);
    lock.release();
    lock.release(); // idempotent
    expect(existsSync(lock.address)).toBe(false);
    expect(existsSync(path.join(dir, LOCK_GUARD_NAME))).toBe(false);
    (await acquireDataDirLock(dir)).release();
  });

  it('takes over the socket of a holder killed with SIGKILL', async () => {
    const dir = freshDir();
    await staleSocketAt(path.join(dir, LOCK_SOCKET_NAME));
    expect(await probeLock(path.join(dir, LOCK_SOCKET_NAME))).toEqual({ state: 'stale' });
    const lock = await acquireDataDirLock(dir);
    expect(await probeLock(lock.address)).toEqual({ state: 'alive', pid: process.pid });
    lock.release();
  });

  it('ignores a pid file naming a live unrelated process', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'svc.pid'), `${process.ppid}\n`); // alive, and not an svc
    const lock = await acquireDataDirLock(dir);
    lock.release();
  });

  it('treats a leftover file that is not a socket as stale', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_SOCKET_NAME), 'junk');
    (await acquireDataDirLock(dir)).release();
  });

  it('lets exactly one of several simultaneous starts win after a crash', async () => {
    const dir = freshDir();
    await staleSocketAt(path.join(dir, LOCK_SOCKET_NAME));
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => acquireDataDirLock(dir)));
    const won = results.filter((r): r is PromiseFulfilledResult<DataDirLock> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
    won[0]!.value.release();
  });

  it('lets exactly one of several simultaneous processes win after a crash', async () => {
    const dir = freshDir();
    await staleSocketAt(path.join(dir, LOCK_SOCKET_NAME));
    const script = `import { acquireDataDirLock } from ${JSON.stringify(path.resolve('kernel/storage/data-dir-lock.ts'))};
      acquireDataDirLock(process.argv[1]).then(() => { console.log('won'); setTimeout(() => {}, 3000); }, (e) => { console.log(e.name); process.exit(0); });`;
    const runs = Array.from({ length: 3 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout!.on('data', (c) => (out += c));
      return { child, done: new Promise<string>((resolve) => child.stdout!.on('data', () => out.includes('\n') && resolve(out.trim()))) };
    });
    const outcomes = await Promise.all(runs.map((r) => r.done));
    for (const r of runs) r.child.kill('SIGKILL');
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(2);
  }, 30_000);

  it('waits for a start inside its critical section, and takes over one a dead start left behind', async () => {
    const dir = freshDir();
    const guard = path.join(dir, LOCK_GUARD_NAME);
    mkdirSync(guard);
    setTimeout(() => rmSync(guard, { recursive: true }), 150);
    const started = Date.now();
    (await acquireDataDirLock(dir)).release();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);

    mkdirSync(guard);
    const old = (Date.now() - GUARD_STALE_MS - 1_000) / 1000;
    utimesSync(guard, old, old);
    (await acquireDataDirLock(dir)).release();
    expect(existsSync(guard)).toBe(false);
  });

  it('keeps the socket in a data dir whose path is too long for a socket address, through a short alias', async () => {
    let dir = freshDir();
    while (Buffer.byteLength(path.join(dir, LOCK_SOCKET_NAME)) <= 120) dir = path.join(dir, 'a-rather-long-folder-name');
    mkdirSync(dir, { recursive: true });
    const lock = await acquireDataDirLock(dir);
    expect(Buffer.byteLength(lock.address)).toBeLessThanOrEqual(107);
    expect(lock.address).toBe(lockAddress(dir));
    expect(lstatSync(path.join(dir, LOCK_SOCKET_NAME)).isSocket()).toBe(true); // the file lives in the data dir
    expect(statSync(path.dirname(path.dirname(lock.address))).mode & 0o077).toBe(0);
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_SOCKET_NAME))).toBe(false);
    await staleSocketAt(lockAddress(dir));
    (await acquireDataDirLock(dir)).release();
    rmSync(path.dirname(lock.address)); // the alias symlink (its folder is shared with real services)
  });
});

describe('secureDataDir', () => {
  it('creates the data dir 0700 and tightens an existing 0755 one', () => {
    const fresh = path.join(root, 'fresh', 'nested');
    expect(secureDataDir(fresh)).toBeUndefined();
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    const old = freshDir();
    chmodSync(old, 0o755);
    expect(secureDataDir(old)).toBeUndefined();
    expect(statSync(old).mode & 0o777).toBe(0o700);
  });
});
