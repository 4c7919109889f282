/**
 * A scheduled run's heartbeat comes from the SDK's heartbeat loop (every third of
 * `staleRunSeconds`), not from the scheduler's tick: with ticks minutes apart, the row of a run
 * in progress still shows fresh signs of life, so no other process takes it for dead.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData } from '../../../test/peers/fake-openai.js';
import { startKernelKit, until, type KernelKit } from './kit.js';

let kit: KernelKit;
const request = <T = any>(method: string, url: string, body?: unknown) => kit.t.request<T>(json(method, url, body));

beforeAll(async () => {
  kit = await startKernelKit(['ada']);
});
afterAll(async () => {
  await kit?.close();
});

it('beats a run in progress while the next tick is minutes away', { timeout: 60_000 }, async () => {
  expect((await request('PUT', '/api/mod-management/schedules/settings', { tickMs: 300_000, staleRunSeconds: 10 })).status).toBe(200);
  const job = (await request('POST', '/api/scheduled-jobs', { id: 'long', agentId: 'ada', name: 'Long', prompt: 'Take your time', cron: '0 0 1 1 *', enabled: false })).body.job;
  // The model starts answering and then holds the stream open until the run is cancelled.
  kit.fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'working' }))], after: 'hang' });
  const triggered = await request('POST', `/api/scheduled-jobs/${job.id}/trigger`, {});
  expect(triggered.status).toBe(202);

  type Row = { status: string; started_at: Date; heartbeat_at: Date };
  const row = () => kit.t.kernel.database.knex('schedules_runs').where({ run_id: triggered.body.runId }).first<Row>('status', 'started_at', 'heartbeat_at');
  const beaten = await until(row, (r) => r.heartbeat_at.getTime() > r.started_at.getTime(), 'a heartbeat after the run started', 30_000);
  expect(beaten.status).toBe('running');

  expect((await request('POST', `/api/chat/${triggered.body.runId}/cancel`, { agentId: 'ada' })).status).toBe(200);
  await until(row, (r) => r.status !== 'running', 'the cancelled run to end', 30_000);
  expect((await row()).status).toBe('cancelled');
});
