/**
 * The archive: the calendar, runs and sessions of a local day, a run and a session in full.
 * Runs come from real chat turns against the fake model server; rows at chosen instants (the
 * time zone and DST cases) and runs a crash left behind are inserted directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
const get = (path: string, params: Record<string, string | number> = {}) => kit.t.request(`${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);
const knex = () => kit.t.kernel.database.knex;
/** The UTC day of the real turns (set from their runs, so a test run across midnight stays right). */
let today = '';
const realRuns: string[] = [];

async function turn(sessionId: string, message: string, answer: string) {
  kit.fake.chat(textAnswer([answer]));
  const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId, message }));
  expect(res.status).toBe(200);
  realRuns.push(res.body.runId);
}

/** A session of bob with one message at each instant, and a run started at each. */
async function activityAt(sessionId: string, instants: string[]) {
  await knex()('chat_sessions').insert({ agent_id: 'bob', session_id: sessionId, message_count: instants.length });
  await knex()('chat_messages').insert(instants.map((at, i) => ({ agent_id: 'bob', session_id: sessionId, seq: i + 1, generation: 0, run_id: `${sessionId}-${i}`, role: 'user', content: `at ${at}`, created_at: at })));
  await knex()('chat_runs').insert(
    instants.map((at, i) => ({ run_id: `${sessionId}-${i}`, agent_id: 'bob', session_id: sessionId, status: 'completed', generation: 0, request: '{}', started_at: at, heartbeat_at: at, ended_at: at })),
  );
}

beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada', 'bob'] });
  await turn('daily', 'What is on the list today?', 'Two meetings and a review.');
  await turn('daily', 'Move the review to Friday.', 'Done: the review is on Friday.');
  await turn('other', 'Hello there', 'Hello!');
  const days = new Set<string>();
  for (const runId of realRuns) days.add((await kit.t.request(`/api/archive/runs/${runId}`)).body.run.startedAt.slice(0, 10));
  expect(days.size).toBe(1);
  today = [...days][0]!;
});
afterAll(() => kit?.close());

describe('calendar', () => {
  it('counts today’s runs, sessions and messages of real turns', async () => {
    const res = await get('/api/archive/calendar', { agentId: 'ada', timezone: 'UTC', from: today, to: today });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, timezone: 'UTC', from: today, to: today });
    expect(res.body.days).toEqual([{ day: today, runs: 3, sessions: 2, messages: 6 }]);
  });

  it('splits days in the requested zone: 23:30 UTC is the next day in Europe/Berlin', async () => {
    await activityAt('late', ['2026-06-10T23:30:00Z']);
    const utc = await get('/api/archive/calendar', { agentId: 'bob', timezone: 'UTC', from: '2026-06-01', to: '2026-06-30' });
    expect(utc.body.days).toEqual([{ day: '2026-06-10', runs: 1, sessions: 1, messages: 1 }]);
    const berlin = await get('/api/archive/calendar', { agentId: 'bob', timezone: 'Europe/Berlin', from: '2026-06-01', to: '2026-06-30' });
    expect(berlin.body.days).toEqual([{ day: '2026-06-11', runs: 1, sessions: 1, messages: 1 }]);
  });

  it('follows DST: the 23-hour and the 25-hour day of Europe/Berlin keep their own instants', async () => {
    // Spring: 2026-03-29 runs from 23:00 UTC the day before to 22:00 UTC (CET, then CEST).
    await activityAt('spring', ['2026-03-28T22:30:00Z', '2026-03-28T23:30:00Z', '2026-03-29T21:59:00Z', '2026-03-29T22:30:00Z']);
    const spring = await get('/api/archive/calendar', { agentId: 'bob', timezone: 'Europe/Berlin', from: '2026-03-28', to: '2026-03-30' });
    expect(spring.body.days).toEqual([
      { day: '2026-03-28', runs: 1, sessions: 1, messages: 1 },
      { day: '2026-03-29', runs: 2, sessions: 1, messages: 2 },
      { day: '2026-03-30', runs: 1, sessions: 1, messages: 1 },
    ]);
    // Autumn: 2026-10-25 runs from 22:00 UTC the day before to 23:00 UTC.
    await activityAt('autumn', ['2026-10-24T21:30:00Z', '2026-10-24T22:30:00Z', '2026-10-25T22:30:00Z', '2026-10-25T23:30:00Z']);
    const autumn = await get('/api/archive/calendar', { agentId: 'bob', timezone: 'Europe/Berlin', from: '2026-10-24', to: '2026-10-26' });
    expect(autumn.body.days.map((d: any) => [d.day, d.messages])).toEqual([
      ['2026-10-24', 1],
      ['2026-10-25', 2],
      ['2026-10-26', 1],
    ]);
    const runs = await get('/api/archive/runs', { agentId: 'bob', day: '2026-10-25', timezone: 'Europe/Berlin' });
    expect(runs.body.runs.map((r: any) => r.startedAt)).toEqual(['2026-10-24T22:30:00.000Z', '2026-10-25T22:30:00.000Z']);
  });

  it('defaults to the operator time zone and the current month', async () => {
    expect((await kit.t.request(json('PUT', '/api/settings/timezone', { timezone: 'Asia/Tokyo' }))).status).toBe(200);
    try {
      const res = await get('/api/archive/calendar', { agentId: 'bob', from: '2026-06-01' });
      expect(res.body).toMatchObject({ timezone: 'Asia/Tokyo', from: '2026-06-01', to: '2026-06-30' });
      expect(res.body.days.map((d: any) => d.day)).toEqual(['2026-06-11']);
      const month = await get('/api/archive/calendar', { agentId: 'ada' });
      expect(month.body.from <= today && today <= month.body.to).toBe(true);
    } finally {
      await kit.t.request(json('PUT', '/api/settings/timezone', { timezone: 'UTC' }));
    }
  });

  it('refuses a bad zone, an impossible or malformed day, a reversed or too long range, and an unknown agent', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ timezone: 'Mars/Olympus_Mons' }, 400, 'chat_archive_timezone_invalid'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 400, 'chat_archive_day_invalid'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 400, 'chat_archive_day_invalid'],
      [{ from: '2025-01-01', to: '2026-03-01' }, 400, 'chat_archive_day_invalid'],
      [{ from: 'yesterday' }, 400, 'request_validation_failed'],
      [{ agentId: 'nobody' }, 404, 'agent_not_found'],
    ];
    for (const [params, status, error] of cases) {
      const res = await get('/api/archive/calendar', params);
      expect([res.status, res.body.error], JSON.stringify(params)).toEqual([status, error]);
    }
  });
});

