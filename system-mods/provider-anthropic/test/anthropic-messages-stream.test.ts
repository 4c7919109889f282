/**
 * The `anthropic-messages` adapter's stream against a fake Messages API over a real socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest, ModelStreamEvent, ProviderConnection } from '../../model-connections/src/contract.js';
import { messageEnd, messageStart, sseEvent, startFakeAnthropic, textBlock, type FakeAnthropic } from '../../../test/peers/fake-anthropic.js';
import { collectEvents as collect } from '../../../test/peers/fake-openai.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import { AnthropicMessagesAdapter } from '../src/anthropic-messages-adapter.js';

const API_KEY = 'sk-ant-test-0123456789abcdef';

let fake: FakeAnthropic;
let connection: ProviderConnection;
const egress = createEgressGuard(DEFAULT_EGRESS_POLICY);
const adapter = new AnthropicMessagesAdapter({ connectTimeoutMs: 2_000, idleTimeoutMs: 2_000, egress });

beforeEach(async () => {
  fake = await startFakeAnthropic();
  connection = { id: 'conn-a', baseUrl: fake.baseUrl, apiKey: API_KEY, headers: { 'anthropic-beta': 'fake-beta-2025' } };
});
afterEach(() => fake.close());

function chatRequest(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'claude-test-1', messages: [{ role: 'user', content: 'Hi' }], signal: new AbortController().signal, ...overrides };
}

const inputDelta = (index: number, partial_json: string) => sseEvent('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });

describe('anthropic-messages stream', () => {
  it('streams text, then the usage, then finish', async () => {
    fake.messages({ events: [messageStart(25), sseEvent('ping'), ...textBlock(0, 'Hel', 'lo'), ...messageEnd('end_turn', 3)] });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo' },
      { type: 'usage', inputTokens: 25, outputTokens: 3 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('parses the stream cut at every byte, with CRLF line ends and multi-byte characters', async () => {
    const crlf = (event: string) => event.replace(/\n/g, '\r\n');
    fake.messages({
      split: 'every-byte',
      events: [messageStart(4), ...textBlock(0, 'Café ', 'crème 🙂', '日本').map(crlf), ':keep-alive\n\n', ...messageEnd('max_tokens', 9)],
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Café ' },
      { type: 'text', delta: 'crème 🙂' },
      { type: 'text', delta: '日本' },
      { type: 'usage', inputTokens: 4, outputTokens: 9 },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('assembles tool_use input from input_json_delta fragments over many chunks, one call per block', async () => {
    fake.messages({
      split: { seed: 11 },
      events: [
        messageStart(50),
        ...textBlock(0, 'Let me check.'),
        sseEvent('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: {} } }),
        inputDelta(1, ''),
        inputDelta(1, '{"city'),
        inputDelta(1, '": "Par'),
        inputDelta(1, 'is"}'),
        sseEvent('content_block_stop', { index: 1 }),
        sseEvent('content_block_start', { index: 2, content_block: { type: 'tool_use', id: 'toolu_02', name: 'get_time', input: {} } }),
        inputDelta(2, '{"tz": '),
        inputDelta(2, '"Europe/Paris"}'),
        sseEvent('content_block_stop', { index: 2 }),
        sseEvent('content_block_start', { index: 3, content_block: { type: 'tool_use', id: 'toolu_03', name: 'now', input: {} } }),
        sseEvent('content_block_stop', { index: 3 }),
        ...messageEnd('tool_use', 60),
      ],
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Let me check.' },
      { type: 'tool_call', id: 'toolu_01', name: 'get_weather', arguments: '{"city": "Paris"}' },
      { type: 'tool_call', id: 'toolu_02', name: 'get_time', arguments: '{"tz": "Europe/Paris"}' },
      { type: 'tool_call', id: 'toolu_03', name: 'now', arguments: '{}' },
      { type: 'usage', inputTokens: 50, outputTokens: 60 },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('keeps thinking apart from the answer text and hands back signed and redacted blocks for replay', async () => {
    fake.messages({
      events: [
        messageStart(10),
        sseEvent('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
        sseEvent('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'The user ' } }),
        sseEvent('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'greets me.' } }),
        sseEvent('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM' } }),
        sseEvent('content_block_stop', { index: 0 }),
        sseEvent('content_block_start', { index: 1, content_block: { type: 'redacted_thinking', data: 'opaque' } }),
        sseEvent('content_block_stop', { index: 1 }),
        ...textBlock(2, 'Hello!'),
        ...messageEnd('end_turn', 40),
      ],
    });
    expect(await collect(adapter.stream(connection, chatRequest({ reasoningEffort: 'low' })))).toEqual([
      { type: 'thought', delta: 'The user ' },
      { type: 'thought', delta: 'greets me.' },
      { type: 'reasoning_block', block: { kind: 'thinking', text: 'The user greets me.', signature: 'EqQBCgIYAhIM' } },
      { type: 'reasoning_block', block: { kind: 'redacted', data: 'opaque' } },
      { type: 'text', delta: 'Hello!' },
      { type: 'usage', inputTokens: 10, outputTokens: 40 },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it.each([
    ['stop_sequence', 'stop'],
    ['refusal', 'content_filter'],
    ['pause_turn', 'other'],
  ])('maps stop reason %s to %s', async (stopReason, reason) => {
    fake.messages({ events: [messageStart(1), ...textBlock(0, 'x'), ...messageEnd(stopReason, 1)] });
    expect((await collect(adapter.stream(connection, chatRequest()))).at(-1)).toEqual({ type: 'finish', reason });
  });

  it('skips event types it does not know', async () => {
    fake.messages({ events: [messageStart(1), sseEvent('future_event', { anything: true }), ...textBlock(0, 'ok'), ...messageEnd('end_turn', 1)] });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'ok' },
      { type: 'usage', inputTokens: 1, outputTokens: 1 },
      { type: 'finish', reason: 'stop' },
    ]);
  });
});

describe('anthropic-messages request', () => {
  it('sends the Anthropic headers, system at the top level, tool_use and tool_result blocks, tools and temperature', async () => {
    fake.messages({ events: [messageStart(1), ...messageEnd('end_turn', 1)] });
    const tools = [{ name: 'get_weather', description: 'Weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];
    await collect(
      adapter.stream(
        connection,
        chatRequest({
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'system', content: [{ type: 'text', text: 'Answer in French.' }] },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
                { type: 'image', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
              ],
            },
            {
              role: 'assistant',
              content: 'Checking.',
              toolCalls: [
                { id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
                { id: 'toolu_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
              ],
            },
            { role: 'tool', content: '{"temp":3}', toolCallId: 'toolu_1' },
            { role: 'user', content: 'Also: be quick.' },
            { role: 'tool', content: '{"temp":18}', toolCallId: 'toolu_2' },
            { role: 'assistant', content: 'Oslo 3 °C, Rome 18 °C.' },
          ],
          tools,
          temperature: 0.3,
          maxOutputTokens: 500,
        }),
      ),
    );
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(sent!.headers).toMatchObject({
      'x-api-key': API_KEY,
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'fake-beta-2025',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(sent!.headers.authorization).toBeUndefined();
    expect(sent!.body).toEqual({
      model: 'claude-test-1',
      max_tokens: 500,
      system: 'Be brief.\n\nAnswer in French.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"temp":3}' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: '{"temp":18}' },
            { type: 'text', text: 'Also: be quick.' },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'Oslo 3 °C, Rome 18 °C.' }] },
      ],
      tools: [{ name: 'get_weather', description: 'Weather for a city', input_schema: tools[0]!.inputSchema }],
      temperature: 0.3,
      stream: true,
    });
  });

  it("replays an assistant message's reasoning blocks first, as received", async () => {
    fake.messages({ events: [messageStart(1), ...messageEnd('end_turn', 1)] });
    await collect(
      adapter.stream(
        connection,
        chatRequest({
          reasoningEffort: 'low',
          messages: [
            { role: 'user', content: 'Weather?' },
            {
              role: 'assistant',
              content: '',
              reasoning: [
                { kind: 'thinking', text: 'Need the tool.', signature: 'sig-1' },
                { kind: 'redacted', data: 'opaque' },
              ],
              toolCalls: [{ id: 'toolu_9', name: 'get_weather', arguments: '{}' }],
            },
            { role: 'tool', content: 'sunny', toolCallId: 'toolu_9' },
          ],
        }),
      ),
    );
    expect(fake.requests[0]!.body.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Need the tool.', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: {} },
      ],
    });
  });

  it('defaults max_tokens to 4096 and sends no thinking for effort off', async () => {
    fake.messages({ events: [messageStart(1), ...messageEnd('end_turn', 1)] });
    await collect(adapter.stream(connection, chatRequest({ reasoningEffort: 'off' })));
    expect(fake.requests[0]!.body).toEqual({
      model: 'claude-test-1',
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
    });
  });

  it.each([
    ['low', 1024],
    ['medium', 4096],
    ['high', 16384],
  ])('maps reasoning effort %s to a thinking budget of %i, leaves the answer its room and drops the temperature', async (effort, budget) => {
    fake.messages({ events: [messageStart(1), ...messageEnd('end_turn', 1)] });
    await collect(adapter.stream(connection, chatRequest({ reasoningEffort: effort, temperature: 0.5 })));
    const body = fake.requests[0]!.body;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: budget });
    expect(body.max_tokens).toBe(budget + 4096);
    expect(body).not.toHaveProperty('temperature');
  });

  it('keeps the thinking budget below an explicit max_tokens', async () => {
    fake.messages({ events: [messageStart(1), ...messageEnd('end_turn', 1)] });
    await collect(adapter.stream(connection, chatRequest({ reasoningEffort: 'high', maxOutputTokens: 8000 })));
    expect(fake.requests[0]!.body).toMatchObject({ max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 7999 } });
  });
});

describe('anthropic-messages failures end the stream with one error event', () => {
  it('429 → upstream_rate_limited with retry-after', async () => {
    fake.messages({
      status: 429,
      headers: { 'retry-after': '12' },
      json: { type: 'error', error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your rate limit' } },
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      {
        type: 'error',
        code: 'upstream_rate_limited',
        status: 429,
        retryAfterSeconds: 12,
        message: 'the provider answered HTTP 429: Number of request tokens has exceeded your rate limit',
      },
    ]);
  });

  it('500 → upstream_http_error quoting the provider but never the key', async () => {
    fake.messages({ status: 500, json: { type: 'error', error: { type: 'api_error', message: `Internal server error (key ${API_KEY})` } } });
    const events = await collect(adapter.stream(connection, chatRequest()));
    expect(events).toEqual([{ type: 'error', code: 'upstream_http_error', status: 500, message: 'the provider answered HTTP 500: Internal server error (key [redacted])' }]);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });

  it('an error event mid-stream → that error, after what came before', async () => {
    fake.messages({
      events: [messageStart(3), ...textBlock(0, 'Part'), sseEvent('error', { error: { type: 'overloaded_error', message: 'Overloaded' } })],
      after: 'hang',
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'Part' },
      { type: 'error', code: 'upstream_http_error', status: 529, message: 'the provider reported an error mid-stream: overloaded_error: Overloaded' },
    ]);
  });

  it('a stream event that is not JSON → upstream_malformed, and the connection is closed', async () => {
    fake.messages({ events: [messageStart(1), ...textBlock(0, 'a'), 'event: content_block_delta\ndata: {"type": "content_block_delta", "ind\n\n'], after: 'hang' });
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
  ] as const)('a stream that stops before message_stop (%s) → upstream_truncated, even after message_delta', async (_, after) => {
    fake.messages({
      events: [messageStart(1), ...textBlock(0, 'partial'), sseEvent('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } })],
      after,
    });
    expect(await collect(adapter.stream(connection, chatRequest()))).toEqual([
      { type: 'text', delta: 'partial' },
      { type: 'error', code: 'upstream_truncated', message: expect.any(String) },
    ]);
  });

  it('a server that never answers → upstream_timeout within the connect timeout, and the socket is closed', async () => {
    fake.messages({ silent: true });
    const quick = new AnthropicMessagesAdapter({ connectTimeoutMs: 150, idleTimeoutMs: 150, egress });
    expect(await collect(quick.stream(connection, chatRequest()))).toEqual([{ type: 'error', code: 'upstream_timeout', message: 'the provider did not answer within 150 ms' }]);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.closedEarly).toBe(true);
  });

  it('a stream that goes silent → upstream_timeout after the idle timeout', async () => {
    fake.messages({ events: [messageStart(1), ...textBlock(0, 'first')], after: 'hang' });
    const quick = new AnthropicMessagesAdapter({ connectTimeoutMs: 2_000, idleTimeoutMs: 150, egress });
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

  it('the caller aborting mid-stream closes the upstream socket and ends with aborted', async () => {
    fake.messages({
      events: [messageStart(1), sseEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }), sseEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hel' } })],
      after: 'hang',
    });
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

  it('an already aborted signal ends with aborted and sends nothing', async () => {
    expect(await collect(adapter.stream(connection, chatRequest({ signal: AbortSignal.abort() })))).toEqual([{ type: 'error', code: 'aborted', message: 'the model call was cancelled' }]);
    expect(fake.requests).toEqual([]);
  });
});

describe('anthropic-messages listModels', () => {
  it('lists data[].id across pages with the Anthropic headers', async () => {
    fake.models = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ type: 'model', id: `claude-${id}`, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
    fake.modelsPageSize = 2;
    expect(await adapter.listModels(connection, new AbortController().signal)).toEqual(['a', 'b', 'c', 'd', 'e'].map((id) => ({ id: `claude-${id}` })));
    expect(fake.requests.map((r) => r.url)).toEqual(['/v1/models?limit=1000', '/v1/models?limit=1000&after_id=claude-b', '/v1/models?limit=1000&after_id=claude-d']);
    expect(fake.requests[0]!.headers).toMatchObject({ 'x-api-key': API_KEY, 'anthropic-version': '2023-06-01' });
  });

  it('rejects with upstream_http_error on 401, without the key in the message', async () => {
    fake.answer('/v1/models', { status: 401, json: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${API_KEY}` } } });
    await expect(adapter.listModels(connection, new AbortController().signal)).rejects.toMatchObject({
      code: 'upstream_http_error',
      status: 401,
      message: 'the provider answered HTTP 401: invalid x-api-key [redacted]',
    });
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
