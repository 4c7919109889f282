/**
 * The group channels' stale bound is the operator's `staleAfterMs` setting on PostgreSQL: the
 * periodic sweep (the heartbeat loop's) compares with the value set now, not a constant. Rows
 * inserted with an old heartbeat stand for deliveries of a process that is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { until } from '../../../test/kits/until.js';
import { CHANNEL_MODS } from './channels-kit.js';

let t: TestKernel;

beforeAll(async () => {
  t = await startTestKernel({ mods: CHANNEL_MODS });
  if (t.kernel.database.driver !== 'postgres') throw new Error('a PostgreSQL test');
});
afterAll(async () => {
  await t?.close();
});

const setBound = async (staleAfterMs: number) => expect((await t.request(json('PUT', '/api/mod-management/group-channels/settings', { staleAfterMs }))).status).toBe(200);
const statusOf = async (id: string) => ((await t.kernel.database.knex('group_channels_deliveries').where({ id }).first('status')) as { status: string }).status;

it('sweeps a delivery whose heartbeat is older than the set bound and leaves a fresher one, then follows a shorter bound', { timeout: 90_000 }, async () => {
  const knex = t.kernel.database.knex;
  const ago = (ms: number) => new Date(Date.now() - ms);
  await knex('group_channels_channels').insert({ id: 'c-stale', name: 'Stale', max_rounds: 1, last_seq: 2, last_queue_no: 2 });
  await knex('group_channels_messages').insert(['gone', 'quiet'].map((id, i) => ({ id: `m-${id}`, channel_id: 'c-stale', seq: i + 1, author: 'operator', content: id })));
  const delivery = (id: string, queueNo: number, heartbeatAgoMs: number) => ({
    id: `d-${id}`,
    channel_id: 'c-stale',
    message_id: `m-${id}`,
    queue_no: queueNo,
    status: 'running',
    max_rounds: 1,
    rounds: 1,
    worker: 'p-gone',
    started_at: ago(heartbeatAgoMs),
    heartbeat_at: ago(heartbeatAgoMs),
  });

  // Ten minutes: a delivery silent for an hour is swept; one silent for two minutes (stale under
  // the default 30 s) is not. One insert, so the sweep that took the first saw the second.
  await setBound(600_000);
  await knex('group_channels_deliveries').insert([delivery('gone', 1, 3_600_000), delivery('quiet', 2, 120_000)]);
  await until(
    () => statusOf('d-gone'),
    (s) => s === 'interrupted',
    'the hour-old delivery to be swept',
    45_000,
  );
  expect(await statusOf('d-quiet')).toBe('running');

  // A shorter bound reaches the next sweep.
  await setBound(5_000);
  await until(
    () => statusOf('d-quiet'),
    (s) => s === 'interrupted',
    'the two-minute-old delivery to be swept',
    45_000,
  );
});
