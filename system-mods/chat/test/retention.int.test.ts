/**
 * Trace retention: the policy (off by default, a bound required to enable it), the preview that
 * never deletes, the cleanup that clears only finished runs' traces (oldest first, in batches)
 * and leaves transcripts and running runs alone, and the deprecated /api/retention aliases.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobHandler, JobsService, ModDatabaseService } from '../../../sdk/index.js';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { RETENTION_QUEUE, scheduleDailyCleanup, TraceRetention } from '../src/services/archive/trace-retention.js';

const MODS = ['health', 'agents', 'model-connections', 'settings', 'mcp', 'chat'];
const DAY = 86_400_000;

let t: TestKernel;
let knex: Knex;
beforeAll(async () => {
  t = await startTestKernel({ mods: MODS });
  knex = t.kernel.database.knex;
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
});
afterAll(() => t?.close());

beforeEach(async () => {
  await knex('chat_runs').delete();
  await knex('chat_messages').delete();
  await knex('chat_sessions').delete();
  await knex('chat_trace_retention').delete();
});

/** A run of session `s` that ended `ageDays` ago with a trace of about `size` characters (running: not ended). */
async function run(runId: string, ageDays: number, size = 1000, status = 'completed') {
  const at = new Date(Date.now() - ageDays * DAY);
  await knex('chat_runs').insert({
    run_id: runId,
    agent_id: 'ada',
    session_id: 's',
    status,
    generation: 0,
    request: JSON.stringify({ message: 'hi' }),
    trace: JSON.stringify([{ type: 'run.started', ts: at.toISOString(), data: { pad: 'x'.repeat(size) } }]),
    tool_calls: JSON.stringify([{ callId: 'c1', name: 'echo', arguments: { text: 'y' } }]),
    started_at: at,
    ended_at: status === 'running' ? null : at,
  });
}

/** Each run's trace size as the policy measures it (the JSON text of trace and tool calls). */
async function sizes(): Promise<Map<string, number>> {
  const rows = await knex('chat_runs').select<Array<{ run_id: string; bytes: number }>>('run_id', knex.raw('octet_length(trace::text) + octet_length(tool_calls::text) as bytes'));
  return new Map(rows.map((r) => [r.run_id, Number(r.bytes)]));
}

const traces = async () =>
  Object.fromEntries(
    (await knex('chat_runs').select<Array<{ run_id: string; trace: unknown; tool_calls: unknown; trace_pruned_at: Date | null }>>('run_id', 'trace', 'tool_calls', 'trace_pruned_at')).map((r) => [r.run_id, r]),
  );

const pruned = async () => (await knex('chat_runs').whereNotNull('trace_pruned_at').orderBy('run_id').pluck('run_id')) as string[];

