/**
 * A Forge job in flight when the kernel stops is retried by the next kernel on the same
 * database and data dir (PGlite in a data dir, or the same PostgreSQL database), and succeeds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { startFakeOpenAiMedia, TINY_PNG, type FakeOpenAiMedia } from '../../../test/peers/fake-openai-media.js';
import { bootForge, createConnection, jobOf, scratch, settled, until, type DatabaseOptions } from './forge-kit.js';

const tmp = scratch('forge-restart');
const dataDir = path.join(tmp.dir, 'data');
let database: DatabaseOptions;
let fake: FakeOpenAiMedia;
let t: TestKernel | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAiMedia();
  const base = await testDatabase();
  const template = process.env.SVC_TEST_PGLITE_TEMPLATE;
  database = base.driver === 'pglite' ? { driver: 'pglite', dataDir: path.join(tmp.dir, 'pglite'), loadDataDir: template ? new Blob([readFileSync(template)]) : undefined } : base;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  tmp.cleanup();
});

it('retries a job in flight at shutdown after the restart, and it succeeds', async () => {
  t = await bootForge({ dataDir, database });
  const connectionId = await createConnection(t, fake.baseUrl);
  // The provider takes the request and never answers while the first kernel runs.
  fake.images({ silent: true });
  const res = await t.request(json('POST', '/api/forge/jobs', { prompt: 'survive a restart', idempotencyKey: 'restart-1', connectionId, modelId: 'gpt-image-1' }));
  expect(res.status).toBe(202);
  const id = res.body.job.id as string;
  await until(
    async () => fake.requests.filter((r) => r.path === '/v1/images/generations').length,
    (n) => n === 1,
    'the provider to be called',
  );
  expect((await jobOf(t, id)).status).toBe('running');
  await t.close();
  t = undefined;
  // The stopped attempt hung up on the provider.
  await fake.requests[fake.requests.length - 1]!.closed;

  t = await bootForge({ dataDir, database: database.driver === 'pglite' ? { driver: 'pglite', dataDir: database.dataDir } : database });
  const job = await settled(t, id);
  expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
  expect(fake.requests.filter((r) => r.path === '/v1/images/generations')).toHaveLength(2);
  const bytes = await t.inject(job.artifacts[0].url);
  expect(bytes.rawPayload).toEqual(TINY_PNG);
  // The key still replays after the restart.
  const replay = await t.request(json('POST', '/api/forge/jobs', { prompt: 'survive a restart', idempotencyKey: 'restart-1', connectionId, modelId: 'gpt-image-1' }));
  expect([replay.status, replay.body.job.id]).toEqual([200, id]);
});
