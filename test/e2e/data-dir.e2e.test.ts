/**
 * The data dir of the real server process: private to its user, and locked so that a crashed
 * service always comes back by itself (a pid reused by an unrelated process never blocks it)
 * while a second live server is still refused. Acknowledged writes survive SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { lstatSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runToExit, startServer, tempDataDir, type ServerProcess } from './server-process.js';

const servers: ServerProcess[] = [];
/** Mods get time to start on a loaded machine (a crash recovery replays the WAL first). */
const SLOW_MACHINE = { SVC_MOD_ENABLE_TIMEOUT_MS: '60000' };
const others: ChildProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  for (const o of others) o.kill('SIGKILL');
});

/** Every path under `dir` with its permission bits. */
function modes(dir: string): { file: string; mode: number }[] {
  const found: { file: string; mode: number }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
    const stats = lstatSync(file);
    if (!stats.isSymbolicLink()) found.push({ file: path.relative(dir, file), mode: stats.mode & 0o777 });
  }
  return found;
}

// Five server starts on a busy 2-core machine: a generous bound.
it('comes back after SIGKILL mid-write with every acknowledged write, even when the old pid is alive again', { timeout: 240_000 }, async () => {
  const dataDir = tempDataDir();
  // A live process that is not svc: the pid a crashed svc left behind may be reused by anything.
  const unrelated = spawn('sleep', ['300'], { stdio: 'ignore' });
  others.push(unrelated);
  const acknowledged: string[] = [];

  for (let round = 0; round < 4; round++) {
    if (round > 0) writeFileSync(path.join(dataDir, 'svc.pid'), `${unrelated.pid}\n`);
    const server = await startServer({ dataDir, env: SLOW_MACHINE });
    servers.push(server);
    if (round === 0) {
      // Fresh data dir: private to this user, and nothing under it readable by group or others.
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      const loose = modes(dataDir).filter((m) => (m.mode & 0o077) !== 0);
      expect(loose).toEqual([]);
      expect(modes(dataDir).length).toBeGreaterThan(10); // the database files are there
    }
    // Write continuously; kill once a few writes were acknowledged, with more in flight.
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const id = `r${round}-${i}`;
        const res = await fetch(`${server.url}/api/agents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, name: `Agent ${id}` }),
        }).catch(() => undefined);
        if (!res) return; // the server died under this request: not acknowledged
        if (res.status === 201) acknowledged.push(id);
        else throw new Error(`round ${round}: ${res.status} ${await res.text()}\n${server.output()}`);
      }
    })();
    let failure: unknown;
    writer.catch((error: unknown) => (failure = error));
    const before = acknowledged.length;
    while (acknowledged.length < before + 5 && failure === undefined) await new Promise((r) => setTimeout(r, 5));
    if (failure) throw failure;
    server.child.kill('SIGKILL');
    await server.exited;
    writing = false;
    await writer;
  }

  const last = await startServer({ dataDir, env: SLOW_MACHINE });
  servers.push(last);
  const list = (await (await fetch(`${last.url}/api/agents`)).json()) as { agents: { id: string }[] };
  const stored = new Set(list.agents.map((a) => a.id));
  expect(acknowledged.length).toBeGreaterThanOrEqual(20);
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

  // The lock still keeps a second live server off the same data dir, naming the holder.
  const second = await runToExit({ SVC_DATA_DIR: dataDir, SVC_PORT: '0' });
  expect(second.code).toBe(1);
  expect(second.output.trim()).toBe(`svc: another svc process (pid ${last.child.pid}) is using ${dataDir}`);
  expect((await fetch(`${last.url}/health`)).status).toBe(200);
  expect(await last.stop('SIGTERM')).toBe(0);
});