describe('policy', () => {
  it('is off by default, with a preview of what is kept', async () => {
    await run('r-old', 40);
    await run('r-new', 1);
    const res = await t.request('/api/settings/retention');
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual({ enabled: false });
    expect(res.body.preview).toMatchObject({ runs: 0, bytes: 0, totalRuns: 2, oldestEndedAt: null, newestEndedAt: null });
  });

  it('refuses to enable without a bound and refuses bad bounds', async () => {
    const unbounded = await t.request(json('PUT', '/api/settings/retention', { enabled: true }));
    expect([unbounded.status, unbounded.body.error]).toEqual([400, 'chat_retention_bound_required']);
    for (const body of [
      {},
      { enabled: 'yes' },
      { enabled: true, maxAgeDays: 0 },
      { enabled: true, maxAgeDays: 1.5 },
      { enabled: true, maxAgeDays: 36501 },
      { enabled: true, maxTotalMb: -1 },
      { enabled: true, maxTotalMb: 'big' },
      { enabled: false, other: 1 },
    ]) {
      const res = await t.request(json('PUT', '/api/settings/retention', body));
      expect(res.status).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    expect((await t.request('/api/settings/retention')).body.policy).toEqual({ enabled: false });
  });

  it('saves a policy durably and answers with its preview (oldest and newest affected)', async () => {
    await run('r-90', 90, 500);
    await run('r-40', 40, 700);
    await run('r-1', 1);
    const res = await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 30 }));
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual({ enabled: true, maxAgeDays: 30 });
    const s = await sizes();
    expect(res.body.preview).toMatchObject({ runs: 2, bytes: s.get('r-90')! + s.get('r-40')!, totalRuns: 3 });
    expect(Date.parse(res.body.preview.oldestEndedAt)).toBeLessThan(Date.parse(res.body.preview.newestEndedAt));
    expect((await t.request('/api/settings/retention')).body.policy).toEqual({ enabled: true, maxAgeDays: 30 });
    expect(await knex('chat_trace_retention').first('enabled', 'max_age_days')).toEqual({ enabled: true, max_age_days: 30 });
    // A disabled policy keeps its bounds; the preview shows what they would clear once enabled.
    const off = await t.request(json('PUT', '/api/settings/retention', { enabled: false, maxAgeDays: 30 }));
    expect(off.body).toMatchObject({ policy: { enabled: false, maxAgeDays: 30 }, preview: { runs: 2 } });
  });
});

describe('preview', () => {
  it('never deletes, and tries a policy without saving it', async () => {
    for (let i = 0; i < 5; i += 1) await run(`r-${i}`, 50 - i * 10, 2000);
    await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 35 }));
    const before = await traces();
    const saved = await t.request(json('POST', '/api/settings/retention/preview', {}));
    expect(saved.status).toBe(200);
    expect(saved.body.policy).toEqual({ enabled: true, maxAgeDays: 35 });
    expect(saved.body.preview.runs).toBe(2);
    const tried = await t.request(json('POST', '/api/settings/retention/preview', { maxAgeDays: 15 }));
    expect(tried.body.policy).toEqual({ enabled: false, maxAgeDays: 15 });
    expect(tried.body.preview.runs).toBe(4);
    const all = await t.request(json('POST', '/api/settings/retention/preview', { enabled: true, maxTotalMb: 0.001 }));
    expect(all.body.preview.runs).toBe(5);
    expect(await traces()).toEqual(before);
    expect(await pruned()).toEqual([]);
    expect((await t.request('/api/settings/retention')).body.policy).toEqual({ enabled: true, maxAgeDays: 35 });
    const bad = await t.request(json('POST', '/api/settings/retention/preview', { maxAgeDays: 'old' }));
    expect(bad.status).toBe(400);
    const unbounded = await t.request(json('POST', '/api/settings/retention/preview', { enabled: true }));
    expect([unbounded.status, unbounded.body.error]).toEqual([400, 'chat_retention_bound_required']);
  });
});

