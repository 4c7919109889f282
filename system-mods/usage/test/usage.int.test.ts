/**
 * Accounting: every model call the gateway makes is recorded with its attribution, tokens and
 * cost (operator price, catalog price, or unpriced), the run's terminal event carries the sum,
 * and `GET /api/usage` filters and groups it. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequest, parseNdjson, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';
import { chatChunk, sseData, usageChunk } from '../../../test/peers/fake-openai.js';
import { json } from '../../../test/helpers.js';

let kit: ChatKit;
const get = async (url: string) => {
  const res = await kit.t.request(url);
  return { status: res.status, body: res.body as any };
};

beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada', 'bob'], mods: ['usage'] });
  // gpt-test: an operator price (as for a self-hosted model); thinker: no price at all.
  const saved = await kit.t.request(
    json('POST', '/api/settings/model-connections', {
      id: kit.connectionId,
      models: [
        { id: 'gpt-test', enabled: true, contextWindowOverride: 16000, pricingOverride: { currency: 'USD', inputPerMillion: 2, outputPerMillion: 10, cachedInputPerMillion: 0.5 } },
        { id: 'thinker', enabled: true, reasoningEfforts: ['low', 'high'] },
      ],
    }),
  );
  expect(saved.status).toBe(200);
});
afterAll(() => kit?.close());

/** A text answer whose usage says `cached` of the prompt came from the provider cache. */
const cachedAnswer = (cached: number) => ({
  events: [
    sseData(chatChunk({ role: 'assistant', content: 'Cached' })),
    sseData(chatChunk({}, 'stop')),
    sseData(usageChunk({ prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100, prompt_tokens_details: { cached_tokens: cached }, completion_tokens_details: { reasoning_tokens: 40 } })),
    sseData('[DONE]'),
  ],
});

describe('accounting', () => {
  it('shows the operator price on the model and records a priced call with its attribution', async () => {
    const list = await get('/api/settings/model-connections');
    const model = list.body.connections[0].models.find((m: any) => m.id === 'gpt-test');
    expect(model).toMatchObject({ pricingSource: 'operator', pricing: { currency: 'USD', inputPerMillion: 2, outputPerMillion: 10 }, pricingOverride: { currency: 'USD', inputPerMillion: 2 } });

    kit.fake.chat(cachedAnswer(600));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'acct-1', message: 'Hello' }, true));
    const events = parseNdjson(res.body);
    const runId = events[0]!.runId;
    // 400 uncached × 2 + 600 cached × 0.5 + 100 output × 10, per million.
    const cost = (400 * 2 + 600 * 0.5 + 100 * 10) / 1_000_000;
    const expected = { inputTokens: 1000, outputTokens: 100, cachedTokens: 600, reasoningTokens: 40, currency: 'USD', unpricedCalls: 0 };
    const completed = events.find((e) => e.type === 'model.completed')!;
    expect(completed.data.usage).toMatchObject(expected);
    expect(completed.data.usage.cost).toBeCloseTo(cost, 12);
    const terminal = events.at(-1)!.data.response;
    expect(terminal.usage).toMatchObject(expected);
    expect(terminal.usage.cost).toBeCloseTo(cost, 12);

    const byRun = await get(`/api/usage?groupBy=run&runId=${runId}`);
    expect(byRun.status).toBe(200);
    expect(byRun.body.groups).toHaveLength(1);
    expect(byRun.body.groups[0]).toMatchObject({ key: runId, calls: 1, refusedCalls: 0, unpricedCalls: 0, inputTokens: 1000, outputTokens: 100, cachedTokens: 600, reasoningTokens: 40, currencies: ['USD'] });
    expect(byRun.body.groups[0].cost).toBeCloseTo(cost, 12);
    const row = await kit.t.kernel.database.knex('usage_calls').where({ run_id: runId }).first();
    expect(row).toMatchObject({ agent_id: 'ada', session_id: 'acct-1', source: 'chat', kind: 'chat', connection_id: kit.connectionId, model: 'gpt-test', priced: true, price_source: 'operator', ok: true });
  });

  it('records a call of a model without a price as unpriced, never as free', async () => {
    kit.fake.chat(textAnswer(['No price']));
    const res = await kit.t.request(chatRequest({ agentId: 'bob', sessionId: 'acct-2', message: 'Hi', modelConnectionId: kit.connectionId, model: 'thinker' }));
    expect(res.body.usage).toMatchObject({ inputTokens: 11, outputTokens: 7, cost: 0, currency: null, unpricedCalls: 1 });
    const byAgent = await get('/api/usage?groupBy=agent&agentId=bob');
    expect(byAgent.body.groups).toEqual([expect.objectContaining({ key: 'bob', calls: 1, unpricedCalls: 1, cost: 0, currencies: [] })]);
    const row = await kit.t.kernel.database.knex('usage_calls').where({ run_id: res.body.runId }).first();
    expect(row).toMatchObject({ priced: false, cost: null, price_source: null });
  });

  it('groups by model and by day in the operator time zone, with totals', async () => {
    const byModel = await get('/api/usage?groupBy=model');
    expect(byModel.body.groups.map((g: any) => g.key)).toEqual(['gpt-test', 'thinker']);
    expect(byModel.body.totals).toMatchObject({ calls: 2, inputTokens: 1011, outputTokens: 107, unpricedCalls: 1 });
    const byDay = await get('/api/usage');
    expect(byDay.body).toMatchObject({ ok: true, groupBy: 'day', timezone: 'UTC' });
    expect(byDay.body.groups).toEqual([expect.objectContaining({ key: new Date().toISOString().slice(0, 10), calls: 2 })]);
    // A range that holds no call.
    const empty = await get('/api/usage?groupBy=source&from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z');
    expect(empty.body).toMatchObject({ groups: [], totals: { calls: 0, cost: 0 } });
  });

  it('refuses a wrong group, a wrong type, an oversized filter and an empty range', async () => {
    for (const query of ['groupBy=week', 'limit=zero', 'limit=0', `agentId=${'a'.repeat(65)}`, 'from=yesterday']) {
      const res = await get(`/api/usage?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    const range = await get('/api/usage?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(range.status).toBe(400);
    expect(range.body.error).toBe('usage_range_invalid');
    // An unknown id is an empty answer, not an error: spend of a deleted agent stays queryable.
    expect((await get('/api/usage?groupBy=run&runId=nope')).body.groups).toEqual([]);
  });
});
