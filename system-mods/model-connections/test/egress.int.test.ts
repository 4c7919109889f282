/**
 * Model connections and the egress guard: a baseUrl naming a link-local or metadata address (in
 * any spelling) is refused when saved; a name that resolves to one is refused when the
 * provider is called; with SVC_EGRESS_ALLOW_LOOPBACK=false the fake server on 127.0.0.1 is
 * refused too. Every refusal is `egress_address_refused` and the fake server sees no request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';

const MODS = ['health', 'model-connections', 'provider-openai'];
const save = (t: TestKernel, body: unknown) => t.request(json('POST', '/api/settings/model-connections', body));
const discover = (t: TestKernel, connectionId: string) => t.request(json('POST', '/api/settings/model-connections/discover', { connectionId }));

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake?.close());
const port = () => new URL(fake.baseUrl).port;

describe('default policy', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({
      mods: MODS,
      egress: { resolve: async (host) => (host === 'metadata.test' ? [{ address: '169.254.169.254', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]) },
    });
  });
  afterAll(() => t?.close());

  it.each([
    'http://169.254.169.254/v1',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/v1',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/v1',
    'http://169.254.43518/v1',
    'http://[fe80::1]:11434/v1',
    'http://[fd00:ec2::254]/v1',
    'http://100.100.100.200/v1',
    'http://0.0.0.0:11434/v1',
  ])('refuses to save baseUrl %s', async (baseUrl) => {
    const res = await save(t, { provider: 'meta', apiType: 'openai-chat', baseUrl });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('egress_address_refused');
    expect((await t.request('/api/settings/model-connections')).body.connections).toEqual([]);
  });

  it('refuses an update to a refused address', async () => {
    const created = await save(t, { provider: 'local', apiType: 'openai-chat', baseUrl: fake.baseUrl });
    expect(created.status).toBe(201);
    const res = await save(t, { id: created.body.connection.id, baseUrl: 'http://[::ffff:169.254.169.254]/v1' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('egress_address_refused');
    // Loopback is allowed by default: local models work.
    expect((await discover(t, created.body.connection.id)).status).toBe(200);
  });

  it('refuses at call time a name that resolves to the metadata address', async () => {
    const before = fake.requests.length;
    const created = await save(t, { provider: 'rebound', apiType: 'openai-chat', baseUrl: `http://metadata.test:${port()}/v1` });
    expect(created.status).toBe(201);
    const res = await discover(t, created.body.connection.id);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', host: 'metadata.test', address: '169.254.169.254', kind: 'metadata' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('SVC_EGRESS_ALLOW_LOOPBACK=false', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: MODS, config: { egress: { allowLoopback: false, allowPrivate: true } } });
  });
  afterAll(() => t?.close());

  it('refuses to save the fake server by its address', async () => {
    const res = await save(t, { provider: 'local', apiType: 'openai-chat', baseUrl: fake.baseUrl });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', kind: 'loopback' });
  });

  it('refuses the model call to the fake server by name, at connect time', async () => {
    const before = fake.requests.length;
    const created = await save(t, { provider: 'local', apiType: 'openai-chat', baseUrl: `http://localhost:${port()}/v1` });
    expect(created.status).toBe(201);
    const res = await discover(t, created.body.connection.id);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', host: 'localhost', kind: 'loopback' });
    expect(fake.requests.length).toBe(before);
  });
});