describe('cleanup', () => {
  it('is refused while the policy is off (409), on the alias too', async () => {
    await run('r-old', 400);
    for (const url of ['/api/settings/retention/run', '/api/retention/cleanup']) {
      const res = await t.request(json('POST', url, {}));
      expect([res.status, res.body.error]).toEqual([409, 'chat_retention_disabled']);
    }
    await t.request(json('PUT', '/api/settings/retention', { enabled: false, maxAgeDays: 1 }));
    expect((await t.request(json('POST', '/api/settings/retention/run', {}))).status).toBe(409);
    expect(await pruned()).toEqual([]);
  });

  it('clears the traces of finished runs past the age, never running runs or transcripts', async () => {
    await knex('chat_sessions').insert({ agent_id: 'ada', session_id: 's', message_count: 2 });
    await knex('chat_messages').insert([
      { agent_id: 'ada', session_id: 's', seq: 1, generation: 0, run_id: 'r-old', role: 'user', content: 'old question' },
      { agent_id: 'ada', session_id: 's', seq: 2, generation: 0, run_id: 'r-old', role: 'assistant', content: 'old answer' },
    ]);
    await run('r-old', 60);
    await run('r-failed', 45, 1000, 'failed');
    await run('r-stuck', 60, 10, 'running');
    await run('r-recent', 2);
    // Each run's stored stream events.
    for (const runId of ['r-old', 'r-stuck', 'r-recent']) {
      await knex('chat_run_events').insert({ run_id: runId, first_seq: 1, last_seq: 1, events: JSON.stringify([{ seq: 1, type: 'run.started', ts: new Date().toISOString(), data: {} }]) });
    }
    const s = await sizes();
    await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 30 }));
    const preview = (await t.request('/api/settings/retention')).body.preview;
    const res = await t.request(json('POST', '/api/settings/retention/run', {}));
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ runs: 2, bytes: s.get('r-old')! + s.get('r-failed')!, batches: 1 });
    expect(res.body.report.runs).toBe(preview.runs);
    expect(res.body.report.bytes).toBe(preview.bytes);
    expect(await pruned()).toEqual(['r-failed', 'r-old']);
    const rows = await traces();
    expect(rows['r-old']).toMatchObject({ trace: [], tool_calls: [] });
    expect((rows['r-stuck']!.trace as unknown[]).length).toBe(1);
    expect((rows['r-recent']!.trace as unknown[]).length).toBe(1);
    // Stored stream events go with the trace; those of kept traces stay.
    expect((await knex('chat_run_events').orderBy('run_id').pluck('run_id')) as string[]).toEqual(['r-recent', 'r-stuck']);
    // The run row and its transcript stay.
    const session = await t.request('/api/sessions/s?agentId=ada');
    expect(session.body.messages.map((m: { content: string }) => m.content)).toEqual(['old question', 'old answer']);
    const trace = await t.request('/api/traces/r-old?agentId=ada');
    expect(trace.status).toBe(200);
    expect(trace.body.trace).toMatchObject({ runId: 'r-old', status: 'completed', tracePruned: true, events: [], toolCalls: [] });
    expect(typeof trace.body.trace.tracePrunedAt).toBe('string');
    expect((await t.request('/api/traces/r-old/authority?agentId=ada')).body.authority).toMatchObject({ tracePruned: true, toolCalls: [] });
    expect((await t.request('/api/traces/r-recent?agentId=ada')).body.trace).toMatchObject({ tracePruned: false, tracePrunedAt: null });
    // Nothing is left to clear: a second run reports nothing.
    const again = await t.request(json('POST', '/api/settings/retention/run', {}));
    expect(again.body.report).toMatchObject({ runs: 0, bytes: 0, batches: 0 });
  });

  it('under a size bound clears the oldest traces first until the rest fit', async () => {
    for (let i = 0; i < 6; i += 1) await run(`r-${i}`, 10 - i, 3000);
    const s = await sizes();
    const total = [...s.values()].reduce((a, b) => a + b, 0);
    // Room for a little more than two traces.
    const bound = s.get('r-5')! + s.get('r-4')! + 100;
    await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxTotalMb: bound / (1024 * 1024) }));
    const res = await t.request(json('POST', '/api/settings/retention/run', {}));
    expect(res.body.report.runs).toBe(4);
    expect(await pruned()).toEqual(['r-0', 'r-1', 'r-2', 'r-3']);
    const after = await t.request('/api/settings/retention');
    expect(after.body.preview.totalBytes).toBeLessThanOrEqual(bound);
    expect(after.body.preview.totalBytes).toBe(total - res.body.report.bytes);
    expect(after.body.preview.runs).toBe(0);
  });

  it('works in batches: batch size 2 over 7 traces takes 4 statements', async () => {
    for (let i = 0; i < 7; i += 1) await run(`r-${i}`, 100 + i);
    await run('r-keep', 1);
    await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 50 }));
    // A statement-level trigger counts the UPDATE statements (and their rows) that clear traces.
    await knex.raw('create table test_prune_statements (id serial primary key, rows int not null)');
    await knex.raw(`create function test_count_prune() returns trigger language plpgsql as $$
      begin insert into test_prune_statements (rows) select count(*) from n where trace_pruned_at is not null; return null; end $$`);
    await knex.raw('create trigger test_count_prune after update on chat_runs referencing new table as n for each statement execute function test_count_prune()');
    let res;
    let statements: number[];
    try {
      res = await t.request(json('POST', '/api/settings/retention/run', { batchSize: 2 }));
      statements = (await knex('test_prune_statements').orderBy('id').pluck('rows')).map(Number);
    } finally {
      await knex.raw('drop trigger test_count_prune on chat_runs');
      await knex.raw('drop function test_count_prune()');
      await knex.raw('drop table test_prune_statements');
    }
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({ runs: 7, batches: 4 });
    expect(statements).toEqual([2, 2, 2, 1]);
    expect(await pruned()).toHaveLength(7);
    for (const batchSize of [0, 5001, 'two']) expect((await t.request(json('POST', '/api/settings/retention/run', { batchSize }))).status).toBe(400);
  });
});

