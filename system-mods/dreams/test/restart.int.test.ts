/**
 * A restart during a cycle: the first kernel starts a cycle whose model never answers and stops;
 * the second, on the same database (a PGlite data dir, or the same PostgreSQL database), shows
 * the cycle `interrupted` and runs the next one.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { testDatabase, type TestKernelOptions } from '../../../sdk/testing/index.js';

type DatabaseOptions = NonNullable<TestKernelOptions['database']>;
import { json } from '../../../test/helpers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { prose, startDreamKit, textAnswer, until, type DreamKit } from './kit.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dreams-restart-'));
let fake: FakeOpenAi | undefined;
let kit: DreamKit | undefined;

afterAll(async () => {
  await kit?.close();
  await fake?.close();
  rmSync(tmp, { recursive: true, force: true });
});

it('shows a cycle cut off by a restart as interrupted', async () => {
  fake = await startFakeOpenAi();
  const base = await testDatabase();
  const template = process.env.SVC_TEST_PGLITE_TEMPLATE;
  const first: DatabaseOptions = base.driver === 'pglite' ? { driver: 'pglite', dataDir: path.join(tmp, 'pglite'), loadDataDir: template ? new Blob([readFileSync(template)]) : undefined } : base;
  const again: DatabaseOptions = first.driver === 'pglite' ? { driver: 'pglite', dataDir: first.dataDir } : first;
  const config = { dataDir: path.join(tmp, 'data'), shutdownTimeoutMs: 300 };

  kit = await startDreamKit(['ada'], { database: first, config, fake });
  await kit.t.request(json('POST', '/api/chat', { agentId: 'ada', sessionId: 'talk', message: 'A long day', noCallModel: true }));
  // The Light phase's model call never answers.
  fake.chat({ silent: true });
  const calls = fake.requests.length;
  const started = await kit.t.request(json('POST', '/api/agents/ada/dream-cycle', {}));
  expect(started.status).toBe(202);
  await until(
    () => fake!.requests.length,
    (n) => n > calls,
    'the model call of the Light phase',
  );
  await kit.t.close();
  kit = undefined;

  kit = await startDreamKit(['ada'], { database: again, config, fake });
  const receipts = await kit.t.request('/api/agents/ada/dream-cycle');
  expect(receipts.body.cycles[0]).toMatchObject({ id: started.body.cycleId, status: 'interrupted' });
  expect(receipts.body.cycles[0].error).toMatch(/^dream_cycle_interrupted/);

  // The next cycle runs, and reads the messages the interrupted one never got to.
  fake.chat(textAnswer(prose(120, 'l')));
  fake.chat(textAnswer(prose(120, 'd')));
  fake.chat(textAnswer(JSON.stringify({ diary: prose(120, 'r'), items: [] })));
  const next = await kit.t.request(json('POST', '/api/agents/ada/dream-cycle', {}));
  expect(next.status).toBe(202);
  const done = await until(
    async () => (await kit!.t.request('/api/agents/ada/dream-cycle')).body.cycles[0],
    (c) => c.status !== 'running',
    'the next cycle',
  );
  expect(done).toMatchObject({ id: next.body.cycleId, status: 'completed' });
  expect(done.phases.map((p: { messagesRead: number }) => p.messagesRead)).toEqual([1, 1, 1]);
});
