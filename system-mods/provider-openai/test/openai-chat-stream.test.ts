/**
 * The `openai-chat` adapter's stream against a fake OpenAI-compatible server over a real socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest, ModelStreamEvent, ProviderConnection } from '../../model-connections/src/contract.js';
import { chatChunk, collectEvents as collect, sseData, startFakeOpenAi, usageChunk, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import { OpenAiChatAdapter } from '../src/openai-chat-adapter.js';

const API_KEY = 'sk-test-0123456789abcdef';

let fake: FakeOpenAi;
let connection: ProviderConnection;
const egress = createEgressGuard(DEFAULT_EGRESS_POLICY);
const adapter = new OpenAiChatAdapter({ connectTimeoutMs: 2_000, idleTimeoutMs: 2_000, egress });

beforeEach(async () => {
  fake = await startFakeOpenAi();
  connection = { id: 'conn-1', baseUrl: fake.baseUrl, apiKey: API_KEY, headers: { 'x-team': 'team-header-value' } };
});
afterEach(() => fake.close());

function chatRequest(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'gpt-test', messages: [{ role: 'user', content: 'Hi' }], signal: new AbortController().signal, ...overrides };
}

const done = sseData('[DONE]');

describe('openai-chat stream', () => {
  it('streams text, then the usage, then finish', async () => {
    fake.chat({
      events: [
        sseData(chatChunk({ role: 'assistant', content: '' })),
        sseData(chatChunk({ content: 'Hel' })),
        sseData(chatChunk({ content: 'lo' })),
        sseData(chatChunk({}, 'stop')),
        sseData(usageChunk({ prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 })),
        done,
      ],
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo' },
      { type: 'usage', inputTokens: 12, outputTokens: 2 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('parses the stream cut at every byte, with CRLF line ends, keep-alives and multi-byte characters', async () => {
    const crlf = (event: string) => event.replace(/\n/g, '\r\n');
    fake.chat({
      split: 'every-byte',
      events: [
        ': OPENROUTER PROCESSING\n\n',
        crlf(sseData(chatChunk({ content: 'Café ' }))),
        ':\n\n',
        crlf(sseData(chatChunk({ content: 'crème 🙂' }))),
        sseData(chatChunk({ content: '日本' }, 'length')),
        crlf(sseData(usageChunk({ prompt_tokens: 3, completion_tokens: 4 }))),
        crlf(done),
      ],
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Café ' },
      { type: 'text', delta: 'crème 🙂' },
      { type: 'text', delta: '日本' },
      { type: 'usage', inputTokens: 3, outputTokens: 4 },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it.each([1, 2, 3, 42])('parses the stream cut at seeded arbitrary boundaries (seed %i)', async (seed) => {
    fake.chat({
      split: { seed, maxBytes: 9 },
      events: [sseData(chatChunk({ content: 'Ünïcödé ' })), sseData(chatChunk({ content: '🙂🙂' }, 'stop')), done],
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Ünïcödé ' },
      { type: 'text', delta: '🙂🙂' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('assembles two parallel tool calls from argument deltas spread over many chunks', async () => {
    const args = (index: number, fragment: string) => chatChunk({ tool_calls: [{ index, function: { arguments: fragment } }] });
    fake.chat({
      split: { seed: 7 },
      events: [
        sseData(chatChunk({ role: 'assistant', content: 'Checking both.' })),
        sseData(chatChunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }] })),
        sseData(args(0, '{"ci')),
        sseData(args(0, 'ty": "Pa')),
        sseData(chatChunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"tz"' } }] })),
        sseData(args(0, 'ris"')),
        sseData(args(1, ': "Europe/')),
        sseData(args(1, 'Paris"}')),
        sseData(args(0, '}')),
        sseData(chatChunk({}, 'tool_calls')),
        sseData(usageChunk({ prompt_tokens: 40, completion_tokens: 30 })),
        done,
      ],
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Checking both.' },
      { type: 'tool_call', id: 'call_a', name: 'get_weather', arguments: '{"city": "Paris"}' },
      { type: 'tool_call', id: 'call_b', name: 'get_time', arguments: '{"tz": "Europe/Paris"}' },
      { type: 'usage', inputTokens: 40, outputTokens: 30 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('gives a tool call without id or arguments an id and an empty object', async () => {
    fake.chat({ events: [sseData(chatChunk({ tool_calls: [{ index: 0, function: { name: 'ping' } }] }, 'tool_calls')), done] });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'tool_call', id: expect.stringMatching(/^call_.+/), name: 'ping', arguments: '{}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('keeps reasoning (reasoning_content or reasoning) apart from the answer text', async () => {
    fake.chat({
      events: [
        sseData(chatChunk({ role: 'assistant', reasoning_content: 'The user ' })),
        sseData(chatChunk({ reasoning_content: 'greets me.' })),
        sseData(chatChunk({ reasoning: 'OpenRouter style.', content: null })),
        sseData(chatChunk({ content: 'Hello!' })),
        sseData(chatChunk({}, 'stop')),
        sseData(usageChunk({ prompt_tokens: 5, completion_tokens: 20, completion_tokens_details: { reasoning_tokens: 15 } })),
        done,
      ],
    });
    expect(await collect(adapter.stream(connection, chatRequest({ reasoningEffort: 'high' })))).toEqual([
      { type: 'thought', delta: 'The user ' },
      { type: 'thought', delta: 'greets me.' },
      { type: 'thought', delta: 'OpenRouter style.' },
      { type: 'text', delta: 'Hello!' },
      { type: 'usage', inputTokens: 5, outputTokens: 20, reasoningTokens: 15 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('maps finish reasons it does not know to other', async () => {
    fake.chat({ events: [sseData(chatChunk({ content: 'x' }, 'eos_token')), done] });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'x' },
      { type: 'finish', reason: 'other' },
    ]);
  });
});

describe('openai-chat request', () => {
  it('sends the auth and connection headers and maps every message kind, tools, temperature, reasoning and max tokens', async () => {
    fake.chat({ events: [sseData(chatChunk({}, 'stop')), done] });
    const tools = [{ name: 'get_weather', description: 'Weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];
    await collect(
      adapter.stream(
        connection,
        chatRequest({
          messages: [
            { role: 'system', content: 'Be brief.' },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
                { type: 'image', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
              ],
            },
            { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] },
            { role: 'tool', content: '{"temp":3}', toolCallId: 'call_1' },
            { role: 'assistant', content: 'It is 3 °C.' },
          ],
          tools,
          temperature: 0.2,
          reasoningEffort: 'medium',
          maxOutputTokens: 300,
        }),
      ),
    );
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(sent!.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-team': 'team-header-value',
    });
    expect(sent!.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp":3}' },
        { role: 'assistant', content: 'It is 3 °C.' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: tools[0]!.inputSchema } }],
      temperature: 0.2,
      reasoning_effort: 'medium',
      max_tokens: 300,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('leaves out what the request does not set, reasoning `off`, and the auth header without a key', async () => {
    fake.chat({ events: [sseData(chatChunk({}, 'stop')), done] });
    await collect(adapter.stream({ id: 'local', baseUrl: `${fake.baseUrl}/` }, chatRequest({ reasoningEffort: 'off' })));
    const [sent] = fake.requests;
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBeUndefined();
    expect(sent!.body).toEqual({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});

describe('openai-chat failures end the stream with one error event', () => {
  it('429 → upstream_rate_limited with retry-after', async () => {
    fake.chat({
      status: 429,
      headers: { 'retry-after': '7' },
      json: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      {
        type: 'error',
        code: 'upstream_rate_limited',
        status: 429,
        retryAfterSeconds: 7,
        message: 'the provider answered HTTP 429: Rate limit reached for requests',
      },
    ]);
  });

  it('500 → upstream_http_error quoting the provider but never the key or a header value', async () => {
    fake.chat({
      status: 500,
      json: { error: { message: `Internal failure for key ${API_KEY} (team team-header-value)`, type: 'server_error' } },
    });
    const events = await collect(adapter.stream(connection, chatRequest()));
    expect(events).toEqual([{ type: 'error', code: 'upstream_http_error', status: 500, message: expect.stringContaining('Internal failure for key') }]);
    const { message } = events[0] as { message: string };
    expect(message).not.toContain(API_KEY);
    expect(message).not.toContain('team-header-value');
  });

  it('an error answer whose body stalls → upstream_http_error with what arrived, not a timeout', async () => {
    fake.chat({ status: 503, json: { error: { message: 'Service warming up' } }, after: 'hang' });
    const quick = new OpenAiChatAdapter({ connectTimeoutMs: 2_000, idleTimeoutMs: 150, egress });
    expect(await collect(quick.stream(connection, chatRequest()))).toEqual([{ type: 'error', code: 'upstream_http_error', status: 503, message: 'the provider answered HTTP 503: Service warming up' }]);
  });

  it('a redirect is not followed (the key stays with the configured origin)', async () => {
    fake.chat({ status: 307, headers: { location: 'http://127.0.0.2:9/v1/chat/completions' } });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([{ type: 'error', code: 'upstream_http_error', status: 307, message: 'the provider answered HTTP 307' }]);
    expect(fake.requests).toHaveLength(1);
  });

  it('a stream event that is not JSON → upstream_malformed, and the connection is closed', async () => {
    fake.chat({ events: [sseData(chatChunk({ content: 'a' })), 'data: {"choices": [\n\n'], after: 'hang' });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'a' },
      { type: 'error', code: 'upstream_malformed', message: 'the provider sent a stream event that is not valid JSON' },
    ]);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });

  it.each([
    ['the response ends', 'end'],
    ['the socket is cut', 'disconnect'],
  ] as const)('a stream that stops before [DONE] (%s) → upstream_truncated, even after a finish reason', async (_, after) => {
    fake.chat({ events: [sseData(chatChunk({ content: 'partial' })), sseData(chatChunk({}, 'stop'))], after });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'partial' },
      { type: 'error', code: 'upstream_truncated', message: expect.any(String) },
    ]);
  });

  it('a mid-stream error chunk → the error it reports', async () => {
    fake.chat({ events: [sseData(chatChunk({ content: 'a' })), sseData({ error: { code: 502, message: 'Provider returned error' } }), done] });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'a' },
      { type: 'error', code: 'upstream_http_error', status: 502, message: 'the provider reported an error mid-stream: Provider returned error' },
    ]);
  });

  it('a server that never answers → upstream_timeout within the connect timeout, and the socket is closed', async () => {
    fake.chat({ silent: true });
    const quick = new OpenAiChatAdapter({ connectTimeoutMs: 150, idleTimeoutMs: 150, egress });
    expect(await collect(quick.stream(connection, chatRequest()))).toEqual([{ type: 'error', code: 'upstream_timeout', message: 'the provider did not answer within 150 ms' }]);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });

  it('a stream that goes silent → upstream_timeout after the idle timeout', async () => {
    fake.chat({ events: [sseData(chatChunk({ content: 'first' }))], after: 'hang' });
    const quick = new OpenAiChatAdapter({ connectTimeoutMs: 2_000, idleTimeoutMs: 150, egress });
    expect(await collect(quick.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'first' },
      { type: 'error', code: 'upstream_timeout', message: 'the provider sent nothing for 150 ms' },
    ]);
  });

  it('a refused connection → upstream_unreachable', async () => {
    const port = await closedPort();
    expect(await collect(adapter.stream({ id: 'gone', baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: API_KEY }, chatRequest()))).toEqual([
      { type: 'error', code: 'upstream_unreachable', message: 'could not reach the provider (ECONNREFUSED)' },
    ]);
  });

  it('an invalid base URL → upstream_unreachable without a request', async () => {
    expect(await collect(adapter.stream({ id: 'bad', baseUrl: 'not a url' }, chatRequest()))).toEqual([{ type: 'error', code: 'upstream_unreachable', message: 'the connection base URL is not a valid URL' }]);
  });

  it('the caller aborting mid-stream closes the upstream socket and ends with aborted', async () => {
    fake.chat({ events: [sseData(chatChunk({ content: 'Hel' }))], after: 'hang' });
    const controller = new AbortController();
    const events = await collect(adapter.stream(connection, chatRequest({ signal: controller.signal })), (event) => {
      if (event.type === 'text') controller.abort();
    });
    expect(events).toEqual([
      { type: 'text', delta: 'Hel' },
      { type: 'error', code: 'aborted', message: 'the model call was cancelled' },
    ]);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });

  it('the caller aborting while waiting for the answer closes the upstream socket', async () => {
    fake.chat({ silent: true });
    const controller = new AbortController();
    const events = collect(adapter.stream(connection, chatRequest({ signal: controller.signal })));
    await waitFor(() => fake.requests.length === 1);
    controller.abort();
    expect(await events).toEqual([{ type: 'error', code: 'aborted', message: 'the model call was cancelled' }]);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });

  it('an already aborted signal ends with aborted and sends nothing', async () => {
    expect(await collect(adapter.stream(connection, chatRequest({ signal: AbortSignal.abort() })))).toEqual([{ type: 'error', code: 'aborted', message: 'the model call was cancelled' }]);
    expect(fake.requests).toEqual([]);
  });

  it('a consumer that stops reading early closes the upstream socket', async () => {
    fake.chat({ events: [sseData(chatChunk({ content: 'one' })), sseData(chatChunk({ content: 'two' }))], after: 'hang' });
    for await (const event of adapter.stream(connection, chatRequest())) {
      expect(event).toEqual({ type: 'text', delta: 'one' });
      break;
    }
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
