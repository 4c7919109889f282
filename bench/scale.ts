/**
 * Scale-out on one PostgreSQL: 1, 2 and 3 real server processes behind the round-robin proxy of
 * the scale-out tests (test/peers/round-robin-proxy.ts), all on one database of a throwaway
 * PostgreSQL cluster this benchmark starts from the machine's binaries and stops by PID.
 *
 * - chat turns/s: 50 sessions in parallel against a model that answers at once (as bench/chat.ts);
 * - `GET /api/agents` requests/s (five agents, autocannon as bench/agents-list.ts);
 * both as ratios to the 1-process figure. On a 2-core machine more processes cannot add CPU, so
 * expect little gain: the figure shows what the coordination (change bus, shared rows) costs.
 * - cancel latency: a streamed turn on process A cancelled through process B (stored on the run
 *   row and announced on the change bus) until A's stream ends, against the cancel sent to A.
 *
 * This is PostgreSQL, not the default embedded database (PGlite serves one process only).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, tempDataDir, type ServerProcess } from '../test/e2e/server-process.js';
import { streamTurn, TERMINAL } from '../test/multi/chat-stream.js';
import { chatChunk, sseData, startScriptedServer, usageChunk } from '../test/peers/fake-openai.js';
import { startRoundRobinProxy } from '../test/peers/round-robin-proxy.js';
import { load } from './http-throughput.js';
import { launchServer, stopChild, track } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, median, ratio, round } from './lib/stats.js';
import { api, benchAgent } from './lib/api.js';

const PROCESSES = [1, 2, 3];
const PARALLEL_SESSIONS = 50;
const TURNS_PER_SESSION = 4;
const AGENTS = 5;
const MEASURE_S = 5;
const CANCELS = 10;
const SETTINGS_KEY = 'svc-bench-scale-key-0123456789abcdef';

interface Postgres {
  url: string;
  stop(): Promise<void>;
}

function postgresBin(): string {
  for (const dir of [
    '/usr/lib/postgresql/15/bin',
    ...(existsSync('/usr/lib/postgresql')
      ? spawnSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(Boolean)
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ]) {
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql-15)');
}

/** A throwaway cluster on a free loopback port; as root it runs as `nobody` (initdb refuses root). */
async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const runAs = (cmd: string, args: string[]) => (asRoot ? ['runuser', ['-u', 'nobody', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (asRoot) chownSync(dir, 65534, 65534);
  const data = path.join(dir, 'data');
  const init = spawnSync(...runAs(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust']), { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const child = spawn(
    ...runAs(path.join(bin, 'postgres'), ['-D', data, '-c', 'listen_addresses=127.0.0.1', '-c', `port=${port}`, '-c', `unix_socket_directories=${dir}`, '-c', 'max_connections=300', '-c', 'fsync=off']),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  track(child);
  let out = '';
  child.stderr!.on('data', (c) => (out += c));
  child.stdout!.on('data', (c) => (out += c));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`PostgreSQL did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      // The postmaster's own PID (runuser is its parent as root): SIGINT is the fast shutdown.
      const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
      await stopChild(child, 20_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 50 sessions in parallel, a few turns each, through `base`; turns/s and how many did not complete. */
async function parallelTurns(base: string, label: string): Promise<{ turnsPerS: number; failed: number }> {
  const t0 = performance.now();
  let failed = 0;
  await Promise.all(
    Array.from({ length: PARALLEL_SESSIONS }, async (_, s) => {
      for (let i = 0; i < TURNS_PER_SESSION; i += 1) {
        const events = await streamTurn(base, { agentId: 'bench', sessionId: `${label}-${s}`, message: `turn ${i}` }).ended;
        if (events.at(-1)?.type !== 'run.completed') failed += 1;
      }
    }),
  );
  return { turnsPerS: round((PARALLEL_SESSIONS * TURNS_PER_SESSION) / ((performance.now() - t0) / 1000), 1), failed };
}

/** Starts a held turn on `owner`, cancels it through `via`; milliseconds from the cancel request to the stream's end. */
async function cancelLatency(owner: string, via: string, sessionId: string, modelConnectionId: string): Promise<number> {
  const turn = streamTurn(owner, { agentId: 'bench', sessionId, message: 'hold', modelConnectionId, model: 'hang-model' });
  const runId = await turn.started;
  const deadline = Date.now() + 15_000;
  while (!turn.events.some((e) => e.type === 'assistant.delta')) {
    if (Date.now() > deadline) throw new Error('the held turn never streamed');
    await new Promise((r) => setTimeout(r, 10));
  }
  const t0 = performance.now();
  await api(via, 'POST', `/api/chat/${runId}/cancel`, { agentId: 'bench' });
  const events = await turn.ended;
  const ms = performance.now() - t0;
  if (events.filter((e) => TERMINAL.includes(e.type)).at(-1)?.type !== 'run.cancelled') throw new Error(`cancel through ${via} did not end the run cancelled: ${events.at(-1)?.type}`);
  return ms;
}

export async function runScaleBench(): Promise<BenchOutcome> {
  const answerEvents = [sseData(chatChunk({ role: 'assistant', content: 'Done.' })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ prompt_tokens: 20, completion_tokens: 2, total_tokens: 22 })), sseData('[DONE]')];
  const model = await startScriptedServer({
    '/v1/chat/completions': (request) => (request.body?.model === 'hang-model' ? { events: [answerEvents[0]!], after: 'hang' } : { events: answerEvents }),
    '/v1/models': () => ({ json: { object: 'list', data: [{ id: 'instant' }, { id: 'hang-model' }] } }),
  });
  const postgres = await startPostgres();
  const proxy = await startRoundRobinProxy();
  const servers: ServerProcess[] = [];
  try {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database svc_bench');
    await admin.end();
    const env = { DATABASE_URL: postgres.url.replace(/\/postgres$/, '/svc_bench'), SVC_SETTINGS_KEY: SETTINGS_KEY, SVC_UI_ALLOWED_HOSTS: `127.0.0.1:${proxy.port}` };
    const launch = async () => launchServer({ dataDir: tempDataDir(), port: await freePort(), timeoutMs: 90_000, env });
    servers.push(await launch());
    const first = servers[0]!.url;
    const connectionId = await benchAgent(first, model.origin, ['instant', 'hang-model'], 'instant');
    for (let i = 1; i < AGENTS; i++) await api(first, 'POST', '/api/agents', { name: `Bench agent ${i}` });
    servers.push(...(await Promise.all([launch(), launch()])));

    const figures: Array<{ processes: number; turnsPerS: number; failed: number; agentsRps: number; agentsNon2xx: number }> = [];
    for (const n of PROCESSES) {
      proxy.setBackends(servers.slice(0, n).map((s) => s.url));
      await parallelTurns(proxy.url, `warm-${n}`);
      const chat = await parallelTurns(proxy.url, `par-${n}`);
      const agentsUrl = `${proxy.url}/api/agents`;
      await load(agentsUrl, 1, [servers[0]!.child.pid!, servers[1]!.child.pid!]);
      const agents = await load(agentsUrl, MEASURE_S, [servers[0]!.child.pid!, servers[1]!.child.pid!]);
      figures.push({ processes: n, turnsPerS: chat.turnsPerS, failed: chat.failed, agentsRps: round(agents.rps, 1), agentsNon2xx: agents.non2xx + agents.errors });
    }

    // Cancel: the turn runs on process A; the cancel goes to A itself, or to B.
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    await cancelLatency(a, b, 'cancel-warm', connectionId);
    const same: number[] = [];
    const cross: number[] = [];
    for (let i = 0; i < CANCELS; i++) {
      same.push(await cancelLatency(a, a, `cancel-same-${i}`, connectionId));
      cross.push(await cancelLatency(a, b, `cancel-cross-${i}`, connectionId));
    }
    const sameP50 = round(median(same), 2);
    const crossP50 = round(median(cross), 2);

    const one = figures[0]!;
    const rows: Row[] = [];
    for (const f of figures) {
      rows.push({
        benchmark: `scale (PostgreSQL) chat turns/s, ${PARALLEL_SESSIONS} sessions, ${f.processes} proc`,
        measured: `${f.turnsPerS}`,
        baseline: `${one.turnsPerS} (1 proc)`,
        ratio: fmt.ratio(ratio(f.turnsPerS, one.turnsPerS)),
        target: '0 failed',
        result: f.failed === 0 ? 'PASS' : 'MISS',
      });
    }
    for (const f of figures) {
      rows.push({
        benchmark: `scale (PostgreSQL) GET /api/agents req/s, ${f.processes} proc`,
        measured: `${f.agentsRps}`,
        baseline: `${one.agentsRps} (1 proc)`,
        ratio: fmt.ratio(ratio(f.agentsRps, one.agentsRps)),
        target: '0 non-2xx',
        result: f.agentsNon2xx === 0 ? 'PASS' : 'MISS',
      });
    }
    rows.push({
      benchmark: 'scale (PostgreSQL) cancel → stream end p50, via another process',
      measured: `${crossP50.toFixed(2)} ms`,
      baseline: `${sameP50.toFixed(2)} ms (same process)`,
      ratio: fmt.ratio(ratio(crossP50, sameP50)),
      target: '-',
      result: 'info',
    });
    return {
      rows,
      notes: [
        `scale: PostgreSQL ${path.basename(path.dirname(postgresBin()))} (a throwaway cluster, fsync off), not the default embedded database; processes behind a round-robin proxy on loopback, ${os.cpus().length} CPUs — more processes cannot add CPU here, so the ratios show the coordination cost rather than a gain`,
        `scale: cancel latency samples (ms) same process ${same.map((v) => v.toFixed(1)).join(' ')}; via another process ${cross.map((v) => v.toFixed(1)).join(' ')}`,
      ],
      raw: { figures, cancel: { sameMs: same.map((v) => round(v, 2)), crossMs: cross.map((v) => round(v, 2)), sameP50, crossP50 } },
    };
  } finally {
    await Promise.all(servers.map((s) => stopChild(s.child).then(() => rmSync(s.dataDir, { recursive: true, force: true }))));
    await proxy.close();
    await model.close();
    await postgres.stop();
  }
}
