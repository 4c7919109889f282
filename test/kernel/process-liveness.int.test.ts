/**
 * Process liveness on either database (kernel/storage/process-liveness.ts): this process is never
 * departed; an id no session holds a lock for is, each once and in the order asked. On PGlite
 * that is every other id; on PostgreSQL the lock path itself is in `process-liveness.pg.test.ts`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'] });
});
afterAll(() => t?.close());

it('answers the ids no process holds, each once in the order asked, never this process', async () => {
  const own = t.kernel.runtimeInfo.instanceId;
  expect(await t.kernel.processLiveness.departed([])).toEqual([]);
  expect(await t.kernel.processLiveness.departed([own])).toEqual([]);
  expect(await t.kernel.processLiveness.departed(['gone-b', own, 'gone-a', 'gone-b'])).toEqual(['gone-b', 'gone-a']);
});
