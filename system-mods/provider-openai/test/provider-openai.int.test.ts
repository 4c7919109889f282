import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['provider-openai'] });
});
afterAll(() => t?.close());

it('boots loaded and registers the openai-chat adapter', async () => {
  const res = await t.request('/api/mods');
  expect(res.status).toBe(200);
  expect(res.body.mods.find((m: { id: string }) => m.id === 'provider-openai')).toMatchObject({ status: 'loaded', system: true });
  // The manifest's declaration of openai-chat and the adapter provided at run time.
  expect(t.kernel.inspectRegistrations('provider-openai').extensions).toBe(2);
});
