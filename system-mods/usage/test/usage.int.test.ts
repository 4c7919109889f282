/**
 * Accounting: every model call the gateway makes is recorded with its attribution, tokens and
 * cost (operator price, catalog price, or unpriced), the run's terminal event carries the sum,
 * and `GET /api/usage` filters and groups it. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequest, parseNdjson, startChatKit, textAnswer, until, type ChatKit } from '../../../test/kits/chat-kit.js';
import { chatChunk, sseData, usageChunk } from '../../../test/peers/fake-openai.js';
import { json } from '../../../test/helpers.js';

let kit: ChatKit;
const get = async (url: string) => {
  const res = await kit.t.request(url);
  return { status: res.status, body: res.body as any };
};

beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada', 'bob'], mods: ['usage', 'schedules'] });
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

/** An answer that reports `input` + `output` tokens. */
const bigAnswer = (input: number, output: number) => ({
  events: [
    sseData(chatChunk({ role: 'assistant', content: 'Done' })),
    sseData(chatChunk({}, 'stop')),
    sseData(usageChunk({ prompt_tokens: input, completion_tokens: output, total_tokens: input + output })),
    sseData('[DONE]'),
  ],
});
const upstreamCalls = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').length;
const post = async (method: string, url: string, body?: unknown) => {
  const res = await kit.t.request(json(method, url, body));
  return { status: res.status, body: res.body as any };
};
const newAgent = async (id: string) => {
  expect((await post('POST', '/api/agents', { id, name: id })).status).toBe(201);
  expect((await post('PUT', `/api/agents/${id}/model-selection`, { connectionId: kit.connectionId, model: 'gpt-test' })).status).toBe(200);
};

