/**
 * Background work that must happen once across three real service processes on one PostgreSQL
 * database, each process racing for it:
 * - Dream cycles: every process ticks and tries to claim the agent's cron occurrence; the cycle
 *   row, unique per (agent, occurrence), decides which one runs it, so each occurrence has one
 *   cycle and its phases ask the model once each.
 * - The daily trace retention cleanup: every process queues the day's job; the durable queue's
 *   singleton keeps one job per day key, and the worker claims the UTC day in the policy row, so
 *   a second job of the same day (another 12-hour singleton window) cleans nothing.
 * Every wait polls for an outcome with a generous deadline; nothing is timed.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatChunk, sseData, startScriptedServer, usageChunk, type RecordedRequest, type ScriptedServer } from '../peers/fake-openai.js';
import { startCluster, until, type Cluster } from './cluster.js';

let cluster: Cluster;
let model: ScriptedServer;
let db: pg.Client;
let connectionId: string;

const MINUTE = 60_000;
/** Diary prose the Dream phases accept (100 to 250 words). */
const prose = (word: string) => Array.from({ length: 120 }, (_, i) => `${word}${i}`).join(' ');
const promptOf = (r: RecordedRequest) => JSON.stringify(r.body?.messages ?? '');
const completions = () => model.requests.filter((r) => r.path === '/v1/chat/completions');
/** The model calls Dream phases made (their prompt opens with "You are dreaming"). */
const dreamCalls = () => completions().filter((r) => promptOf(r).includes('You are dreaming'));

/** A Dream cycle receipt as the API lists it (the fields checked here). */
interface Cycle {
  trigger: string;
  occurrenceAt: string;
  status: string;
  phases: Array<{ phase: string; status: string; messagesRead: number; runIds: string[] }>;
}

/** Answers every chat call at once: REM gets the JSON object it asks for, everything else prose. */
function dreamingModel() {
  return startScriptedServer({
    '/v1/chat/completions': (request) => {
      const text = promptOf(request).includes('REM sleep') ? JSON.stringify({ diary: prose('rem'), items: [] }) : prose('dream');
      return { events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 })), sseData('[DONE]')] };
    },
    '/v1/models': () => ({ json: { object: 'list', data: [{ id: 'gpt-test' }] } }),
  });
}

async function ok(answer: Promise<{ status: number; body: any }>, status = 200) {
  const res = await answer;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** An agent on the fake model whose default Dream schedule is off (the tests decide when it dreams). */
async function agent(id: string) {
  await ok(cluster.api('proxy', 'POST', '/api/agents', { id, name: id.toUpperCase() }), 201);
  await ok(cluster.api('proxy', 'PUT', `/api/agents/${id}/model-selection`, { connectionId, model: 'gpt-test' }));
  await ok(cluster.api('proxy', 'PUT', `/api/agents/${id}/dream-settings`, { enabled: false }));
}

beforeAll(async () => {
  model = await dreamingModel();
  // Info level: the retention worker's "cleanup finished" line is one of the checks.
  cluster = await startCluster({ processes: 3, start: 'first-alone', env: { SVC_LOG_LEVEL: 'info' } });
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const created = await ok(cluster.api(0, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: `${model.origin}/v1`, models: [{ id: 'gpt-test', enabled: true }] }), 201);
  connectionId = created.connection.id;
  // Every process looks for due Dream occurrences each second (from its next tick on).
  await ok(cluster.api('proxy', 'PUT', '/api/mod-management/dreams/settings', { tickMs: 1000 }));
}, 240_000);

afterAll(async () => {
  await db?.end();
  await cluster?.close();
  await model?.close();
});

/**
 * Two occurrences, not one: the second shows that a process which did not win the first does
 * not run it late, and that the winner of one occurrence is no better placed for the next. A
 * cron of the next two whole minutes keeps the wait at two minutes at most.
 */
it(
  'each Dream occurrence makes one cycle across the three processes, and its phases ask the model once each',
  async () => {
    await agent('dora');
    const say = (marker: string) => ok(cluster.api('proxy', 'POST', '/api/chat', { agentId: 'dora', sessionId: 'day', message: `${marker}: the launch moved to Friday`, noCallModel: true }));
    await say('DREAMMARK-1');
    // The next two whole minutes, in UTC; the latest earlier occurrence is an hour old, past the grace.
    const first = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
    const occurrences = [first, first + MINUTE];
    const minutes = occurrences.map((at) => new Date(at).getUTCMinutes());
    await ok(cluster.api('proxy', 'PUT', '/api/agents/dora/dream-settings', { enabled: true, cron: `${minutes.join(',')} * * * *`, timezone: 'UTC' }));

    // Read every half second (the waits last up to two minutes: no need to load the machine).
    const scheduled = async (): Promise<Cycle[]> => {
      await new Promise((r) => setTimeout(r, 500));
      return ((await cluster.api('proxy', 'GET', '/api/agents/dora/dream-cycle?limit=20')).body.cycles ?? []).filter((c: Cycle) => c.trigger === 'schedule');
    };
    const settled = (at: number) => (cycles: Cycle[]) => cycles.some((c) => c.occurrenceAt === new Date(at).toISOString() && c.status !== 'running');
    await until(scheduled, settled(occurrences[0]!), 'the first occurrence ran', 2 * MINUTE);
    // Between the occurrences: the second cycle reads only this message (the phases keep checkpoints).
    await say('DREAMMARK-2');
    const cycles = await until(scheduled, settled(occurrences[1]!), 'the second occurrence ran', 2 * MINUTE);
    await ok(cluster.api('proxy', 'PUT', '/api/agents/dora/dream-settings', { enabled: false }));

    expect(cycles.map((c) => c.occurrenceAt).sort()).toEqual(occurrences.map((at) => new Date(at).toISOString()));
    for (const cycle of cycles) {
      expect(cycle.status, JSON.stringify(cycle)).toBe('completed');
      expect(cycle.phases.map((p) => [p.phase, p.status, p.messagesRead, p.runIds.length])).toEqual([
        ['light', 'completed', 1, 1],
        ['deep', 'completed', 1, 1],
        ['rem', 'completed', 1, 1],
      ]);
    }
    // In the database, not only as listed: one row per occurrence.
    const rows = await db.query<{ occurrence_at: Date; n: string; owners: string }>(
      `select occurrence_at, count(*) as n, string_agg(owner, ',') as owners from dreams_cycles where agent_id = 'dora' and trigger = 'schedule' group by occurrence_at order by occurrence_at`,
    );
    expect(rows.rows.map((r) => [r.occurrence_at.toISOString(), Number(r.n)])).toEqual(occurrences.map((at) => [new Date(at).toISOString(), 1]));
    // Three model calls per occurrence (Light, Deep, REM), each reading only its occurrence's message.
    const calls = dreamCalls().map(promptOf);
    expect(calls.filter((p) => p.includes('DREAMMARK-1'))).toHaveLength(3);
    expect(calls.filter((p) => p.includes('DREAMMARK-2'))).toHaveLength(3);
    expect(calls).toHaveLength(6);
  },
  5 * MINUTE,
);

