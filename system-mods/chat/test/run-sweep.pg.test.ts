/**
 * The interrupted sweep with several processes on one PostgreSQL: run rows whose heartbeat went
 * stale (their process died) are marked interrupted by whichever process sweeps, each exactly
 * once even when two sweep at the same moment (so each run's pending steering is turned into
 * follow_up by one process); rows with a fresh heartbeat are left running. The departed sweep
 * marks the rows of an owner whose session lock is free at once, whatever their heartbeat, and
 * leaves those of an owner whose lock a session holds, and rows without an owner. Two run
 * liveness services on two connection pools stand in for two processes.
 */
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ModDatabaseService } from '../../../sdk/index.js';
import { LIVENESS_LOCK_NAMESPACE, startTestKernel, testDatabase, type TestKernel } from '../../../sdk/testing/index.js';
import { CHAT_MODS } from '../../../test/kits/chat-kit.js';
import { RunLiveness } from '../src/services/run/run-liveness.js';
import { RunStore } from '../src/services/run/run-store.js';

let t: TestKernel;
const pools: Knex[] = [];

function liveness(instanceId: string, url: string): RunLiveness {
  const knex = knexFactory({ client: 'pg', connection: { connectionString: url }, pool: { min: 0, max: 4 } });
  pools.push(knex);
  return new RunLiveness({ knex, driver: 'postgres' } as unknown as ModDatabaseService, instanceId);
}

let url: string;
beforeAll(async () => {
  const db = await testDatabase();
  if (db.driver !== 'postgres') throw new Error('a PostgreSQL test');
  url = db.url;
  t = await startTestKernel({ mods: CHAT_MODS, database: db });
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.destroy()));
  await t?.close();
});

async function runningRows(knex: Knex, prefix: string, count: number, heartbeatAgoMs: number, instanceId: string | null): Promise<string[]> {
  await knex('chat_sessions').insert({ agent_id: 'ada', session_id: prefix }).onConflict(['agent_id', 'session_id']).ignore();
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await knex('chat_runs').insert(
    ids.map((run_id) => ({ run_id, agent_id: 'ada', session_id: prefix, status: 'running', generation: 0, request: {}, instance_id: instanceId, heartbeat_at: new Date(Date.now() - heartbeatAgoMs) })),
  );
  return ids;
}

it('marks each stale run interrupted exactly once when two processes sweep at once, and leaves live ones running', async () => {
  const one = liveness('instance-one', url);
  const two = liveness('instance-two', url);
  const knex = t.kernel.database.knex;
  const dead = await runningRows(knex, 'dead', 60, 120_000, 'instance-gone');
  const live = await runningRows(knex, 'live', 5, 0, 'instance-two');
  const [byOne, byTwo] = await Promise.all([one.sweepInterrupted({ all: false, staleMs: 30_000, activeHere: [] }), two.sweepInterrupted({ all: false, staleMs: 30_000, activeHere: live })]);
  // Each dead run by exactly one of them; together all of them.
  expect(byOne.filter((id) => byTwo.includes(id))).toEqual([]);
  expect([...byOne, ...byTwo].sort()).toEqual([...dead].sort());
  const statuses = await knex('chat_runs').select('run_id', 'status', 'error_code');
  const statusOf = new Map(statuses.map((r: { run_id: string; status: string }) => [r.run_id, r.status]));
  for (const id of dead) expect(statusOf.get(id)).toBe('interrupted');
  for (const id of live) expect(statusOf.get(id)).toBe('running');
  expect(statuses.filter((r: { error_code: string | null }) => r.error_code === 'chat_run_interrupted')).toHaveLength(dead.length);
});