describe('budgets', () => {
  it('creates, reads, changes and deletes budgets, and refuses what is not a budget', async () => {
    const created = await post('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'zed', period: 'month', maxCost: 5, currency: 'USD' });
    expect(created.status).toBe(201);
    expect(created.body.budget).toMatchObject({ id: 'agent-zed-month', scope: 'agent', scopeId: 'zed', period: 'month', maxCost: 5, maxTokens: null, currency: 'USD', allowUnpriced: false, state: 'ok' });
    expect(created.body.budget.current).toMatchObject({ spentTokens: 0, spentCost: 0, remainingCost: 5 });
    expect((await post('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'zed', period: 'month', maxTokens: 1 })).body.error).toBe('budget_exists');
    const changed = await post('PUT', '/api/settings/budgets/agent-zed-month', { maxTokens: 1000 });
    expect(changed.body.budget).toMatchObject({ maxTokens: 1000, maxCost: null, currency: null });
    expect((await get('/api/settings/budgets')).body.budgets.map((b: any) => b.id)).toContain('agent-zed-month');
    expect((await post('DELETE', '/api/settings/budgets/agent-zed-month')).status).toBe(200);

    const refusals: Array<[unknown, number, string]> = [
      [{ scope: 'agent', scopeId: 'zed', period: 'day' }, 400, 'budget_limit_required'],
      [{ scope: 'agent', scopeId: 'zed', period: 'day', maxCost: 1 }, 400, 'budget_currency_required'],
      [{ scope: 'agent', period: 'day', maxTokens: 1 }, 400, 'budget_scope_id_required'],
      [{ scope: 'global', scopeId: 'x', period: 'day', maxTokens: 1 }, 400, 'budget_scope_id_required'],
      [{ scope: 'agent', scopeId: 'zed', period: 'week', maxTokens: 1 }, 400, 'request_validation_failed'],
      [{ scope: 'agent', scopeId: 'zed', period: 'day', maxTokens: '1' }, 400, 'request_validation_failed'],
      [{ scope: 'agent', scopeId: 'zed', period: 'day', maxTokens: -1 }, 400, 'request_validation_failed'],
      [{ scope: 'agent', scopeId: 'z'.repeat(101), period: 'day', maxTokens: 1 }, 400, 'request_validation_failed'],
      [{ period: 'day', maxTokens: 1 }, 400, 'request_validation_failed'],
    ];
    for (const [body, status, error] of refusals) {
      const res = await post('POST', '/api/settings/budgets', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
    for (const [method, body] of [['GET'], ['PUT', { maxTokens: 1 }], ['DELETE']] as const) {
      const res = await post(method, '/api/settings/budgets/nope', body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('budget_not_found');
    }
  });

  it('stops the call that would cross a budget, not the one before, and lets it through once raised', async () => {
    await newAgent('carl');
    // Each call reserves its prompt estimate + 4,096 output tokens and then uses 4,000.
    expect((await post('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'carl', period: 'day', maxTokens: 10_000 })).status).toBe(201);
    kit.fake.chat(bigAnswer(3000, 1000));
    const first = await kit.t.request(chatRequest({ agentId: 'carl', sessionId: 'b-1', message: 'one' }));
    expect(first.body.ok).toBe(true);
    kit.fake.chat(bigAnswer(3000, 1000));
    const second = await kit.t.inject(chatRequest({ agentId: 'carl', sessionId: 'b-1', message: 'two' }, true));
    const events = parseNdjson(second.body);
    expect(events.at(-1)!.data.response.ok).toBe(true);
    // 8,000 of 10,000: the budget is near, and the stream says so.
    expect(events.find((e) => e.type === 'budget.updated')?.data).toMatchObject({ budgetId: 'agent-carl-day', state: 'near', previousState: 'ok' });

    const before = upstreamCalls();
    const third = await kit.t.request(chatRequest({ agentId: 'carl', sessionId: 'b-1', message: 'three' }));
    expect(third.body).toMatchObject({ ok: false, status: 'failed', error: 'budget_exhausted' });
    expect(third.body.message).toContain('the day budget of agent carl');
    expect(upstreamCalls()).toBe(before);
    const budget = (await get('/api/settings/budgets/agent-carl-day')).body.budget;
    expect(budget).toMatchObject({ state: 'near', current: { spentTokens: 8000, reservedTokens: 0, remainingTokens: 2000 } });
    expect((await get('/api/usage?groupBy=agent&agentId=carl')).body.groups[0]).toMatchObject({ calls: 3, refusedCalls: 1, inputTokens: 6000, outputTokens: 2000 });

    expect((await post('PUT', '/api/settings/budgets/agent-carl-day', { maxTokens: 100_000 })).body.budget.state).toBe('ok');
    kit.fake.chat(bigAnswer(3000, 1000));
    expect((await kit.t.request(chatRequest({ agentId: 'carl', sessionId: 'b-1', message: 'four' }))).body.ok).toBe(true);
  });

  it('refuses a model without a price under a money budget unless the budget allows it', async () => {
    await newAgent('dan');
    expect((await post('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'dan', period: 'month', maxCost: 1, currency: 'USD' })).status).toBe(201);
    const before = upstreamCalls();
    const refused = await kit.t.request(chatRequest({ agentId: 'dan', sessionId: 'u-1', message: 'Hi', modelConnectionId: kit.connectionId, model: 'thinker' }));
    expect(refused.body).toMatchObject({ ok: false, error: 'budget_unpriced_model' });
    expect(upstreamCalls()).toBe(before);
    // The priced model is fine under the same budget, and is charged.
    kit.fake.chat(bigAnswer(1000, 100));
    expect((await kit.t.request(chatRequest({ agentId: 'dan', sessionId: 'u-1', message: 'Hi' }))).body.ok).toBe(true);
    expect((await get('/api/settings/budgets/agent-dan-month')).body.budget.current.spentCost).toBeCloseTo((1000 * 2 + 100 * 10) / 1_000_000, 12);

    expect((await post('PUT', '/api/settings/budgets/agent-dan-month', { maxCost: 1, currency: 'USD', allowUnpriced: true })).status).toBe(200);
    kit.fake.chat(textAnswer(['Allowed']));
    expect((await kit.t.request(chatRequest({ agentId: 'dan', sessionId: 'u-1', message: 'Hi', modelConnectionId: kit.connectionId, model: 'thinker' }))).body.ok).toBe(true);
  });

  it('pauses a schedule at its budget with the reason, and resumes it when the operator raises the budget', async () => {
    await newAgent('fay');
    const job = (await post('POST', '/api/scheduled-jobs', { agentId: 'fay', name: 'Nightly', prompt: 'report', cron: '0 3 * * *' })).body.job;
    expect((await post('POST', '/api/settings/budgets', { scope: 'schedule', scopeId: job.id, period: 'run', maxTokens: 100 })).status).toBe(201);
    const before = upstreamCalls();
    expect((await post('POST', `/api/scheduled-jobs/${job.id}/trigger`)).status).toBe(202);
    const paused = await until(
      async () => (await get(`/api/scheduled-jobs/${job.id}`)).body.job,
      (j) => j.paused !== null,
      'the job is paused',
    );
    expect(paused).toMatchObject({ nextAt: null, paused: { reason: expect.stringContaining(`budget_exhausted: Budget reached: the run budget of schedule ${job.id}`) } });
    expect(upstreamCalls()).toBe(before);
    expect((await get(`/api/usage?groupBy=schedule&scheduleId=${job.id}`)).body.groups[0]).toMatchObject({ key: job.id, calls: 1, refusedCalls: 1 });

    expect((await post('PUT', `/api/settings/budgets/schedule-${job.id}-run`, { maxTokens: 100_000 })).status).toBe(200);
    expect((await get(`/api/scheduled-jobs/${job.id}`)).body.job).toMatchObject({ paused: null, nextAt: expect.any(String) });
  });

  it('never overspends with 50 concurrent runs against one budget', async () => {
    await newAgent('eve');
    const limit = 30_000;
    expect((await post('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'eve', period: 'day', maxTokens: limit })).status).toBe(201);
    for (let i = 0; i < 50; i += 1) kit.fake.chat(bigAnswer(3000, 1000));
    const before = upstreamCalls();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => kit.t.request(chatRequest({ agentId: 'eve', sessionId: `c-${i}`, message: 'go' }))));
    const ok = results.filter((r) => r.body.ok).length;
    const refused = results.filter((r) => r.body.error === 'budget_exhausted').length;
    expect(ok + refused).toBe(50);
    expect(ok).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(upstreamCalls() - before).toBe(ok);
    const budget = (await get('/api/settings/budgets/agent-eve-day')).body.budget;
    expect(budget.current.spentTokens).toBe(ok * 4000);
    expect(budget.current.spentTokens).toBeLessThanOrEqual(limit);
    expect(budget.current.reservedTokens).toBe(0);
  });
});
