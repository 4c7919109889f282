/**
 * The work items' stale bound is the operator's `staleAfterMs` setting on PostgreSQL: the sweep
 * before a read of an agent's items compares with the value set now, not a constant. Rows
 * inserted with an old heartbeat stand for steps of a process that is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { WORK_MODS } from './work-kit.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: WORK_MODS });
  if (t.kernel.database.driver !== 'postgres') throw new Error('a PostgreSQL test');
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const setBound = async (staleAfterMs: number) => expect((await t.request(json('PUT', '/api/mod-management/work-items/settings', { staleAfterMs }))).status).toBe(200);
/** Lists the agent's items (the read sweeps first) and answers each item's status. */
async function statuses(): Promise<Record<string, string>> {
  const res = await t.request('/api/tasks?agentId=ada');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body.items as Array<{ id: string; status: string }>).map((item) => [item.id, item.status]));
}

it('interrupts a step whose heartbeat is older than the set bound and leaves a fresher one, then follows a shorter bound', async () => {
  const knex = t.kernel.database.knex;
  const ago = (ms: number) => new Date(Date.now() - ms);
  await knex('work_items_items').insert(['gone', 'quiet'].map((id) => ({ agent_id: 'ada', id, title: id, status: 'running', step_count: 1 })));
  await knex('work_items_steps').insert([
    { agent_id: 'ada', item_id: 'gone', seq: 1, stage: 'inspect', trigger: 'step', status: 'running', session_id: 'work-gone', owner: 'p-gone', heartbeat_at: ago(3_600_000) },
    { agent_id: 'ada', item_id: 'quiet', seq: 1, stage: 'inspect', trigger: 'step', status: 'running', session_id: 'work-quiet', owner: 'p-gone', heartbeat_at: ago(120_000) },
  ]);

  // Ten minutes: a step silent for an hour is interrupted; one silent for two minutes (stale
  // under the default 30 s) is not.
  await setBound(600_000);
  expect(await statuses()).toEqual({ gone: 'interrupted', quiet: 'running' });

  // A shorter bound reaches the next read's sweep.
  await setBound(5_000);
  expect(await statuses()).toEqual({ gone: 'interrupted', quiet: 'interrupted' });
  expect(await knex('work_items_steps').where({ agent_id: 'ada' }).orderBy('item_id').select('item_id', 'status', 'error_code')).toEqual([
    { item_id: 'gone', status: 'interrupted', error_code: 'work_item_step_interrupted' },
    { item_id: 'quiet', status: 'interrupted', error_code: 'work_item_step_interrupted' },
  ]);
});