describe('runs of a day', () => {
  it('lists runs in start order with complete=false for a run still running or interrupted', async () => {
    const at = `${today}T00:00:01Z`;
    await knex()('chat_runs').insert([
      { run_id: 'crashed-1', agent_id: 'ada', session_id: 'daily', status: 'interrupted', generation: 0, request: '{}', started_at: at, heartbeat_at: at, ended_at: new Date() },
      { run_id: 'running-1', agent_id: 'ada', session_id: 'daily', status: 'running', generation: 0, request: '{}', started_at: at, heartbeat_at: at },
    ]);
    const res = await get('/api/archive/runs', { agentId: 'ada', day: today, timezone: 'UTC' });
    expect(res.status).toBe(200);
    const runs = res.body.runs as any[];
    expect(runs.map((r) => [r.runId, r.status, r.complete])).toEqual([['crashed-1', 'interrupted', false], ['running-1', 'running', false], ...realRuns.map((id) => [id, 'completed', true])]);
    expect(runs[2]).toMatchObject({ agentId: 'ada', sessionId: 'daily', origin: { kind: 'chat' }, error: null });
  });

  it('pages with a cursor bound to the day, zone and agent', async () => {
    const first = await get('/api/archive/runs', { agentId: 'ada', day: today, timezone: 'UTC', limit: 2 });
    expect(first.body.runs).toHaveLength(2);
    const second = await get('/api/archive/runs', { agentId: 'ada', day: today, timezone: 'UTC', limit: 2, cursor: first.body.nextCursor });
    const third = await get('/api/archive/runs', { agentId: 'ada', day: today, timezone: 'UTC', limit: 2, cursor: second.body.nextCursor });
    expect([...first.body.runs, ...second.body.runs, ...third.body.runs].map((r: any) => r.runId)).toEqual(['crashed-1', 'running-1', ...realRuns]);
    expect(third.body.nextCursor).toBeNull();
    for (const params of [
      { agentId: 'bob', day: today, timezone: 'UTC' },
      { agentId: 'ada', day: today, timezone: 'Europe/Berlin' },
      { agentId: 'ada', day: '2026-01-01', timezone: 'UTC' },
    ]) {
      const res = await get('/api/archive/runs', { ...params, cursor: first.body.nextCursor });
      expect([res.status, res.body.error]).toEqual([400, 'chat_cursor_invalid']);
    }
    const sessions = await get('/api/archive/sessions', { agentId: 'ada', day: today, timezone: 'UTC', cursor: first.body.nextCursor });
    expect(sessions.body.error).toBe('chat_cursor_invalid');
  });

  it('refuses a missing or impossible day and a wrong limit type', async () => {
    expect((await get('/api/archive/runs', { timezone: 'UTC' })).body.error).toBe('request_validation_failed');
    expect((await get('/api/archive/runs', { day: '2026-13-01' })).body.error).toBe('chat_archive_day_invalid');
    expect((await get('/api/archive/runs', { day: today, limit: 'all' })).body.error).toBe('request_validation_failed');
    expect((await get('/api/archive/runs', { day: today, timezone: 'Not/AZone' })).body.error).toBe('chat_archive_timezone_invalid');
  });
});

