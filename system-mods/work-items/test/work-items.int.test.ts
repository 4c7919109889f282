/**
 * `/api/tasks`: work items that advance in steps through the chat run engine, against the fake
 * OpenAI-compatible server. Validation, unknown agents and items, every stage, a failing step,
 * one step at a time (a database rule), continue, interruption, archive and agent deletion.
 * Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { startWorkKit, textAnswer, until, type WorkKit } from './work-kit.js';

let kit: WorkKit;

beforeAll(async () => {
  kit = await startWorkKit(['ada', 'bob', 'cleo']);
});
afterAll(() => kit?.close());

const create = (agentId: string, body: unknown) => kit.t.request(json('POST', `/api/tasks?agentId=${agentId}`, body));
const get = (agentId: string, id: string) => kit.t.request(`/api/tasks/${id}?agentId=${agentId}`);
const list = (agentId: string, query = '') => kit.t.request(`/api/tasks?agentId=${agentId}${query}`);
const post = (agentId: string, id: string, action: 'step' | 'continue' | 'archive', body: unknown = {}) => kit.t.request(json('POST', `/api/tasks/${id}/${action}?agentId=${agentId}`, body));
const chatBodies = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body);
const lastUserText = () => {
  const messages = chatBodies().at(-1).messages as Array<{ role: string; content: unknown }>;
  const last = messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
};

async function newItem(agentId = 'ada', title = 'Rotate the API keys') {
  const res = await create(agentId, { title, instructions: 'Every key older than 90 days.' });
  expect(res.status).toBe(200);
  return res.body.item.id as string;
}

describe('create', () => {
  it('creates an item at the inspect stage, ready, with no steps (200)', async () => {
    const res = await create('ada', { title: '  Audit the backups ', instructions: 'Check last week.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      item: { agentId: 'ada', title: 'Audit the backups', instructions: 'Check last week.', stage: 'inspect', status: 'ready', archived: false, stepCount: 0, lastStep: null, steps: [], planId: null },
    });
    expect(res.body.item.id).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
    expect(res.body.item.sessionId).toBe(`work-${res.body.item.id}`);
    expect((await get('ada', res.body.item.id)).body.item).toEqual(res.body.item);
  });

  it.each([
    ['a missing title', { instructions: 'x' }],
    ['a title of the wrong type', { title: 42 }],
    ['a blank title', { title: '   ' }],
    ['an oversized title', { title: 'x'.repeat(201) }],
    ['oversized instructions', { title: 'ok', instructions: 'x'.repeat(20_001) }],
    ['an unknown field', { title: 'ok', priority: 'high' }],
    ['a body that is not an object', [1, 2]],
  ])('refuses %s with 400 work_item_request_invalid', async (_what, body) => {
    const res = await create('ada', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'work_item_request_invalid' });
  });

  it('needs agentId (400) and a known agent (404)', async () => {
    expect((await kit.t.request(json('POST', '/api/tasks', { title: 'x' }))).body.error).toBe('work_item_request_invalid');
    const unknown = await create('nobody', { title: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('agent_not_found');
  });
});

describe('unknown agents and items', () => {
  it('answers 404 for an unknown agent on every route', async () => {
    const id = await newItem();
    for (const res of [await list('nobody'), await get('nobody', id), await post('nobody', id, 'step'), await post('nobody', id, 'continue'), await post('nobody', id, 'archive')]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('agent_not_found');
    }
  });

  it('answers 404 work_item_not_found for an unknown item, and for another agent’s item', async () => {
    const id = await newItem('ada');
    for (const res of [await get('ada', 'no-such-item'), await get('bob', id), await post('bob', id, 'step'), await post('bob', id, 'continue'), await post('bob', id, 'archive')]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('work_item_not_found');
    }
    expect((await get('ada', 'Not An Id!')).status).toBe(400);
  });

  it('refuses an unknown field in a step body', async () => {
    const id = await newItem();
    const res = await post('ada', id, 'step', { note: 'x', force: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('work_item_request_invalid');
    expect((await post('ada', id, 'step', { note: 'x'.repeat(4001) })).status).toBe(400);
  });
});

describe('steps', () => {
  it('steps through inspect, propose and verify to done, storing each run’s answer', async () => {
    const id = await newItem('ada', 'Rotate keys');
    const answers = ['Found 3 old keys.', 'Rotate them in order A, B, C.', 'Verified: the plan covers all three.'];
    const stages = ['inspect', 'propose', 'verify'];
    for (const [index, answer] of answers.entries()) {
      kit.fake.chat(textAnswer(answer));
      const res = await post('ada', id, 'step', index === 1 ? { note: 'prefer low-traffic hours' } : {});
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.step).toMatchObject({ seq: index + 1, stage: stages[index], trigger: 'step', status: 'completed', answer, error: null, sessionId: `work-${id}` });
      expect(res.body.step.runId).toEqual(expect.any(String));
      expect(res.body.step.durationMs).toEqual(expect.any(Number));
      expect(res.body.step.finishedAt).toEqual(expect.any(String));
      expect(lastUserText()).toContain(`Stage ${index + 1} of 3, ${stages[index]}`);
      expect(lastUserText()).toContain('Work item: Rotate keys');
      if (index === 1) expect(lastUserText()).toContain('prefer low-traffic hours');
      expect(res.body.item.stage).toBe(index === 2 ? 'done' : stages[index + 1]);
      expect(res.body.item.status).toBe(index === 2 ? 'done' : 'ready');
    }
    const item = (await get('ada', id)).body.item;
    expect(item.steps.map((s: any) => [s.stage, s.status, s.answer])).toEqual(stages.map((stage, i) => [stage, 'completed', answers[i]]));
    expect(item.lastStep.seq).toBe(3);

    // The runs went through the engine, in the item's own session, with the item as origin.
    const trace = await kit.t.request(`/api/traces/${item.steps[0].runId}?agentId=ada`);
    expect(trace.body.trace.origin).toEqual({ kind: 'work-item', id });
    const session = await kit.t.request(`/api/sessions/work-${id}?agentId=ada`);
    expect(session.body.messages.filter((m: any) => m.role === 'assistant').map((m: any) => m.content)).toEqual(answers);

    const again = await post('ada', id, 'step');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('work_item_done');
    expect((await post('ada', id, 'continue')).body.error).toBe('work_item_done');
  });

  it('stores a failing step’s error, keeps the stage, and retries it on the next step', async () => {
    const id = await newItem();
    kit.fake.chat({ status: 500, json: { error: { message: 'upstream exploded' } } });
    const failed = await post('ada', id, 'step');
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ ok: false, error: 'chat_model_failed', step: { seq: 1, stage: 'inspect', status: 'failed', error: { code: 'chat_model_failed' } }, item: { stage: 'inspect', status: 'failed' } });
    expect(failed.body.message).toEqual(expect.any(String));
    expect((await get('ada', id)).body.item.lastStep).toMatchObject({ status: 'failed', error: { code: 'chat_model_failed' } });

    kit.fake.chat(textAnswer('Inspected on the second try.'));
    const retried = await post('ada', id, 'step');
    expect(retried.body).toMatchObject({ ok: true, step: { seq: 2, stage: 'inspect', status: 'completed' }, item: { stage: 'propose', status: 'ready', stepCount: 2 } });
  });

  it('shows its steps as job diagnostics: newest first, the failure in words, never the title or answer', async () => {
    const jobs = (await kit.t.request('/api/diagnostics/mods/work-items/jobs?limit=2')).body;
    expect(jobs).toMatchObject({ ok: true, modId: 'work-items', truncated: true });
    const [retried, failed] = jobs.items;
    expect(retried).toMatchObject({ kind: 'step.inspect', state: 'succeeded', lastError: null, refs: { agentId: 'ada', seq: 2 } });
    expect(failed).toMatchObject({ id: `${retried.refs.itemId}-1`, kind: 'step.inspect', state: 'failed', refs: { agentId: 'ada', itemId: retried.refs.itemId, seq: 1 } });
    expect(failed.lastError).toMatch(/^chat_model_failed/);
    expect(JSON.stringify(jobs)).not.toMatch(/Rotate the API keys|Inspected on the second try|Every key older/);
    expect((await kit.t.request(`/api/diagnostics/mods/work-items/jobs/${failed.id}`)).body.job).toEqual(failed);
    expect((await kit.t.request(`/api/diagnostics/mods/work-items/jobs/${retried.refs.itemId}-9`)).status).toBe(404);
  });

  it('stores a refusal of the engine on the step (an agent without a model)', async () => {
    expect((await kit.t.request(json('POST', '/api/agents', { id: 'nomodel', name: 'No model' }))).status).toBe(201);
    const id = await newItem('nomodel');
    const res = await post('nomodel', id, 'step');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.step.status).toBe('failed');
    expect(res.body.step.error.code).toEqual(expect.any(String));
    expect(res.body.item).toMatchObject({ stage: 'inspect', status: 'failed' });
  });

  it('runs one step at a time per item: a concurrent step is 409 work_item_step_running', async () => {
    const id = await newItem();
    const sent = chatBodies().length;
    kit.fake.chat({ silent: true });
    const [first, second] = [post('ada', id, 'step'), post('ada', id, 'step')];
    const refused = await Promise.race([first, second]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('work_item_step_running');
    expect((await post('ada', id, 'continue')).body.error).toBe('work_item_step_running');

    const running = await until(
      () => get('ada', id),
      (res) => res.body.item.lastStep?.runId !== null,
      'the running step’s run id',
    );
    expect(running.body.item).toMatchObject({ status: 'running', lastStep: { status: 'running', finishedAt: null } });
    // Cancel once the model request is out (the upstream socket is then closed with it).
    await until(
      async () => chatBodies().length,
      (n) => n > sent,
      'the model request',
    );
    expect((await kit.t.request(json('POST', `/api/chat/${running.body.item.lastStep.runId}/cancel`, { agentId: 'ada', reason: 'test over' }))).status).toBe(200);
    const ended = await (refused === (await first) ? second : first);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ ok: false, step: { status: 'cancelled', error: { code: 'chat_run_cancelled' } }, item: { status: 'failed', stage: 'inspect' } });
  });

  it('holds the one-running-step rule in the database itself', async () => {
    const id = await newItem();
    const knex = kit.t.kernel.database.knex;
    const row = { agent_id: 'ada', item_id: id, stage: 'inspect', trigger: 'step', status: 'running', session_id: `work-${id}`, owner: 'elsewhere' };
    await knex('work_items_steps').insert({ ...row, seq: 1 });
    await expect(knex('work_items_steps').insert({ ...row, seq: 2 })).rejects.toMatchObject({ code: '23505' });
    // A live step of another process (fresh heartbeat) is respected.
    await knex('work_items_items').where({ agent_id: 'ada', id }).update({ status: 'running', step_count: 1 });
    expect((await post('ada', id, 'step')).body.error).toBe('work_item_step_running');
    await knex('work_items_steps').where({ agent_id: 'ada', item_id: id }).delete();
  });
});

describe('continue', () => {
  it('answers 202 with the first step running, then runs the remaining stages to done', async () => {
    const id = await newItem();
    for (const answer of ['inspected', 'proposed', 'verified']) kit.fake.chat(textAnswer(answer));
    const res = await post('ada', id, 'continue');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ ok: true, accepted: true, item: { id, status: 'running', lastStep: { seq: 1, stage: 'inspect', status: 'running', trigger: 'continue' } } });
    const done = await until(
      () => get('ada', id),
      (r) => r.body.item.status === 'done',
      'the item to be done',
    );
    expect(done.body.item.steps.map((s: any) => [s.stage, s.status, s.trigger, s.answer])).toEqual([
      ['inspect', 'completed', 'continue', 'inspected'],
      ['propose', 'completed', 'continue', 'proposed'],
      ['verify', 'completed', 'continue', 'verified'],
    ]);
  });

  it('stops at the first step that fails, with the error stored and the stage kept', async () => {
    const id = await newItem();
    kit.fake.chat(textAnswer('inspected'));
    kit.fake.chat({ status: 500, json: { error: { message: 'no capacity' } } });
    expect((await post('ada', id, 'continue')).status).toBe(202);
    const failed = await until(
      () => get('ada', id),
      (r) => r.body.item.status === 'failed',
      'the failed step',
    );
    expect(failed.body.item).toMatchObject({ stage: 'propose', stepCount: 2, lastStep: { stage: 'propose', status: 'failed', error: { code: 'chat_model_failed' } } });
  });
});

describe('interruption', () => {
  it('shows a step whose process went away as interrupted, and steps it again', async () => {
    const id = await newItem();
    const knex = kit.t.kernel.database.knex;
    // What a crashed replica leaves: a running step whose heartbeat stopped long ago.
    await knex('work_items_steps').insert({
      agent_id: 'ada',
      item_id: id,
      seq: 1,
      stage: 'inspect',
      trigger: 'step',
      status: 'running',
      session_id: `work-${id}`,
      owner: 'gone',
      heartbeat_at: new Date(Date.now() - 3_600_000),
      started_at: new Date(Date.now() - 3_600_000),
    });
    await knex('work_items_items').where({ agent_id: 'ada', id }).update({ status: 'running', step_count: 1 });
    const read = await get('ada', id);
    expect(read.body.item).toMatchObject({ status: 'interrupted', stage: 'inspect', lastStep: { status: 'interrupted', error: { code: 'work_item_step_interrupted' } } });
    expect(read.body.item.lastStep.finishedAt).toEqual(expect.any(String));

    kit.fake.chat(textAnswer('inspected after the restart'));
    expect((await post('ada', id, 'step')).body).toMatchObject({ ok: true, step: { seq: 2, status: 'completed' }, item: { stage: 'propose' } });
  });

  it('disabling the mod stores the steps it follows as interrupted; enabling again interrupts what was left running', async () => {
    const id = await newItem();
    const sent = chatBodies().length;
    kit.fake.chat({ silent: true });
    expect((await post('ada', id, 'continue')).status).toBe(202);
    const running = await until(
      () => get('ada', id),
      (r) => r.body.item.lastStep?.runId !== null,
      'the run id',
    );
    await until(
      async () => chatBodies().length,
      (n) => n > sent,
      'the model request',
    );
    expect((await kit.t.request(json('POST', '/api/mod-management/work-items/disable'))).body.mod.status).toBe('disabled');
    expect((await kit.t.request(json('POST', '/api/mod-management/work-items/enable'))).body.mod.status).toBe('loaded');
    expect((await get('ada', id)).body.item).toMatchObject({ status: 'interrupted', lastStep: { status: 'interrupted', error: { code: 'work_item_step_interrupted' } } });
    // The run itself went on in chat (it is never cancelled from here); end it.
    await kit.t.request(json('POST', `/api/chat/${running.body.item.lastStep.runId}/cancel`, { agentId: 'ada' }));
  });
});

describe('archive and list', () => {
  it('hides archived items from the default list, lists them with archived=true, refuses steps, and restores', async () => {
    const id = await newItem('cleo', 'Archive me');
    const other = await newItem('cleo', 'Keep me');
    expect((await list('cleo')).body.items.map((i: any) => i.id)).toEqual([other, id]);

    const archived = await post('cleo', id, 'archive');
    expect(archived.status).toBe(200);
    expect(archived.body.item).toMatchObject({ archived: true, archivedAt: expect.any(String) });
    expect((await post('cleo', id, 'archive')).body.item.archivedAt).toBe(archived.body.item.archivedAt);
    expect((await list('cleo')).body.items.map((i: any) => i.id)).toEqual([other]);
    expect((await list('cleo', '&archived=true')).body.items.map((i: any) => i.id)).toEqual([id]);
    expect((await get('cleo', id)).body.item.archived).toBe(true);
    const step = await post('cleo', id, 'step');
    expect(step.status).toBe(409);
    expect(step.body.error).toBe('work_item_archived');

    expect((await post('cleo', id, 'archive', { archived: false })).body.item).toMatchObject({ archived: false, archivedAt: null });
    expect((await list('cleo')).body.items).toHaveLength(2);
    expect((await post('cleo', id, 'archive', { archived: 'yes' })).status).toBe(400);
  });

  it('lists each item with its latest step, bounded by limit', async () => {
    const id = await newItem('cleo', 'Listed');
    kit.fake.chat(textAnswer('first look'));
    await post('cleo', id, 'step');
    const items = (await list('cleo', '&limit=1')).body.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, stage: 'propose', lastStep: { stage: 'inspect', answer: 'first look' } });
    expect(items[0].steps).toBeUndefined();
    expect((await list('cleo', '&limit=0')).status).toBe(400);
    expect((await list('cleo', '&limit=many')).status).toBe(400);
  });
});

describe('agent deletion', () => {
  it('deletes the agent’s items and steps with it, and nothing of other agents', async () => {
    const id = await newItem('bob', 'Bob’s item');
    kit.fake.chat(textAnswer('bob inspected'));
    await post('bob', id, 'step');
    const keep = await newItem('ada', 'Ada keeps this');
    expect((await kit.t.request({ method: 'DELETE', url: '/api/agents/bob' })).status).toBe(200);
    const knex = kit.t.kernel.database.knex;
    expect(await knex('work_items_items').where({ agent_id: 'bob' })).toEqual([]);
    expect(await knex('work_items_steps').where({ agent_id: 'bob' })).toEqual([]);
    expect((await get('bob', id)).body.error).toBe('agent_not_found');
    expect((await get('ada', keep)).status).toBe(200);
  });
});
