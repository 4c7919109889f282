/**
 * The sessions listing as the chat sidebar reads it: each session carries the origin of the
 * run that opened it (HTTP chat, or another mod through the run engine), `internal=false` keeps
 * the conversations and `internal=true` the background sessions; archiving and unarchiving
 * through PATCH /api/sessions/{id} moves a session between `archived=false` and `archived=true`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';
import { down, up } from '../migrations/20261128100000_session_origin.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit();
  expect((await kit.t.request(json('POST', '/api/mod-management/run-starter/enable'))).body.mod.status).toBe('loaded');
  for (const [sessionId, message] of [
    ['talk', 'Plan a trip'],
    ['notes', 'Remember the milk'],
  ]) {
    expect((await kit.t.inject(chatRequest({ agentId: 'ada', sessionId, message, noCallModel: true }))).statusCode).toBe(200);
  }
  for (const origin of [{ kind: 'dream', id: 'cycle-1' }, { kind: 'task' }]) {
    kit.fake.chat(textAnswer(['done']));
    const sessionId = `${origin.kind}-session`;
    const res = await kit.t.request(json('POST', '/api/mods/run-starter/run', { agentId: 'ada', sessionId, input: { message: `Background ${origin.kind}` }, origin }));
    expect(res.status).toBe(200);
  }
  // A chat turn in a session a task opened leaves the session's origin as it was.
  expect((await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'task-session', message: 'And now?', noCallModel: true }))).statusCode).toBe(200);
});
afterAll(() => kit?.close());

type Listed = { sessionId: string; archived: boolean; updatedAt: string; origin: { kind: string; id?: string } };
const list = async (query = '') => {
  const res = await kit.t.request(`/api/sessions?agentId=ada${query}`);
  expect(res.status).toBe(200);
  return res.body.sessions as Listed[];
};
const ids = (sessions: Listed[]) => sessions.map((s) => s.sessionId).sort();

describe('origin', () => {
  it('carries the origin of the run that opened each session', async () => {
    const byId = new Map((await list()).map((s) => [s.sessionId, s.origin]));
    expect(Object.fromEntries(byId)).toEqual({ talk: { kind: 'chat' }, notes: { kind: 'chat' }, 'dream-session': { kind: 'dream', id: 'cycle-1' }, 'task-session': { kind: 'task' } });
    expect((await kit.t.request('/api/sessions/dream-session?agentId=ada')).body.session.origin).toEqual({ kind: 'dream', id: 'cycle-1' });
  });

  it('lists conversations only with internal=false and background sessions only with internal=true', async () => {
    expect(ids(await list('&internal=false'))).toEqual(['notes', 'talk']);
    expect(ids(await list('&internal=true'))).toEqual(['dream-session', 'task-session']);
  });

  it('gives a fork the chat origin: the operator made it', async () => {
    const fork = await kit.t.request(json('POST', '/api/sessions/dream-session/fork', { agentId: 'ada', newSessionId: 'dream-copy' }));
    expect(fork.status).toBe(201);
    expect(fork.body.session.origin).toEqual({ kind: 'chat' });
    expect(ids(await list('&internal=false'))).toEqual(['dream-copy', 'notes', 'talk']);
  });

  it('refuses a non-boolean internal filter', async () => {
    const res = await kit.t.request('/api/sessions?agentId=ada&internal=maybe');
    expect([res.status, res.body.ok]).toEqual([400, false]);
  });
});

describe('archive', () => {
  it('archives: the session leaves archived=false, shows in archived=true, keeps its place and title', async () => {
    const before = await list('&internal=false');
    const res = await kit.t.request(json('PATCH', '/api/sessions/notes', { agentId: 'ada', archived: true }));
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ sessionId: 'notes', archived: true, title: 'Remember the milk', origin: { kind: 'chat' } });
    expect(res.body.session.updatedAt).toBe(before.find((s) => s.sessionId === 'notes')!.updatedAt);
    expect(ids(await list('&internal=false&archived=false'))).toEqual(['dream-copy', 'talk']);
    expect(ids(await list('&internal=false&archived=true'))).toEqual(['notes']);
  });

  it('unarchives: the session is back in the listing', async () => {
    const res = await kit.t.request(json('PATCH', '/api/sessions/notes', { agentId: 'ada', archived: false }));
    expect([res.status, res.body.session.archived]).toEqual([200, false]);
    expect(ids(await list('&archived=true'))).toEqual([]);
    expect(ids(await list('&internal=false&archived=false'))).toEqual(['dream-copy', 'notes', 'talk']);
  });

  it('renames and archives in one request', async () => {
    const res = await kit.t.request(json('PATCH', '/api/sessions/talk', { agentId: 'ada', title: ' Trip ', archived: true }));
    expect(res.body.session).toMatchObject({ title: 'Trip', archived: true });
    expect((await kit.t.request(json('PATCH', '/api/sessions/talk', { agentId: 'ada', archived: false }))).body.session).toMatchObject({ title: 'Trip', archived: false });
  });

  it('refuses a wrong type, no change at all, an unknown field; nothing changes', async () => {
    for (const body of [{ agentId: 'ada', archived: 'yes' }, { agentId: 'ada', archived: null }, { agentId: 'ada' }, { archived: true }, { agentId: 'ada', archived: true, pinned: true }]) {
      const res = await kit.t.request(json('PATCH', '/api/sessions/talk', body));
      expect([res.status, res.body.ok]).toEqual([400, false]);
    }
    expect((await kit.t.request('/api/sessions/talk?agentId=ada')).body.session.archived).toBe(false);
  });

  it('answers 404 for an unknown session or agent', async () => {
    const session = await kit.t.request(json('PATCH', '/api/sessions/nope', { agentId: 'ada', archived: true }));
    expect([session.status, session.body.error]).toEqual([404, 'chat_session_not_found']);
    const agent = await kit.t.request(json('PATCH', '/api/sessions/talk', { agentId: 'ghost', archived: true }));
    expect([agent.status, agent.body.error]).toEqual([404, 'agent_not_found']);
  });
});

describe('the migration', () => {
  it('gives the sessions from before it the origin of their first run, and goes down and up again', async () => {
    const knex = kit.t.kernel.database.knex;
    await knex('chat_sessions').insert({ agent_id: 'ada', session_id: 'old-dream', message_count: 0 });
    const hourAgo = Date.now() - 3_600_000;
    for (const [runId, origin, at] of [
      ['old-2', { kind: 'chat' }, hourAgo + 60_000],
      ['old-1', { kind: 'dream', id: 'cycle-0' }, hourAgo],
    ] as const) {
      await knex('chat_runs').insert({ run_id: runId, agent_id: 'ada', session_id: 'old-dream', status: 'completed', generation: 0, request: '{}', origin: JSON.stringify(origin), started_at: new Date(at) });
    }
    await down(knex);
    expect(await knex.schema.hasColumn('chat_sessions', 'origin_kind')).toBe(false);
    await up(knex);
    expect((await kit.t.request('/api/sessions/old-dream?agentId=ada')).body.session.origin).toEqual({ kind: 'dream', id: 'cycle-0' });
    // The others kept (or took again) the origin of their first run.
    const byId = new Map((await list()).map((s) => [s.sessionId, s.origin]));
    expect([byId.get('talk'), byId.get('task-session'), byId.get('dream-session'), byId.get('dream-copy')]).toEqual([{ kind: 'chat' }, { kind: 'task' }, { kind: 'dream', id: 'cycle-1' }, { kind: 'chat' }]);
  });
});
