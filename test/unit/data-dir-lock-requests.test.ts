/**
 * The data-dir lock socket's request protocol: a prober still reads the holder's pid, a
 * registered `backup` request returns its bytes whole, and everything else is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { acquireDataDirLock, probeLock, requestFromLock, type DataDirLock } from '../../kernel/storage/data-dir-lock.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'svc-lock-req-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let held: DataDirLock | undefined;
afterEach(() => held?.release());

async function lock(): Promise<DataDirLock> {
  held = await acquireDataDirLock(mkdtempSync(path.join(root, 'd')));
  return held;
}

/** Sends raw `line` and returns everything the holder answered before it closed. */
function raw(address: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address, () => socket.write(line));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

it('answers a backup request with the exact bytes, and a prober still reads the pid', async () => {
  const l = await lock();
  const payload = randomBytes(3 * 1024 * 1024 + 17);
  l.serve('backup', async () => payload);
  expect(await probeLock(l.address)).toEqual({ state: 'alive', pid: process.pid });
  const answered = await requestFromLock(l.address, 'backup');
  expect(answered.equals(payload)).toBe(true);
});

it('refuses a request nobody serves, an unknown request, a line that is not JSON and an overlong line', async () => {
  const l = await lock();
  await expect(requestFromLock(l.address, 'backup')).rejects.toThrow('refused the backup request: unsupported request');
  l.serve('backup', async () => new Uint8Array([1]));
  const pid = `{"pid":${process.pid}}\n`;
  expect(await raw(l.address, '{"request":"shell","command":"rm -rf /"}\n')).toBe(`${pid}{"ok":false,"error":"unsupported request"}\n`);
  expect(await raw(l.address, 'backup please\n')).toBe(`${pid}{"ok":false,"error":"not a request"}\n`);
  expect(await raw(l.address, 'x'.repeat(2000))).toBe(`${pid}{"ok":false,"error":"request too long"}\n`);
});

it('reports a failed dump as a refusal with its reason', async () => {
  const l = await lock();
  l.serve('backup', async () => {
    throw new Error('this svc uses PostgreSQL (DATABASE_URL): back it up with pg_dump');
  });
  await expect(requestFromLock(l.address, 'backup')).rejects.toThrow('back it up with pg_dump');
});
