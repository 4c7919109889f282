/**
 * Two real service processes on one PostgreSQL database claim the same due occurrences: each
 * occurrence gets exactly one run record and exactly one agent run (one model request), whichever
 * process took it.
 *
 * How the occurrences become due without waiting for the clock: both processes tick every
 * 200 ms (the mod's `tickMs` setting, saved before the second one starts), and the test moves
 * every job's `next_at` to two seconds ago in one SQL statement — as if the jobs' occurrence had
 * just come. The claim is the production path (index on `next_at`, `FOR UPDATE SKIP LOCKED`,
 * `insert … on conflict do nothing`); nothing test-only is exposed by the server.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonApi, scratchDatabase, type ScratchDatabase } from '../../../test/kits/scratch-database.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { startServer, type ServerProcess } from '../../../test/e2e/server-process.js';
import { textAnswer, until } from './kit.js';

const JOBS = 25;
/** Each round makes every job due again at a new instant: a new occurrence for both processes to race for. */
const ROUNDS = 4;
let scratch: ScratchDatabase;

let servers: ServerProcess[] = [];
let fake: FakeOpenAi;
let client: pg.Client;

const api = jsonApi;

beforeAll(async () => {
  scratch = await scratchDatabase('svc_sched');
  fake = await startFakeOpenAi();
  // Replicas share the database and the key its secrets are encrypted with.
  const env = { DATABASE_URL: scratch.url, SVC_SETTINGS_KEY: 'svc-sched-test-key-0123456789abcdef' };
  // The first process migrates the empty database; the second starts on it afterwards.
  const a = await startServer({ env });
  servers.push(a);
  expect((await api(a, 'PUT', '/api/mod-management/schedules/settings', { tickMs: 200 })).status).toBe(200);
  expect((await api(a, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(a, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  expect(connection.status).toBe(201);
  expect((await api(a, 'PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' })).status).toBe(200);
  servers.push(await startServer({ env }));
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
}, 180_000);

afterAll(async () => {
  await client?.end();
  await Promise.all(servers.map((s) => s.stop()));
  await fake?.close();
  await scratch?.drop();
});

it('records one run per occurrence and starts one agent run for it across two processes', async () => {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  for (let i = 0; i < JOBS; i++) {
    // Half through each process; a yearly cron, so no other occurrence comes due during the test.
    const created = await api(i % 2 ? b : a, 'POST', '/api/scheduled-jobs', { id: `job-${i}`, agentId: 'ada', name: `Job ${i}`, prompt: `Run ${i}`, cron: '0 0 1 1 *', timezone: 'UTC', sessionId: `s-${i}` });
    expect(created.status).toBe(201);
  }
  type Row = { job_id: string; occurrence_at: Date; status: string; run_id: string; owner: string };
  let rows: Row[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (let i = 0; i < JOBS; i++) fake.chat(textAnswer([`done ${round}.${i}`]));
    await client.query(`update schedules_jobs set next_at = date_trunc('milliseconds', now()) - interval '2 seconds'`);
    rows = await until(
      async () => (await client.query<Row>('select job_id, occurrence_at, status, run_id, owner from schedules_runs')).rows,
      (list) => list.length >= JOBS * round && list.every((r) => r.status !== 'running'),
      `round ${round}: every occurrence claimed and its run ended`,
      60_000,
    );
    expect(rows).toHaveLength(JOBS * round);
  }
  // One record per (job, occurrence), each a completed run of its own.
  expect(new Set(rows.map((r) => `${r.job_id}@${r.occurrence_at.toISOString()}`)).size).toBe(JOBS * ROUNDS);
  expect(rows.map((r) => r.status)).toEqual(Array(JOBS * ROUNDS).fill('completed'));
  expect(new Set(rows.map((r) => r.run_id)).size).toBe(JOBS * ROUNDS);
  // Exactly one model request per occurrence: no run was started twice.
  expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(JOBS * ROUNDS);
  // Both processes were ticking; which one claimed which job is up to the database.
  const owners = new Map<string, number>();
  for (const row of rows) owners.set(row.owner, (owners.get(row.owner) ?? 0) + 1);
  expect(owners.size).toBeLessThanOrEqual(2);
  console.info(`claims per process: ${[...owners.values()].join(' / ')}`);

  // Every run is the agent's, with the schedule as its origin, and visible from either process.
  for (const row of rows.slice(0, 3)) {
    const trace = await api(b, 'GET', `/api/traces/${row.run_id}`);
    expect(trace.status).toBe(200);
    expect(JSON.stringify(trace.body)).toContain(row.job_id);
  }
  const history = await api(b, 'GET', '/api/scheduled-jobs/job-0/runs');
  expect(history.body.runs).toHaveLength(ROUNDS);
  expect(history.body.runs.every((r: any) => r.trigger === 'schedule' && r.status === 'completed')).toBe(true);
  expect(new Set(history.body.runs.map((r: any) => r.runId))).toEqual(new Set(rows.filter((r) => r.job_id === 'job-0').map((r) => r.run_id)));
});
