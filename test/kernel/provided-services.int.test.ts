import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'model-connections'], modSources: [FIXTURE_MODS] });
});
afterAll(() => t?.close());

it('refuses a second mod providing a service another mod already provides', async () => {
  const res = await t.request(json('POST', '/api/mod-management/fake-models/enable'));
  expect(res.status).toBe(409);
  expect(res.body.error).toBe('mod_service_taken');
  const mods = (await t.request('/api/mods')).body.mods;
  expect(mods.find((m: { id: string }) => m.id === 'fake-models').status).toBe('failed');
  expect(mods.find((m: { id: string }) => m.id === 'model-connections').status).toBe('loaded');
});
