/**
 * Three real service processes on one PostgreSQL database behind a round-robin proxy: what one process writes
 * every other one reads new — settings, model connections, model selections, profile documents, skill assignments,
 * a mod's enabled state — because a write announces itself on the change bus and every process
 * drops what it had cached. Target: seen everywhere within one second; the tests poll with a
 * deadline of several seconds and never time it. Schedules' occurrences and embedding jobs run
 * once across the three.
 *
 * Every check first reads through each process (so a cache holds the old value), then writes
 * through one, then polls the others.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bagOfWordsEmbedder, chatChunk, sseData, startFakeOpenAi, startScriptedServer, usageChunk, type ScriptedServer } from '../peers/fake-openai.js';
import { startCluster, until, type Cluster } from './cluster.js';

/** Deadline of every poll: several times the one-second target, so a loaded CI machine passes. */
const SEEN_WITHIN_MS = 8_000;

let cluster: Cluster;
let models: ScriptedServer[] = [];
let connectionId: string;

/** A model server that answers every chat call at once with `text`. */
function instantModel(text: string) {
  return startScriptedServer({
    '/v1/chat/completions': () => ({
      events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 })), sseData('[DONE]')],
    }),
    '/v1/models': () => ({ json: { object: 'list', data: [{ id: 'gpt-test' }, { id: 'gpt-next' }] } }),
  });
}

