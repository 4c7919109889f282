/**
 * What a turn reads from memory instead of the database (the session's history, the agent's run
 * profile) is exactly what the database holds: every write the next turn must see — a turn's
 * transcript, a session reset, new profile documents, another model, a rename, a deleted and
 * re-created agent — is seen by the very next turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, parseNdjson, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada'] });
});
afterAll(() => kit?.close());

const lastCall = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
const turn = async (agentId: string, sessionId: string, message: string, answer: string) => {
  kit.fake.chat(textAnswer([answer]));
  const res = await kit.t.inject(chatRequest({ agentId, sessionId, message }, true));
  const events = parseNdjson(res.body);
  expect(events.at(-1)!.type).toBe('run.completed');
  return lastCall();
};
const history = (body: any) => (body.messages as Array<{ role: string; content: string }>).slice(1).map((m) => `${m.role}: ${m.content}`);
const documents = (soul: string) => ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: kind === 'SOUL' ? soul : `${kind.toLowerCase()} text` }));

describe('session history', () => {
  it('each turn sees every earlier turn of the generation, and nothing from before a reset', async () => {
    expect(history(await turn('ada', 'mem', 'one', 'first'))).toEqual(['user: one']);
    expect(history(await turn('ada', 'mem', 'two', 'second'))).toEqual(['user: one', 'assistant: first', 'user: two']);
    expect(history(await turn('ada', 'mem', 'three', 'third'))).toEqual(['user: one', 'assistant: first', 'user: two', 'assistant: second', 'user: three']);

    expect((await kit.t.request(json('POST', '/api/sessions/mem/reset', { agentId: 'ada' }))).status).toBe(200);
    expect(history(await turn('ada', 'mem', 'after reset', 'fresh'))).toEqual(['user: after reset']);
    expect(history(await turn('ada', 'mem', 'again', 'more'))).toEqual(['user: after reset', 'assistant: fresh', 'user: again']);
  });

  it('a changed copy of one turn’s history does not leak into the next', async () => {
    const first = await turn('ada', 'copies', 'alpha', 'beta');
    first.messages.length = 0;
    expect(history(await turn('ada', 'copies', 'gamma', 'delta'))).toEqual(['user: alpha', 'assistant: beta', 'user: gamma']);
  });
});

describe('agent run profile', () => {
  it('the next turn sees new profile documents, a rename and another model at once', async () => {
    expect((await kit.t.request(json('PUT', '/api/agents/ada/profile-documents', { documents: documents('First soul.') }))).status).toBe(200);
    expect((await turn('ada', 'profile', 'hi', 'ok')).messages[0].content).toContain('First soul.');

    expect((await kit.t.request(json('PUT', '/api/agents/ada/profile-documents', { documents: documents('Second soul.') }))).status).toBe(200);
    const system = (await turn('ada', 'profile', 'hi', 'ok')).messages[0].content as string;
    expect(system).toContain('Second soul.');
    expect(system).not.toContain('First soul.');

    expect((await kit.t.request(json('PATCH', '/api/agents/ada', { name: 'Renamed Ada' }))).status).toBe(200);
    expect((await turn('ada', 'profile', 'hi', 'ok')).messages[0].content).toContain('You are Renamed Ada');

    expect((await kit.t.request(json('PUT', '/api/agents/ada/model-selection', { connectionId: kit.connectionId, model: 'thinker' }))).status).toBe(200);
    expect((await turn('ada', 'profile', 'hi', 'ok')).model).toBe('thinker');
    expect((await kit.t.request(json('PUT', '/api/agents/ada/model-selection', { connectionId: kit.connectionId, model: 'gpt-test' }))).status).toBe(200);
    expect((await turn('ada', 'profile', 'hi', 'ok')).model).toBe('gpt-test');
  });

  it('a deleted agent is refused on the next turn, and a re-created one starts with an empty history', async () => {
    expect((await kit.t.request(json('POST', '/api/agents', { id: 'eve', name: 'Eve' }))).status).toBe(201);
    expect((await kit.t.request(json('PUT', '/api/agents/eve/model-selection', { connectionId: kit.connectionId, model: 'gpt-test' }))).status).toBe(200);
    await turn('eve', 'gone', 'remember me', 'noted');
    expect((await kit.t.request({ method: 'DELETE', url: '/api/agents/eve' })).status).toBe(200);

    kit.fake.chat(textAnswer(['never']));
    const refused = await kit.t.request(chatRequest({ agentId: 'eve', sessionId: 'gone', message: 'hello?' }));
    expect(refused.status).toBe(404);

    expect((await kit.t.request(json('POST', '/api/agents', { id: 'eve', name: 'Eve Again' }))).status).toBe(201);
    // No model selection yet: the re-created agent's profile is read anew.
    const unconfigured = await kit.t.request(chatRequest({ agentId: 'eve', sessionId: 'gone', message: 'hello?' }));
    expect(unconfigured.status).toBeGreaterThanOrEqual(400);
    expect((await kit.t.request(json('PUT', '/api/agents/eve/model-selection', { connectionId: kit.connectionId, model: 'gpt-test' }))).status).toBe(200);
    const call = await turn('eve', 'gone', 'fresh start', 'hello');
    expect(call.messages[0].content).toContain('You are Eve Again');
    expect(history(call)).toEqual(['user: fresh start']);
  });
});

describe('runs written together', () => {
  it('turns of many sessions admitted and finished at once are each written whole', async () => {
    const n = 12;
    for (let i = 0; i < n; i++) kit.fake.chat(textAnswer([`answer ${i % 3}`]));
    const replies = await Promise.all(Array.from({ length: n }, (_, i) => kit.t.request(chatRequest({ agentId: 'ada', sessionId: `group-${i}`, message: `message ${i}`, runId: `run-group-${i}` }))));
    for (const reply of replies) expect(reply.body).toMatchObject({ ok: true, status: 'completed' });
    for (let i = 0; i < n; i++) {
      const session = (await kit.t.request(`/api/sessions/group-${i}?agentId=ada`)).body;
      expect(session.messages.map((m: any) => [m.seq, m.role, m.runId])).toEqual([
        [1, 'user', `run-group-${i}`],
        [2, 'assistant', `run-group-${i}`],
      ]);
      expect(session.messages[0].content).toBe(`message ${i}`);
      expect(session.session).toMatchObject({ messageCount: 2, title: `message ${i}` });
      const trace = (await kit.t.request(`/api/traces/run-group-${i}?agentId=ada`)).body.trace;
      expect(trace).toMatchObject({ status: 'completed', error: null, response: { ok: true, status: 'completed', runId: `run-group-${i}` } });
      expect(trace.events.map((e: any) => e.type)).toContain('model.completed');
      expect(trace.endedAt).not.toBeNull();
    }
  });

  it('one run id sent twice at once makes one run; the other request is refused', async () => {
    kit.fake.chat(textAnswer(['only once']));
    kit.fake.chat(textAnswer(['never']));
    const replies = await Promise.all([1, 2].map((i) => kit.t.request(chatRequest({ agentId: 'ada', sessionId: `twice-${i}`, message: 'hi', runId: 'run-twice' }))));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.error).toBe('chat_run_exists');
  });
});
