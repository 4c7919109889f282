/**
 * The real server process: start, write, restart, read back; graceful stop; and start-up
 * failures that must print one clear line and exit non-zero.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runToExit, startServer, tempDataDir, type ServerProcess } from './server-process.js';

const post = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
});

describe('a fresh install', () => {
  const dataDir = tempDataDir();

  it('starts on the embedded database, keeps a write across a restart, and stops cleanly', async () => {
    const first = await startServer({ dataDir });
    running.push(first);
    expect(first.output()).toContain(`listening on ${first.url}`);
    expect(first.output()).toContain(dataDir);
    const health = await (await fetch(`${first.url}/health`)).json();
    expect(health).toMatchObject({ ok: true, runtime: 'svc' });
    expect((await post(`${first.url}/api/mod-management/diagnostics/disable`)).status).toBe(200);
    expect((await fetch(`${first.url}/api/status`)).status).toBe(503);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('svc: stopped');
    expect(existsSync(path.join(dataDir, 'svc.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(true);

    const second = await startServer({ dataDir });
    running.push(second);
    const mods = (await (await fetch(`${second.url}/api/mods`)).json()) as { mods: { id: string; status: string }[] };
    expect(mods.mods.find((m) => m.id === 'diagnostics')?.status).toBe('disabled');
    expect((await fetch(`${second.url}/api/status`)).status).toBe(503);
    expect((await fetch(`${second.url}/health`)).status).toBe(200);

    const third = await runToExit({ SVC_DATA_DIR: dataDir, SVC_PORT: '0' });
    expect(third.code).toBe(1);
    expect(third.output).toMatch(/another svc process \(pid \d+\) is using/);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('refuses to start over a corrupt or missing key file instead of making a new key', async () => {
    const keyFile = path.join(dataDir, 'secret.key');
    const original = readFileSync(keyFile, 'utf8');
    writeFileSync(keyFile, 'garbage');
    const corrupt = await runToExit({ SVC_DATA_DIR: dataDir, SVC_PORT: '0' });
    expect(corrupt.code).toBe(1);
    expect(corrupt.output).toMatch(/^svc: cannot start: The secret key is unusable/m);
    expect(corrupt.output).not.toMatch(/\n\s+at /);

    writeFileSync(keyFile, original);
  });
});

describe('start-up failures', () => {
  it('names an unreachable database in one line without its password', async () => {
    const { code, output } = await runToExit({ SVC_DATA_DIR: tempDataDir(), DATABASE_URL: 'postgres://svc:hunter2@127.0.0.1:1/svc' });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).toMatch(/^svc: cannot start: cannot reach the database at postgres:\/\/svc@127\.0\.0\.1:1\/svc \(ECONNREFUSED\)/);
    expect(output).not.toContain('hunter2');
  });

  it('names a bad setting', async () => {
    const { code, output } = await runToExit({ SVC_DATA_DIR: tempDataDir(), SVC_PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output.trim()).toBe('svc: SVC_PORT must be a whole number, got "eighty"');
  });
});
