/**
 * The `openai-chat` adapter's `listModels` and `embed` against the fake OpenAI-compatible server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderConnection } from '../../model-connections/src/contract.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import { OpenAiChatAdapter } from '../src/openai-chat-adapter.js';
import { UpstreamError } from '../../../sdk/helpers/providers/index.js';

const API_KEY = 'sk-test-models-0123456789';

let fake: FakeOpenAi;
let connection: ProviderConnection;
const egress = createEgressGuard(DEFAULT_EGRESS_POLICY);
const adapter = new OpenAiChatAdapter({ connectTimeoutMs: 2_000, idleTimeoutMs: 2_000, egress });
const signal = () => new AbortController().signal;

beforeEach(async () => {
  fake = await startFakeOpenAi();
  connection = { id: 'conn-1', baseUrl: fake.baseUrl, apiKey: API_KEY };
});
afterEach(() => fake.close());

describe('listModels', () => {
  it('lists data[].id with the context window where the server gives one', async () => {
    fake.models = [{ id: 'gpt-test', object: 'model' }, { id: 'router/model', context_length: 200000 }, { id: 'groq-model', context_window: 131072 }, { id: 'vllm-model', max_model_len: 32768 }, { object: 'model' }];
    expect(await adapter.listModels(connection, signal())).toEqual([
      { id: 'gpt-test' },
      { id: 'router/model', contextWindow: 200000 },
      { id: 'groq-model', contextWindow: 131072 },
      { id: 'vllm-model', contextWindow: 32768 },
    ]);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', headers: { authorization: `Bearer ${API_KEY}` } });
  });

  it('rejects with upstream_http_error on 401, without the key in the message', async () => {
    fake.answer('/v1/models', { status: 401, json: { error: { message: `Incorrect API key provided: ${API_KEY}.`, code: 'invalid_api_key' } } });
    const failure = await adapter.listModels(connection, signal()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ code: 'upstream_http_error', status: 401, message: 'the provider answered HTTP 401: Incorrect API key provided: [redacted].' });
  });

  it('rejects with upstream_malformed when the answer is not a model list', async () => {
    fake.answer('/v1/models', { json: { models: [] } });
    await expect(adapter.listModels(connection, signal())).rejects.toMatchObject({ code: 'upstream_malformed' });
  });

  it('rejects with upstream_timeout when the server never answers', async () => {
    fake.answer('/v1/models', { silent: true });
    const quick = new OpenAiChatAdapter({ connectTimeoutMs: 100, idleTimeoutMs: 100, egress });
    await expect(quick.listModels(connection, signal())).rejects.toMatchObject({ code: 'upstream_timeout' });
  });
});

describe('embed', () => {
  it('posts {model, input} and returns the vectors ordered by index', async () => {
    const vectors = await adapter.embed(connection, { model: 'embed-small', input: ['alpha', 'be', 'c'], signal: signal() });
    // The fake lists them in reverse order; each vector is [length, index, first char code].
    expect(vectors).toEqual([
      [5, 0, 97],
      [2, 1, 98],
      [1, 2, 99],
    ]);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/embeddings',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: { model: 'embed-small', input: ['alpha', 'be', 'c'] },
    });
  });

  it('sends nothing for no input', async () => {
    expect(await adapter.embed(connection, { model: 'embed-small', input: [], signal: signal() })).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it('rejects when the server returns fewer vectors than inputs', async () => {
    fake.answer('/v1/embeddings', { json: { data: [{ index: 0, embedding: [1, 2] }] } });
    await expect(adapter.embed(connection, { model: 'm', input: ['a', 'b'], signal: signal() })).rejects.toMatchObject({ code: 'upstream_malformed' });
  });

  it('rejects with upstream_rate_limited and the retry-after on 429', async () => {
    fake.answer('/v1/embeddings', { status: 429, headers: { 'retry-after': '3' }, json: { error: { message: 'slow down' } } });
    await expect(adapter.embed(connection, { model: 'm', input: ['a'], signal: signal() })).rejects.toMatchObject({
      code: 'upstream_rate_limited',
      status: 429,
      retryAfterSeconds: 3,
    });
  });

  it('rejects with aborted when the caller aborts', async () => {
    fake.answer('/v1/embeddings', { silent: true });
    const controller = new AbortController();
    const pending = adapter.embed(connection, { model: 'm', input: ['a'], signal: controller.signal });
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });
});
