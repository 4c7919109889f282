/**
 * What each answer shows: the model that gave it, how long the run took and the tokens it used,
 * live (the terminal response, `model.completed`) and stored (`GET /api/sessions/{id}`'s `runs`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequest, parseNdjson, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada', 'bob'] });
});
afterAll(() => kit?.close());

describe('a live run', () => {
  it('ends with the model, the duration and the usage; each model call reports its own usage', async () => {
    kit.fake.chat(textAnswer(['Hi ', 'there']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'meta-live', message: 'Hello', modelConnectionId: kit.connectionId, model: 'thinker' }, true));
    const events = parseNdjson(res.body);
    const completed = events.find((e) => e.type === 'model.completed')!;
    expect(completed.data.usage).toEqual({ inputTokens: 11, outputTokens: 7, reasoningTokens: 0, cachedTokens: 0, cost: 0, currency: null, unpricedCalls: 1 });
    const response = events.at(-1)!.data.response;
    expect(response).toMatchObject({ ok: true, model: { connectionId: kit.connectionId, model: 'thinker' }, usage: { inputTokens: 11, outputTokens: 7, reasoningTokens: 0 } });
    expect(Number.isInteger(response.durationMs)).toBe(true);
    expect(response.durationMs).toBeGreaterThanOrEqual(completed.data.durationMs);
  });
});

describe('GET /api/sessions/{sessionId} runs', () => {
  it("gives each answer's run its model, duration and usage, keyed by run id", async () => {
    kit.fake.chat(textAnswer(['First']));
    const first = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'meta-stored', message: 'one' }));
    kit.fake.chat(textAnswer(['Second']));
    const second = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'meta-stored', message: 'two', modelConnectionId: kit.connectionId, model: 'thinker' }));
    expect(second.body.ok).toBe(true);

    const page = await kit.t.request('/api/sessions/meta-stored?agentId=ada');
    expect(page.status).toBe(200);
    expect(Object.keys(page.body.runs).sort()).toEqual([first.body.runId, second.body.runId].sort());
    expect(page.body.runs[first.body.runId]).toEqual({
      status: 'completed',
      model: { connectionId: kit.connectionId, model: 'gpt-test' },
      durationMs: first.body.durationMs,
      // The cost as the terminal usage has it: gpt-test has no price here, so its call is unpriced (not free).
      usage: { inputTokens: 11, outputTokens: 7, reasoningTokens: 0, cachedTokens: 0, cost: 0, currency: null, unpricedCalls: 1 },
    });
    expect(page.body.runs[second.body.runId]).toMatchObject({ model: { model: 'thinker' }, durationMs: second.body.durationMs });
    const answers = page.body.messages.filter((m: any) => m.role === 'assistant');
    expect(answers.every((m: any) => page.body.runs[m.runId] !== undefined)).toBe(true);
  });

  it('is bounded to the runs of the page', async () => {
    const older = await kit.t.request('/api/sessions/meta-stored?agentId=ada&limit=2');
    expect(older.body.messages).toHaveLength(2);
    expect(Object.keys(older.body.runs)).toEqual([older.body.messages[1].runId]);
    const userOnly = await kit.t.request('/api/sessions/meta-stored?agentId=ada&from=1&to=1');
    expect(userOnly.body.runs).toEqual({});
  });

  it('marks a run without a model call with model null', async () => {
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'meta-none', message: 'just record it', noCallModel: true }));
    expect(res.body).toMatchObject({ ok: true, noModel: true });
    const page = await kit.t.request('/api/sessions/meta-none?agentId=ada');
    const meta = page.body.runs[res.body.runId];
    expect(meta === undefined || meta.model === null).toBe(true);
  });

  it('still refuses an unknown session, another agent and a bad range', async () => {
    expect((await kit.t.request('/api/sessions/nope?agentId=ada')).body.error).toBe('chat_session_not_found');
    expect((await kit.t.request('/api/sessions/meta-stored?agentId=bob')).body.error).toBe('chat_session_not_found');
    expect((await kit.t.request('/api/sessions/meta-stored?agentId=ghost')).body.error).toBe('agent_not_found');
    expect((await kit.t.request('/api/sessions/meta-stored?agentId=ada&limit=0')).body.error).toBe('request_validation_failed');
    expect((await kit.t.request('/api/sessions/meta-stored?agentId=ada&limit=abc')).body.error).toBe('request_validation_failed');
  });
});