it(
  'the daily trace retention cleanup runs once across the three processes, and a second job of the day cleans nothing',
  async () => {
    await agent('rita');
    const OLD = ['ret-old-0', 'ret-old-1', 'ret-old-2', 'ret-old-3'];
    for (const sessionId of [...OLD, 'ret-new']) await ok(cluster.api('proxy', 'POST', '/api/chat', { agentId: 'rita', sessionId, message: 'hello' }));
    // The test's own scratch database: finished runs made 40 days old.
    const age = (sessions: string[]) => db.query(`update chat_runs set ended_at = now() - interval '40 days' where agent_id = 'rita' and session_id = any($1)`, [sessions]);
    await age(OLD);
    await ok(cluster.api('proxy', 'PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 30 }));
    const runs = async () => (await db.query<{ session_id: string; pruned: Date | null }>(`select session_id, trace_pruned_at as pruned from chat_runs where agent_id = 'rita' order by session_id`)).rows;
    expect((await runs()).filter((r) => r.pruned !== null)).toEqual([]);

    // Every process now looks each second whether today's cleanup is due (the setting re-plans the pending ten-minute wait).
    await ok(cluster.api('proxy', 'PUT', '/api/mod-management/chat/settings', { retentionFirstCheckMs: 1000, retentionCheckEveryMs: 1000 }));
    const jobs = async () =>
      (
        await db.query<{ id: string; singleton_key: string; state: string; output: any }>(
          `select id, singleton_key, state, output from svc_jobs.job where name like '%trace-retention'
         union all select id, singleton_key, state, output from svc_jobs.archive where name like '%trace-retention'`,
        )
      ).rows;
    const finished = (list: Awaited<ReturnType<typeof jobs>>) => list.length > 0 && list.every((j) => j.state === 'completed');
    const [job] = await until(jobs, finished, "today's retention job completed", 60_000);
    const today = (await db.query<{ day: string }>(`select to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD') as day`)).rows[0]!.day;
    expect(job!.singleton_key).toBe(`day:${today}`);
    expect(job!.output).toMatchObject({ runs: OLD.length, batches: 1 });
    // Pruned once: the old runs by one statement (one timestamp), the recent run kept.
    const after = await runs();
    expect(after.filter((r) => r.pruned !== null).map((r) => r.session_id)).toEqual(OLD);
    expect(new Set(after.filter((r) => r.pruned !== null).map((r) => r.pruned!.toISOString())).size).toBe(1);
    const claimed = await db.query<{ day: string }>(`select to_char(last_run_on, 'YYYY-MM-DD') as day from chat_trace_retention where id = 1`);
    expect(claimed.rows[0]!.day).toBe(today);
    const cleanups = () =>
      cluster.servers.map(
        (s) =>
          s
            .output()
            .split('\n')
            .filter((line) => line.includes('trace retention cleanup finished')).length,
      );
    // The line reaches the process's output in its next log batch: wait for it, then count.
    await until(
      async () => cleanups().reduce((a, b) => a + b, 0),
      (n) => n >= 1,
      'the cleanup logged',
      10_000,
    );
    expect(cleanups().reduce((a, b) => a + b, 0)).toBe(1);

    // As when the day's second 12-hour singleton window opens: the job is gone, the processes'
    // next checks queue a new one for the same day, and its worker finds the day claimed.
    await age(['ret-new']);
    await db.query(`delete from svc_jobs.job where id = $1`, [job!.id]);
    await db.query(`delete from svc_jobs.archive where id = $1`, [job!.id]);
    const [second] = await until(jobs, finished, 'a second job of the day completed', 60_000);
    expect(second!.id).not.toBe(job!.id);
    expect(second!.singleton_key).toBe(`day:${today}`);
    expect(second!.output).toEqual({ skipped: 'already ran today' });
    // Three processes checking every second queued this one job only (the queue's singleton).
    expect(await jobs()).toHaveLength(1);
    expect((await runs()).find((r) => r.session_id === 'ret-new')!.pruned).toBeNull();
    expect(cleanups().reduce((a, b) => a + b, 0)).toBe(1);

    // Back to the defaults: the next look is an hour after the last one.
    await ok(cluster.api('proxy', 'PUT', '/api/mod-management/chat/settings', {}));
  },
  4 * MINUTE,
);
