/**
 * Brain embeddings call the provider through the model gateway and so through the egress
 * guard: a connection whose host name resolves to the metadata address cannot list models
 * (`egress_address_refused`), and the provider sees nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';

let t: TestKernel;
let fake: FakeOpenAi;
let connectionId: string;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestKernel({
    mods: ['health', 'agents', 'brains', 'model-connections', 'provider-openai'],
    egress: { resolve: async (host) => (host === 'metadata.test' ? [{ address: '169.254.169.254', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]) },
  });
  const created = await t.request(json('POST', '/api/settings/model-connections', { provider: 'rebound', apiType: 'openai-chat', baseUrl: `http://metadata.test:${new URL(fake.baseUrl).port}/v1` }));
  expect(created.status).toBe(201);
  connectionId = created.body.connection.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

it('refuses to list the models of a connection whose name resolves to the metadata address', async () => {
  const res = await t.request(`/api/settings/brain-embeddings/models?connectionId=${connectionId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ error: 'egress_address_refused', host: 'metadata.test', kind: 'metadata' });
  expect(fake.requests).toEqual([]);
});
