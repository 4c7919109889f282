/**
 * The adapter's requests go through the egress guard it is given: with loopback switched off a
 * call to the fake server on 127.0.0.1 (by address or by the name localhost) never reaches it
 * and fails with `egress_address_refused`, for the chat stream, the model list and embeddings;
 * a name resolving to the metadata address is refused the same way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import type { ProviderConnection } from '../../model-connections/src/contract.js';
import { collectEvents as collect, startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { OpenAiChatAdapter } from '../src/openai-chat-adapter.js';

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(() => fake.close());

const request = () => ({ model: 'gpt-test', messages: [{ role: 'user' as const, content: 'Hi' }], signal: new AbortController().signal });
const noLoopback = new OpenAiChatAdapter({ connectTimeoutMs: 2_000, egress: createEgressGuard({ allowLoopback: false, allowPrivate: true }) });

describe.each([
  ['by address', () => fake.baseUrl],
  ['by name', () => fake.baseUrl.replace('127.0.0.1', 'localhost')],
])('with SVC_EGRESS_ALLOW_LOOPBACK=false, the fake server %s', (_label, baseUrl) => {
  const connection = (): ProviderConnection => ({ id: 'local', baseUrl: baseUrl(), apiKey: 'sk-test' });

  it('the chat stream ends with one egress_address_refused error', async () => {
    const events = await collect(noLoopback.stream(connection(), request()));
    expect(events).toEqual([{ type: 'error', code: 'egress_address_refused', message: expect.stringContaining('loopback') }]);
    expect(fake.requests).toEqual([]);
  });

  it('listModels and embed reject with egress_address_refused', async () => {
    await expect(noLoopback.listModels(connection(), AbortSignal.timeout(5_000))).rejects.toMatchObject({ code: 'egress_address_refused' });
    await expect(noLoopback.embed(connection(), { model: 'e', input: ['x'], signal: AbortSignal.timeout(5_000) })).rejects.toMatchObject({ code: 'egress_address_refused' });
    expect(fake.requests).toEqual([]);
  });
});

it('refuses a name that resolves to the metadata address, with the default policy', async () => {
  const rebinding = new OpenAiChatAdapter({
    connectTimeoutMs: 2_000,
    egress: createEgressGuard(DEFAULT_EGRESS_POLICY, { resolve: async () => [{ address: '169.254.169.254', family: 4 }] }),
  });
  const port = new URL(fake.baseUrl).port;
  const events = await collect(rebinding.stream({ id: 'm', baseUrl: `http://metadata.test:${port}/v1` }, request()));
  expect(events).toEqual([{ type: 'error', code: 'egress_address_refused', message: expect.stringContaining('metadata.test (169.254.169.254)') }]);
});

it('the default guard still reaches loopback (local models)', async () => {
  const models = await new OpenAiChatAdapter({ connectTimeoutMs: 2_000, egress: createEgressGuard(DEFAULT_EGRESS_POLICY) }).listModels({ id: 'local', baseUrl: fake.baseUrl }, AbortSignal.timeout(5_000));
  expect(Array.isArray(models)).toBe(true);
  expect(fake.requests.length).toBe(1);
});