describe('one run, sessions of a day, one session', () => {
  it('shows a run with its messages and trace summary; 404 for an unknown run', async () => {
    const res = await kit.t.request(`/api/archive/runs/${realRuns[1]}`);
    expect(res.status).toBe(200);
    expect(res.body.run).toMatchObject({ runId: realRuns[1], status: 'completed', complete: true, sessionId: 'daily' });
    expect(res.body.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'Move the review to Friday.'],
      ['assistant', 'Done: the review is on Friday.'],
    ]);
    // Traces are off in this suite: no OpenTelemetry trace to name.
    expect(res.body.trace).toMatchObject({ modelCalls: 1, toolCalls: 0, otelTraceId: null });
    expect(res.body.trace.durationMs).toBeGreaterThanOrEqual(0);
    const missing = await kit.t.request('/api/archive/runs/no-such-run');
    expect([missing.status, missing.body.error]).toEqual([404, 'chat_archive_run_not_found']);
    const incomplete = await kit.t.request('/api/archive/runs/running-1');
    expect(incomplete.body).toMatchObject({ run: { complete: false, endedAt: null }, messages: [], trace: { events: 0, durationMs: null } });
  });

  it('lists the sessions active on a day with that day’s counts', async () => {
    const res = await get('/api/archive/sessions', { day: today, timezone: 'UTC', agentId: 'ada' });
    expect(res.body.sessions.map((s: any) => [s.sessionId, s.day.runs, s.day.messages])).toEqual([
      ['daily', 4, 4],
      ['other', 1, 2],
    ]);
    const berlin = await get('/api/archive/sessions', { day: '2026-06-11', timezone: 'Europe/Berlin' });
    expect(berlin.body.sessions.map((s: any) => [s.agentId, s.sessionId, s.day.firstAt])).toEqual([['bob', 'late', '2026-06-10T23:30:00.000Z']]);
  });

  it('shows a session’s messages of every generation, paged, with its runs; 404 for an unknown session', async () => {
    expect((await kit.t.request(json('POST', '/api/sessions/daily/reset', { agentId: 'ada' }))).status).toBe(200);
    await turn('daily', 'After the reset', 'Fresh start.');
    const first = await get('/api/archive/sessions/daily', { agentId: 'ada', limit: 4 });
    expect(first.status).toBe(200);
    expect(first.body.session).toMatchObject({ sessionId: 'daily', generation: 1, messageCount: 6 });
    expect(first.body.messages.map((m: any) => [m.seq, m.generation])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    expect(first.body.runs.map((r: any) => r.runId)).toEqual(expect.arrayContaining([...realRuns.slice(0, 2), realRuns[3], 'running-1']));
    expect(first.body.runsTruncated).toBe(false);
    const second = await get('/api/archive/sessions/daily', { agentId: 'ada', limit: 4, after: first.body.nextAfter });
    expect(second.body.messages.map((m: any) => [m.seq, m.generation, m.content])).toEqual([
      [5, 1, 'After the reset'],
      [6, 1, 'Fresh start.'],
    ]);
    expect(second.body.nextAfter).toBeNull();
    const missing = await get('/api/archive/sessions/nope', { agentId: 'ada' });
    expect([missing.status, missing.body.error]).toEqual([404, 'chat_session_not_found']);
    expect((await get('/api/archive/sessions/daily', {})).body.error).toBe('request_validation_failed');
    expect((await get('/api/archive/sessions/daily', { agentId: 'nobody' })).status).toBe(404);
  });
});
