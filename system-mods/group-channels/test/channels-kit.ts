/**
 * Shared set-up of the group channel tests: a kernel with the chat runtime and this mod, agents
 * with a model connection to a fake OpenAI-compatible server (real SSE over a loopback socket)
 * whose answer depends on which member is asked, and helpers to wait for deliveries.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData, usageChunk } from '../../../test/peers/fake-openai.js';
import { until as pollUntil } from '../../../test/kits/until.js';

export const CHANNEL_MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'skills', 'settings', 'mcp', 'chat', 'group-channels'];

/** Who is asked (`You are @<id>` opens every member input) and what they were given. */
export interface Asked {
  agentId: string;
  input: string;
}

/** An answer's text, or a provider failure (HTTP status with an OpenAI-style error body). */
export type Answer = string | { status: number; message: string };
/** May wait (a gate the test opens) before answering. */
export type Responder = (asked: Asked) => Answer | Promise<Answer>;

export interface ChannelKit {
  t: TestKernel;
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  /** Every member input the model received, in order. */
  asked: Asked[];
  /** How the fake model answers (default: `<agentId> says hi`). */
  respond: Responder;
  close(): Promise<void>;
}

/** A promise the test resolves when it wants a held answer to go on. */
export function gate(): { open(): void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function lastUserText(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  return typeof last.content === 'string' ? last.content : (last.content ?? []).map((p: any) => p.text ?? '').join('');
}

/**
 * The fake model: OpenAI's chat completions wire format (SSE chunks, usage, [DONE]) on a
 * loopback socket, answering through `kit.respond`, which may hold an answer until a gate opens.
 */
async function startFakeModel(kit: ChannelKit): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      void (async () => {
        if (req.url?.startsWith('/v1/models')) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-test', object: 'model', created: 1, owned_by: 'fake' }] }));
          return;
        }
        const input = lastUserText(raw ? JSON.parse(raw) : {});
        const asked: Asked = { agentId: /^You are @([a-z0-9_-]+)/.exec(input)?.[1] ?? '?', input };
        kit.asked.push(asked);
        const answer = await kit.respond(asked);
        if (typeof answer !== 'string') {
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: answer.message, type: 'server_error' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
        res.write(sseData(chatChunk({ role: 'assistant', content: answer })));
        res.write(sseData(chatChunk({}, 'stop')));
        res.write(sseData(usageChunk({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 })));
        res.end(sseData('[DONE]'));
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export async function startChannelKit(agents: string[]): Promise<ChannelKit> {
  const kit = { asked: [] as Asked[], respond: ((a: Asked) => `${a.agentId} says hi`) as Responder } as ChannelKit;
  const server = await startFakeModel(kit);
  kit.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  kit.t = await startTestKernel({ mods: CHANNEL_MODS });
  const created = await kit.t.request(
    json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: kit.baseUrl, apiKey: 'sk-test', models: [{ id: 'gpt-test', enabled: true }] }),
  );
  expect(created.status).toBe(201);
  for (const id of agents) {
    expect((await kit.t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status).toBe(201);
    expect((await kit.t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId: created.body.connection.id, model: 'gpt-test' }))).status).toBe(200);
  }
  kit.close = async () => {
    await kit.t.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return kit;
}

/** Polls until `predicate` holds (test/kits/until.ts), with this suite's bound. */
export const until = <T>(probe: () => Promise<T> | T, predicate: (value: T) => boolean, what: string, limitMs = 20000): Promise<T> => pollUntil(probe, predicate, what, limitMs);

/** The latest page of a channel's messages. */
export async function stream(t: TestKernel, channelId: string, query = ''): Promise<{ items: any[]; queued: any[]; nextCursor: string | null }> {
  const res = await t.request(`/api/group-channels/${channelId}/messages${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** Waits for the delivery of operator message `messageId` to end, and returns the stream then. */
export async function settled(t: TestKernel, channelId: string, messageId: string) {
  return until(
    () => stream(t, channelId, '?limit=200'),
    (page) => ['completed', 'interrupted'].includes(page.items.find((m) => m.id === messageId)?.delivery?.status),
    `the delivery of ${messageId}`,
  );
}
