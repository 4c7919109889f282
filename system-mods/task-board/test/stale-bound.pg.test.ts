/**
 * The task board's stale bound is the operator's `staleAfterMs` setting on PostgreSQL: the
 * periodic sweep (the heartbeat loop's) compares with the value set now, not a constant. Rows
 * inserted with an old heartbeat stand for runs of a process that is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { until } from '../../../test/kits/until.js';
import { BOARD_MODS } from './board-kit.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: BOARD_MODS });
  if (t.kernel.database.driver !== 'postgres') throw new Error('a PostgreSQL test');
});
afterAll(async () => {
  await t?.close();
});

const setBound = async (staleAfterMs: number) => expect((await t.request(json('PUT', '/api/mod-management/task-board/settings', { staleAfterMs }))).status).toBe(200);
const statusOf = async (runId: string) => ((await t.kernel.database.knex('task_board_runs').where({ run_id: runId }).first('status')) as { status: string }).status;

it('sweeps a run whose heartbeat is older than the set bound and leaves a fresher one, then follows a shorter bound', { timeout: 90_000 }, async () => {
  const knex = t.kernel.database.knex;
  await knex('task_board_projects').insert({ id: 'p-stale', name: 'Stale' });
  const ago = (ms: number) => new Date(Date.now() - ms);
  const run = (task: string, heartbeatAgoMs: number) => ({
    run_id: `run-${task}`,
    task_id: task,
    agent_id: 'ada',
    session_id: `task-${task}`,
    status: 'running',
    previous_status: 'todo',
    heartbeat_at: ago(heartbeatAgoMs),
  });
  await knex('task_board_tasks').insert(['gone', 'quiet'].map((id) => ({ id, project_id: 'p-stale', title: id, status: 'in_progress', priority: 'normal', active_run_id: `run-${id}` })));

  // Ten minutes: a run silent for an hour is swept; one silent for two minutes (stale under the
  // default 30 s) is not. One insert, so the sweep that took the first saw the second.
  await setBound(600_000);
  await knex('task_board_runs').insert([run('gone', 3_600_000), run('quiet', 120_000)]);
  await until(
    () => statusOf('run-gone'),
    (s) => s === 'interrupted',
    'the hour-old run to be swept',
    45_000,
  );
  expect(await statusOf('run-quiet')).toBe('running');

  // A shorter bound reaches the next sweep.
  await setBound(5_000);
  await until(
    () => statusOf('run-quiet'),
    (s) => s === 'interrupted',
    'the two-minute-old run to be swept',
    45_000,
  );
  expect(await knex('task_board_tasks').whereIn('id', ['gone', 'quiet']).orderBy('id').select('id', 'status', 'active_run_id')).toEqual([
    { id: 'gone', status: 'todo', active_run_id: null },
    { id: 'quiet', status: 'todo', active_run_id: null },
  ]);
});
