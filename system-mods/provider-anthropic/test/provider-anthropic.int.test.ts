import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['provider-anthropic'] });
});
afterAll(() => t?.close());

it('boots loaded and registers the anthropic-messages adapter', async () => {
  const res = await t.request('/api/mods');
  expect(res.status).toBe(200);
  expect(res.body.mods.find((m: { id: string }) => m.id === 'provider-anthropic')).toMatchObject({ status: 'loaded', system: true });
  // The manifest's declaration of anthropic-messages and the adapter provided at run time.
  expect(t.kernel.inspectRegistrations('provider-anthropic').extensions).toBe(2);
});
