/**
 * `/api/workbench`: a plan proposed by the agent (one run against the fake model), a malformed
 * answer refused with a catalogued error, running a plan as work items, and the refusals.
 * Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { startWorkKit, textAnswer, until, type WorkKit } from './work-kit.js';

let kit: WorkKit;

beforeAll(async () => {
  kit = await startWorkKit(['ada', 'bob']);
});
afterAll(() => kit?.close());

const plan = (body: unknown) => kit.t.request(json('POST', '/api/workbench', body));
const run = (body: unknown) => kit.t.request(json('POST', '/api/workbench/run', body));
const chatCalls = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');

const WELL_FORMED =
  'Here is the plan:\n```json\n[{"title": "Inventory the keys", "instructions": "List every key with its age."}, {"title": "Rotate old keys", "description": "Older than 90 days."}, "Confirm with the owners"]\n```\nGood luck.';

describe('plans', () => {
  it('asks the agent for a JSON list of steps and stores the plan; nothing is executed', async () => {
    kit.fake.chat(textAnswer(WELL_FORMED));
    const before = (await kit.t.request('/api/tasks?agentId=ada')).body.items.length;
    const res = await plan({ agentId: 'ada', request: 'Rotate the API keys', maxSteps: 5 });
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({
      agentId: 'ada',
      request: 'Rotate the API keys',
      status: 'proposed',
      steps: [
        { title: 'Inventory the keys', instructions: 'List every key with its age.' },
        { title: 'Rotate old keys', instructions: 'Older than 90 days.' },
        { title: 'Confirm with the owners', instructions: '' },
      ],
      answer: WELL_FORMED,
      error: null,
      itemIds: null,
      runAt: null,
    });
    const prompt = chatCalls().at(-1)!.body.messages.at(-1).content as string;
    expect(prompt).toContain('JSON array of at most 5 steps');
    expect(prompt).toContain('Rotate the API keys');
    const trace = await kit.t.request(`/api/traces/${res.body.plan.runId}?agentId=ada`);
    expect(trace.body.trace.origin).toEqual({ kind: 'workbench', id: res.body.plan.id });
    expect((await kit.t.request('/api/tasks?agentId=ada')).body.items.length).toBe(before);
  });

  it('cuts a plan longer than maxSteps', async () => {
    kit.fake.chat(textAnswer(JSON.stringify({ steps: ['one', 'two', 'three'] })));
    expect((await plan({ agentId: 'ada', request: 'Count', maxSteps: 2 })).body.plan.steps.map((s: any) => s.title)).toEqual(['one', 'two']);
  });

  it('refuses an answer without steps with 502 workbench_plan_unparseable, naming the stored plan', async () => {
    kit.fake.chat(textAnswer('I would start by looking at the keys, then rotate them.'));
    const res = await plan({ agentId: 'ada', request: 'Rotate the API keys' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ ok: false, error: 'workbench_plan_unparseable', planId: expect.any(String), runId: expect.any(String) });
    // The stored plan keeps the answer and cannot run without steps given.
    const refused = await run({ agentId: 'ada', planId: res.body.planId });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('workbench_plan_not_runnable');

    kit.fake.chat(textAnswer('[{"note": "no title here"}]'));
    expect((await plan({ agentId: 'ada', request: 'Again' })).body.error).toBe('workbench_plan_unparseable');
  });

  it('refuses a planning run that fails with 502 workbench_plan_failed', async () => {
    kit.fake.chat({ status: 500, json: { error: { message: 'upstream exploded' } } });
    const res = await plan({ agentId: 'ada', request: 'Anything' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'workbench_plan_failed', cause: 'chat_model_failed', planId: expect.any(String) });
  });

  it.each([
    ['a missing request', { agentId: 'ada' }],
    ['a blank request', { agentId: 'ada', request: '  ' }],
    ['a request of the wrong type', { agentId: 'ada', request: ['x'] }],
    ['an oversized request', { agentId: 'ada', request: 'x'.repeat(20_001) }],
    ['maxSteps out of range', { agentId: 'ada', request: 'x', maxSteps: 0 }],
    ['an unknown field', { agentId: 'ada', request: 'x', execute: true }],
    ['a missing agentId', { request: 'x' }],
  ])('refuses %s with 400 workbench_request_invalid', async (_what, body) => {
    const res = await plan(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('workbench_request_invalid');
  });

  it('answers 404 for an unknown agent without starting a run', async () => {
    const calls = chatCalls().length;
    const res = await plan({ agentId: 'nobody', request: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('agent_not_found');
    expect(chatCalls().length).toBe(calls);
  });
});

describe('running a plan', () => {
  it('creates the steps as work items in plan order and starts the first item’s first step (202)', async () => {
    kit.fake.chat(textAnswer(WELL_FORMED));
    const proposed = (await plan({ agentId: 'ada', request: 'Rotate the API keys' })).body.plan;
    kit.fake.chat(textAnswer('Inspected the key inventory.'));
    const res = await run({ agentId: 'ada', planId: proposed.id });
    expect(res.status).toBe(202);
    expect(res.body.plan).toMatchObject({ id: proposed.id, status: 'run', runAt: expect.any(String) });
    expect(res.body.items.map((i: any) => [i.title, i.planId, i.planPosition])).toEqual([
      ['Inventory the keys', proposed.id, 1],
      ['Rotate old keys', proposed.id, 2],
      ['Confirm with the owners', proposed.id, 3],
    ]);
    expect(res.body.plan.itemIds).toEqual(res.body.items.map((i: any) => i.id));
    const first = res.body.items[0].id;
    expect(res.body.started).toEqual({ itemId: first, stage: 'inspect', seq: 1 });
    expect(res.body.items[0].lastStep).toMatchObject({ trigger: 'plan', stage: 'inspect' });
    expect(res.body.items.slice(1).map((i: any) => i.status)).toEqual(['ready', 'ready']);

    const done = await until(
      () => kit.t.request(`/api/tasks/${first}?agentId=ada`),
      (r) => r.body.item.lastStep.status !== 'running',
      'the first step',
    );
    expect(done.body.item).toMatchObject({ stage: 'propose', status: 'ready', lastStep: { status: 'completed', answer: 'Inspected the key inventory.' } });

    const again = await run({ agentId: 'ada', planId: proposed.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('workbench_plan_already_run');
  });

  it('runs the operator’s edited steps, and with start: false starts nothing', async () => {
    kit.fake.chat(textAnswer(WELL_FORMED));
    const proposed = (await plan({ agentId: 'ada', request: 'Rotate the API keys' })).body.plan;
    const calls = chatCalls().length;
    const res = await run({ agentId: 'ada', planId: proposed.id, steps: [{ title: 'Only this', instructions: 'edited' }], start: false });
    expect(res.status).toBe(202);
    expect(res.body.started).toBeNull();
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ title: 'Only this', instructions: 'edited', status: 'ready', stepCount: 0 });
    expect(res.body.plan.steps).toEqual([{ title: 'Only this', instructions: 'edited' }]);
    expect(chatCalls().length).toBe(calls);
  });

  it('refuses unknown plans (404), other agents’ plans (404), unknown agents (404) and bad bodies (400)', async () => {
    kit.fake.chat(textAnswer('["a"]'));
    const proposed = (await plan({ agentId: 'ada', request: 'x' })).body.plan;
    expect((await run({ agentId: 'ada', planId: 'no-such-plan' })).body.error).toBe('workbench_plan_not_found');
    const foreign = await run({ agentId: 'bob', planId: proposed.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('workbench_plan_not_found');
    expect((await run({ agentId: 'nobody', planId: proposed.id })).body.error).toBe('agent_not_found');
    for (const body of [{ agentId: 'ada' }, { agentId: 'ada', planId: proposed.id, steps: [] }, { agentId: 'ada', planId: proposed.id, steps: [{ title: '' }] }, { agentId: 'ada', planId: proposed.id, start: 'yes' }]) {
      const res = await run(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('workbench_request_invalid');
    }
  });

  it('deletes an agent’s plans with the agent', async () => {
    kit.fake.chat(textAnswer('["x"]'));
    expect((await plan({ agentId: 'bob', request: 'x' })).status).toBe(200);
    expect((await kit.t.request({ method: 'DELETE', url: '/api/agents/bob' })).status).toBe(200);
    expect(await kit.t.kernel.database.knex('work_items_plans').where({ agent_id: 'bob' })).toEqual([]);
  });
});
