/**
 * Ctrl-C does not revoke enabled mods. The real server runs in a process group of its own (as in
 * a terminal), with a mod installed from a real Git repository, approved and enabled, and one of
 * its calls in flight (the shutdown waits for it, as it waits for a browser's open requests):
 * SIGINT to the whole group lets the call finish, stops the service cleanly, the sandbox process
 * goes with it, and after a restart the mod is loaded again, not failed. A sandbox process also
 * ends when the service dies without a word (SIGKILL).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { until } from '../kits/until.js';
import { freePort, startServer, tempDataDir, type ServerProcess } from '../e2e/server-process.js';
import { ModRepo, scratch } from '../mod-sources/git-repos.js';

const tmp = scratch('ctrl-c');
const ENV = { SVC_MODS_ALLOW_FILE_SOURCES: '1', SVC_MOD_ENABLE_TIMEOUT_MS: '60000', SVC_LOG_LEVEL: 'warn' };
const started: ChildProcess[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const server of servers) await server.stop('SIGKILL');
  tmp.cleanup();
});

/** The server as a terminal runs it: the leader of its own process group. */
async function startInOwnGroup(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SVC_PORT: String(port), SVC_DATA_DIR: dataDir, ...ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await until(
    () => out,
    (text) => text.includes('listening on') || child.exitCode !== null,
    'the server to listen',
    120_000,
  );
  expect(out).toContain('listening on');
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => out };
}

const call = async (url: string, method = 'GET', body?: unknown) => {
  const res = await fetch(url, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

/** The sandbox process of `modId` under the server `serverPid` (its argv names the mod). */
function sandboxPidOf(serverPid: number, modId: string): number | undefined {
  let listing = '';
  try {
    listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(serverPid)], { encoding: 'utf8' });
  } catch {
    return undefined; // no children
  }
  const line = listing.split('\n').find((l) => l.includes('sandbox-worker.mjs') && l.trim().endsWith(` ${modId}`));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const modOf = async (url: string, modId: string) => (await call(`${url}/api/mods`)).body.mods.find((m: { id: string }) => m.id === modId);

it('SIGINT to the service’s process group stops it cleanly; after a restart the mod is loaded again', { timeout: 300_000 }, async () => {
  const dataDir = tempDataDir();
  // hello-git with a route that keeps its sandbox busy for a while, and the diagnostics that show it in flight.
  const repo = ModRepo.create(path.join(tmp.dir, 'hello'))
    .write(
      'index.js',
      `import { defineGuestMod } from 'svc:guest';
import { VERSION } from './version.js';
export default defineGuestMod({
  init(mod) {
    mod.route('hello', () => ({ ok: true, version: VERSION }));
    mod.route('slow', () => {
      const end = Date.now() + 4000;
      while (Date.now() < end);
      return { ok: true, slow: true };
    });
  },
});
`,
    )
    .manifest((m) => {
      m.contributes.routes.push({ id: 'slow', method: 'GET', path: '/api/mods/hello-git/slow', deadlineMs: 60000 });
      m.contributes.diagnostics = { pending: true };
    })
    .version('1.0.0')
    .release('v1.0.0');
  const first = await startInOwnGroup(dataDir);

  expect((await call(`${first.url}/api/mod-management/sources`, 'POST', { url: repo.url })).status).toBe(200);
  const installed = await call(`${first.url}/api/mod-management/hello-git/install`, 'POST', {});
  expect(installed.status, `${JSON.stringify(installed.body)}\n${first.output()}`).toBe(200);
  // The operator approves what the mod asks for, then enables it.
  const review = await call(`${first.url}/api/mod-management/hello-git/permissions`);
  if (review.status === 200 && review.body.required) {
    expect((await call(`${first.url}/api/mod-management/hello-git/permissions`, 'POST', { digest: review.body.digest })).status).toBe(200);
  }
  expect((await call(`${first.url}/api/mod-management/hello-git/enable`, 'POST', {})).status).toBe(200);
  expect((await call(`${first.url}/api/mods/hello-git/hello`)).body).toMatchObject({ ok: true, version: '1.0.0' });
  const sandbox = sandboxPidOf(first.child.pid!, 'hello-git');
  expect(sandbox).toBeGreaterThan(0);

  // A call in flight: the kernel lists it among the mod's pending operations.
  const inFlight = call(`${first.url}/api/mods/hello-git/slow`);
  await until(
    async () => (await call(`${first.url}/api/diagnostics/mods/hello-git/pending`)).body,
    (body) => Array.isArray(body.items) && body.items.some((item: { kind: string; name: string }) => item.kind === 'route' && item.name === 'slow'),
    'the slow call to be in flight',
    60_000,
  );
  // Ctrl-C in a terminal: SIGINT to every process of the foreground group.
  process.kill(-first.child.pid!, 'SIGINT');
  expect((await inFlight).body).toEqual({ ok: true, slow: true });
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('svc: stopped');
  expect(first.output()).not.toMatch(/sandbox process ended|mod failed/);
  await until(
    () => alive(sandbox!),
    (isAlive) => !isAlive,
    'the sandbox process to end with the service',
  );

  const second = await startServer({ dataDir, env: ENV, timeoutMs: 120_000 });
  servers.push(second);
  const mod = await modOf(second.url, 'hello-git');
  expect(mod).toMatchObject({ status: 'loaded' });
  expect(mod.error ?? null).toBeNull();
  expect((await call(`${second.url}/api/mods/hello-git/hello`)).body).toMatchObject({ ok: true, version: '1.0.0' });

  // The service killed outright: its sandbox process notices (the IPC channel closes) and ends.
  const orphan = sandboxPidOf(second.child.pid!, 'hello-git');
  expect(orphan).toBeGreaterThan(0);
  second.child.kill('SIGKILL');
  await second.exited;
  await until(
    () => alive(orphan!),
    (isAlive) => !isAlive,
    'the sandbox process to end after its service was killed',
  );
});