it('keeps the interrupted state another process wrote when a stalled owner finishes later: nothing appended, the status stands', async () => {
  const knex = t.kernel.database.knex;
  const db = { knex, driver: 'postgres' } as unknown as ModDatabaseService;
  const owner = new RunStore(db, 'instance-stalled');
  await knex('chat_sessions').insert({ agent_id: 'ada', session_id: 'stalled' }).onConflict(['agent_id', 'session_id']).ignore();
  const { generation, messageCount } = await owner.create({ runId: 'run-stalled', agentId: 'ada', sessionId: 'stalled', request: {}, model: null, origin: { kind: 'chat' } });
  // Another process sees no heartbeat and marks the run interrupted.
  await knex('chat_runs')
    .where({ run_id: 'run-stalled' })
    .update({ heartbeat_at: new Date(Date.now() - 120_000) });
  expect(await liveness('instance-other', url).sweepInterrupted({ all: false, staleMs: 30_000, activeHere: [] })).toContain('run-stalled');

  // The owner wakes up and finishes its turn as completed.
  const user = { role: 'user' as const, content: 'hello', meta: {} };
  const answer = { role: 'assistant' as const, content: 'late answer', meta: {} };
  const result = await owner.finish(
    { runId: 'run-stalled', agentId: 'ada', sessionId: 'stalled', generation, title: 'hello' },
    { status: 'completed', response: { ok: true, status: 'completed' }, trace: [], toolCalls: [] },
    [user, answer] as never,
  );
  expect(result).toEqual({ status: 'interrupted', messageCount: null });
  const row = await knex('chat_runs').where({ run_id: 'run-stalled' }).first();
  expect(row.status).toBe('interrupted');
  expect(row.error_code).toBe('chat_run_interrupted');
  expect(await knex('chat_messages').where({ run_id: 'run-stalled' }).count({ n: '*' })).toEqual([{ n: '0' }]);
  expect((await knex('chat_sessions').where({ agent_id: 'ada', session_id: 'stalled' }).first()).message_count).toBe(messageCount);
});

it('marks the rows of departed owners at once, each exactly once when two processes sweep at once; a held owner and ownerless rows stay running', async () => {
  const knex = t.kernel.database.knex;
  const departedRows = await runningRows(knex, 'departed', 40, 0, 'instance-departed');
  const heldRows = await runningRows(knex, 'held', 3, 0, 'instance-held');
  const ownerless = await runningRows(knex, 'ownerless', 2, 0, null);
  // A session holds instance-held's lock, as its process's LISTEN connection would.
  const held = new pg.Client({ connectionString: url });
  await held.connect();
  try {
    await held.query('select pg_advisory_lock($1::int, hashtext($2))', [LIVENESS_LOCK_NAMESPACE, 'instance-held']);
    const one = liveness('instance-one', url);
    const two = liveness('instance-two', url);
    const owners = await one.ownersElsewhere();
    expect(owners).toEqual(expect.arrayContaining(['instance-departed', 'instance-held']));
    expect(owners).not.toContain(null);
    const gone = await t.kernel.processLiveness.departed(owners);
    expect(gone).toContain('instance-departed');
    expect(gone).not.toContain('instance-held');
    const [byOne, byTwo] = await Promise.all([one.sweepDeparted(gone), two.sweepDeparted(gone)]);
    expect(byOne.filter((id) => byTwo.includes(id))).toEqual([]);
    // Every row of the departed owners (the first test's live rows too: no session holds instance-two's lock).
    const marked = [...byOne, ...byTwo];
    expect(marked).toEqual(expect.arrayContaining(departedRows));
    for (const id of [...heldRows, ...ownerless]) expect(marked).not.toContain(id);
    const statuses = new Map((await knex('chat_runs').select('run_id', 'status')).map((r: { run_id: string; status: string }) => [r.run_id, r.status]));
    for (const id of departedRows) expect(statuses.get(id)).toBe('interrupted');
    for (const id of [...heldRows, ...ownerless]) expect(statuses.get(id)).toBe('running');
    // A process never sweeps its own rows as departed.
    expect(await liveness('instance-held', url).sweepDeparted(['instance-held'])).toEqual([]);
  } finally {
    await held.end();
  }
});