/** One non-streamed turn through process `index`; resolves to the model request it caused. */
async function turnThrough(index: number, sessionId: string) {
  const before = models.map((m) => m.requests.length);
  const answer = await cluster.api(index, 'POST', '/api/chat', { agentId: 'ada', sessionId, message: 'hello' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const served = models.findIndex((m, i) => m.requests.length > before[i]!);
  const request = models[served]!.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  return { server: served, model: request.body.model as string, text: JSON.stringify(request.body.messages), authorization: request.headers.authorization };
}

const everyProcess = () => cluster.servers.map((_, i) => i);

beforeAll(async () => {
  models = [await instantModel('first'), await instantModel('second')];
  // One migrates first (starting together is concurrent-start.pg.test.ts), so these checks do not hang on it.
  cluster = await startCluster({ processes: 3, start: 'first-alone' });
  // Set up through one process: reading it through the others is what the tests check.
  const created = await cluster.api(0, 'POST', '/api/settings/model-connections', {
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: `${models[0]!.origin}/v1`,
    apiKey: 'sk-multi-SECRET-0123456789',
    models: [
      { id: 'gpt-test', enabled: true },
      { id: 'gpt-next', enabled: true },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  connectionId = created.body.connection.id;
  expect((await cluster.api(0, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const selected = await cluster.api(0, 'PUT', '/api/agents/ada/model-selection', { connectionId, model: 'gpt-test' });
  expect(selected.status, JSON.stringify(selected.body)).toBe(200);
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await Promise.all(models.map((m) => m.close()));
});

it('the proxy spreads requests over the three processes, which answer alike', async () => {
  for (const i of everyProcess()) {
    const health = await cluster.api(i, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, runtime: 'svc' });
  }
  // The proxy spreads requests over all three, and each answers with the same data.
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) seen.add(JSON.stringify((await cluster.api('proxy', 'GET', '/api/agents')).body.agents?.map((a: { id: string }) => a.id)));
  expect([...seen]).toEqual([JSON.stringify(['ada'])]);
  expect([...cluster.proxy.served.values()].every((n) => n > 0)).toBe(true);
});

it('a mod setting written through one process is read new through every process', async () => {
  for (const i of everyProcess()) expect((await cluster.api(i, 'GET', '/api/mod-management/schedules/settings')).status).toBe(200);
  expect((await cluster.api(0, 'PUT', '/api/mod-management/schedules/settings', { tickMs: 200 })).status).toBe(200);
  for (const i of everyProcess()) {
    await until(
      () => cluster.api(i, 'GET', '/api/mod-management/schedules/settings'),
      (a) => a.body.settings?.tickMs === 200,
      `process ${i} reads tickMs 200`,
      SEEN_WITHIN_MS,
    );
  }
});

it("an agent's model selection and a model connection written through one process are used by every process's next turn", async () => {
  // The API key stored through process 0 decrypts in every process (one settings key).
  for (const i of everyProcess()) expect(await turnThrough(i, `warm-${i}`)).toMatchObject({ server: 0, model: 'gpt-test', authorization: 'Bearer sk-multi-SECRET-0123456789' });
  const selected = await cluster.api(1, 'PUT', '/api/agents/ada/model-selection', { connectionId, model: 'gpt-next' });
  expect(selected.status, JSON.stringify(selected.body)).toBe(200);
  for (const i of everyProcess())
    await until(
      () => turnThrough(i, `sel-${i}`),
      (t) => t.model === 'gpt-next',
      `process ${i} uses gpt-next`,
      SEEN_WITHIN_MS,
    );

  // The same connection id, now pointing at the second model server.
  const saved = await cluster.api(2, 'POST', '/api/settings/model-connections', {
    id: connectionId,
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: `${models[1]!.origin}/v1`,
    models: [
      { id: 'gpt-test', enabled: true },
      { id: 'gpt-next', enabled: true },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  for (const i of everyProcess())
    await until(
      () => turnThrough(i, `conn-${i}`),
      (t) => t.server === 1,
      `process ${i} calls the second model server`,
      SEEN_WITHIN_MS,
    );
});

it("profile documents written through one process are in every process's next turn", async () => {
  // A turn through each first, so whatever a process keeps of the agent's profile between turns is filled.
  for (const i of everyProcess()) expect((await turnThrough(i, `profile-warm-${i}`)).text).not.toContain('PROFILEMARK-2c9e');
  const documents = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: `${kind.toLowerCase()} PROFILEMARK-2c9e` }));
  expect((await cluster.api(1, 'PUT', '/api/agents/ada/profile-documents', { documents })).status).toBe(200);
  for (const i of everyProcess())
    await until(
      () => turnThrough(i, `profile-${i}`),
      (t) => t.text.includes('soul PROFILEMARK-2c9e'),
      `process ${i} uses the new SOUL`,
      SEEN_WITHIN_MS,
    );
});

it("a skill assignment written through one process is in every process's next turn", async () => {
  for (const i of everyProcess()) expect((await turnThrough(i, `skill-warm-${i}`)).text).not.toContain('SKILLMARK-7f3a');
  expect((await cluster.api(0, 'POST', '/api/settings/skills', { id: 'house-style', name: 'House style', content: 'SKILLMARK-7f3a: answer briefly.' })).status).toBe(201);
  expect((await cluster.api(0, 'PUT', '/api/agents/ada/skills', { skills: ['house-style'] })).status).toBe(200);
  for (const i of everyProcess())
    await until(
      () => turnThrough(i, `skill-${i}`),
      (t) => t.text.includes('SKILLMARK-7f3a'),
      `process ${i} gives the skill`,
      SEEN_WITHIN_MS,
    );
});

it('a mod disabled through one process answers 503 on all, and answers on all once enabled again', async () => {
  for (const i of everyProcess()) expect((await cluster.api(i, 'GET', '/api/task-board/projects')).status).toBe(200);
  const disabled = await cluster.api(1, 'POST', '/api/mod-management/task-board/disable');
  expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
  for (const i of everyProcess())
    await until(
      () => cluster.api(i, 'GET', '/api/task-board/projects'),
      (a) => a.status === 503,
      `process ${i} answers 503`,
      SEEN_WITHIN_MS,
    );
  const enabled = await cluster.api(2, 'POST', '/api/mod-management/task-board/enable');
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  for (const i of everyProcess())
    await until(
      () => cluster.api(i, 'GET', '/api/task-board/projects'),
      (a) => a.status === 200,
      `process ${i} answers again`,
      SEEN_WITHIN_MS,
    );
});

it('each schedule occurrence runs once across the three processes', async () => {
  const JOBS = 6;
  for (let i = 0; i < JOBS; i++) {
    const created = await cluster.api(i % 3, 'POST', '/api/scheduled-jobs', {
      id: `job-${i}`,
      agentId: 'ada',
      name: `Job ${i}`,
      prompt: `SCHEDMARK job-${i}`,
      cron: '0 0 1 1 *',
      timezone: 'UTC',
      sessionId: `sched-${i}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    // As if the yearly occurrence had just come: every process's tick (200 ms, set above) races for it.
    await db.query(`update schedules_jobs set next_at = date_trunc('milliseconds', now()) - interval '2 seconds'`);
    const rows = await until(
      async () => (await db.query<{ job_id: string; status: string }>('select job_id, status from schedules_runs')).rows,
      (list) => list.length >= JOBS && list.every((r) => r.status !== 'running'),
      'every occurrence claimed and its run ended',
      60_000,
    );
    expect(rows.map((r) => r.job_id).sort()).toEqual(Array.from({ length: JOBS }, (_, i) => `job-${i}`).sort());
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    // One model call per occurrence: no run started twice.
    const calls = models.flatMap((m) => m.requests).filter((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body).includes('SCHEDMARK'));
    expect(calls).toHaveLength(JOBS);
  } finally {
    await db.end();
  }
});

it('embeds each Brains record exactly once while the three processes work the same durable queue', async () => {
  const RECORDS = 24;
  const fake = await startFakeOpenAi();
  try {
    fake.embedder = bagOfWordsEmbedder(32);
    fake.models = [{ id: 'embed-small', object: 'model' }];
    const created = await cluster.api(0, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: 'sk-jobs-SECRET-0123456789' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const selected = await cluster.api(1, 'PUT', '/api/settings/brain-embeddings', { enabled: true, connectionId: created.body.connection.id, model: 'embed-small' });
    expect(selected.status, JSON.stringify(selected.body)).toBe(200);
    // Through the proxy: each process writes some records and enqueues their indexing job.
    for (let i = 0; i < RECORDS; i++) {
      const res = await cluster.api('proxy', 'POST', '/api/brains?agentId=ada', { title: `Note ${i}`, content: `Marker-${i} is remembered once.` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    for (const index of everyProcess()) {
      await until(
        () => cluster.api(index, 'GET', '/api/settings/brain-embeddings'),
        (res) => res.body.indexed === res.body.total && res.body.pending === 0 && res.body.total >= RECORDS,
        `process ${index} to see every record indexed`,
        60_000,
      );
    }
    const embedded = fake.requests.filter((r) => r.path === '/v1/embeddings').flatMap((r) => r.body.input as string[]);
    for (let i = 0; i < RECORDS; i++)
      expect(
        embedded.filter((text) => text.includes(`Marker-${i} `)),
        `record ${i}`,
      ).toHaveLength(1);
  } finally {
    await fake.close();
  }
});

// Last in the file: it turns Basic sign-in on for every process.
it('a Basic sign-out through one process is refused by every process, and a late refreshed cookie with it', async () => {
  const put = await cluster.api(0, 'PUT', '/api/settings/ui-auth', { mode: 'basic', basic: { username: 'operator', password: 'a long multi-process password' } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const authorization = `Basic ${Buffer.from('operator:a long multi-process password').toString('base64')}`;
  const status = async (index: number, headers: Record<string, string>) => (await fetch(`${cluster.base(index)}/api/status`, { headers })).status;
  const sessionCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('hc_basic_session='))!
      .split(';')[0]!;
  // Every process asks for the password now.
  for (const index of everyProcess())
    await until(
      () => status(index, {}),
      (s) => s === 401,
      `process ${index} in Basic mode`,
      SEEN_WITHIN_MS,
    );

  const login = await fetch(`${cluster.base(1)}/api/status`, { headers: { authorization } });
  expect(login.status).toBe(200);
  const cookie = sessionCookie(login);
  for (const index of everyProcess()) expect(await status(index, { cookie })).toBe(200); // each process reads it (and memoizes it)
  const late = sessionCookie(await fetch(`${cluster.base(2)}/api/status`, { headers: { cookie } })); // refreshed by another process

  const logout = await fetch(`${cluster.base(0)}/auth/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: cluster.base(0) }, body: '{}' });
  expect(logout.status).toBe(200);
  for (const index of everyProcess()) {
    for (const value of [cookie, late])
      await until(
        () => status(index, { cookie: value }),
        (s) => s === 401,
        `process ${index} to refuse the signed-out session`,
        SEEN_WITHIN_MS,
      );
  }
});
