/**
 * Model calls keep their connection: a stream that ends with [DONE] leaves the socket open for
 * the next call (also when the body's end arrives after [DONE]), while a stream cut short by an
 * error closes it. A bare HTTP server counts the connections it accepts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRequest, ProviderConnection } from '../../model-connections/src/contract.js';
import { chatChunk, collectEvents as collect, sseData } from '../../../test/peers/fake-openai.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY } from '../../../sdk/testing/index.js';
import { OpenAiChatAdapter } from '../src/openai-chat-adapter.js';

let server: http.Server;
let connections = 0;
/** Answers whose body the server has ended. */
let ended = 0;
let connection: ProviderConnection;
/** What the next answer does after its events: end the body at once, a turn later, or send a malformed event and end. */
let mode: 'end' | 'end-later' | 'malformed' = 'end';

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(sseData(chatChunk({ role: 'assistant', content: 'hi' })));
    if (mode === 'malformed') res.write('data: {"choices": [\n\n');
    else res.write(sseData(chatChunk({}, 'stop')) + sseData('[DONE]'));
    if (mode === 'end-later') {
      await nextTurn();
      await nextTurn();
    }
    res.end(() => (ended += 1));
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  connection = { id: 'conn-keep', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: 'sk-test-keepalive-0123' };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const request = (): ChatRequest => ({ model: 'gpt-test', messages: [{ role: 'user', content: 'Hi' }], signal: new AbortController().signal });

describe('openai-chat connections', () => {
  it('reuses one connection for calls that end with [DONE], whenever the body ends', async () => {
    const adapter = new OpenAiChatAdapter({ connectTimeoutMs: 5_000, idleTimeoutMs: 5_000, egress: createEgressGuard(DEFAULT_EGRESS_POLICY) });
    const before = connections;
    let calls = 0;
    for (const next of ['end', 'end-later', 'end', 'end-later', 'end'] as const) {
      mode = next;
      expect(await collect(adapter.stream(connection, request()))).toEqual([
        { type: 'text', delta: 'hi' },
        { type: 'finish', reason: 'stop' },
      ]);
      calls += 1;
      // The next call goes once the server has ended this body and the client has read its end.
      while (ended < calls) await nextTurn();
      for (let turn = 0; turn < 10; turn += 1) await nextTurn();
    }
    expect(connections - before).toBe(1);
  });

  it('closes the connection of a stream that fails, and opens a new one for the next call', async () => {
    const adapter = new OpenAiChatAdapter({ connectTimeoutMs: 5_000, idleTimeoutMs: 5_000, egress: createEgressGuard(DEFAULT_EGRESS_POLICY) });
    mode = 'malformed';
    const failed = await collect(adapter.stream(connection, request()));
    expect(failed.at(-1)).toMatchObject({ type: 'error' });
    mode = 'end';
    const before = connections;
    expect((await collect(adapter.stream(connection, request()))).at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(connections - before).toBe(1);
  });
});