describe('deprecated aliases', () => {
  it('GET /api/retention answers as GET /api/settings/retention, flagged deprecated', async () => {
    await run('r-old', 40);
    await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 30 }));
    const current = await t.request('/api/settings/retention');
    const alias = await t.request('/api/retention');
    expect(alias.status).toBe(200);
    expect(alias.headers.deprecation).toBe('true');
    expect(alias.headers.link).toBe('</api/settings/retention>; rel="successor-version"');
    expect(alias.body).toEqual(current.body);
    expect(current.headers.deprecation).toBeUndefined();
  });

  it('POST /api/retention/cleanup runs the cleanup, flagged deprecated', async () => {
    await run('r-old', 40);
    await run('r-new', 1);
    await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 30 }));
    const res = await t.request(json('POST', '/api/retention/cleanup', {}));
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    expect(res.body.report).toMatchObject({ runs: 1, batches: 1 });
    expect(await pruned()).toEqual(['r-old']);
  });
});

describe('daily job', () => {
  /** One process's worker of the retention queue (the queue itself is the kernel's; its once-per-claim is its own tests'). */
  function worker() {
    let handler: JobHandler | undefined;
    const jobs = { work: (queue: string, fn: JobHandler) => ((handler = queue === RETENTION_QUEUE ? fn : handler), { dispose: () => undefined }), send: async () => null } as unknown as JobsService;
    const db = { knex, driver: t.kernel.database.driver } as unknown as ModDatabaseService;
    const stop = scheduleDailyCleanup({ jobs, db, retention: new TraceRetention(db), log: { info: () => undefined, warn: () => undefined } });
    const job = () => handler!({ id: 'j', queue: RETENTION_QUEUE, data: {}, retryCount: 0, retryLimit: 2, signal: new AbortController().signal });
    return { job, stop };
  }

  it('does nothing while the policy is off, then cleans up once per UTC day across processes', async () => {
    await run('r-old', 40);
    const [a, b] = [worker(), worker()];
    try {
      expect(await a.job()).toEqual({ skipped: 'disabled' });
      expect(await pruned()).toEqual([]);
      await t.request(json('PUT', '/api/settings/retention', { enabled: true, maxAgeDays: 30 }));
      expect(await a.job()).toMatchObject({ runs: 1 });
      await run('r-older', 50);
      // Another process's job of the same day finds the day claimed.
      expect(await b.job()).toEqual({ skipped: 'already ran today' });
      expect(await pruned()).toEqual(['r-old']);
      // The next day (the claim is the date of the last run) it runs again.
      await knex('chat_trace_retention').update({ last_run_on: knex.raw(`(now() at time zone 'utc')::date - 1`) });
      expect(await b.job()).toMatchObject({ runs: 1 });
      expect(await pruned()).toEqual(['r-old', 'r-older']);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
