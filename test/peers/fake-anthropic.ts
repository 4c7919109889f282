/**
 * A fake Anthropic Messages API for tests, speaking the real wire format over a real socket
 * (`node:http` on a free 127.0.0.1 port): `POST /v1/messages` as named server-sent events and
 * `GET /v1/models` as paged JSON (`limit`, `after_id`, `has_more`, `last_id`). Answers are
 * scripted per test exactly as for the OpenAI fake (see `ScriptedAnswer` there).
 */
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from './fake-openai.js';

export type { RecordedRequest, ScriptedAnswer, SplitMode } from './fake-openai.js';

export interface FakeAnthropic extends ScriptedServer {
  /** `http://127.0.0.1:<port>/v1`, the connection's base URL. */
  baseUrl: string;
  /** What `GET /v1/models` lists, paged. */
  models: Array<Record<string, unknown>>;
  /** Largest page `GET /v1/models` returns, whatever `limit` asks (the real API caps at 1000). */
  modelsPageSize: number;
  /** Queues the answer to the next `POST /v1/messages`. */
  messages(answer: ScriptedAnswer): void;
}

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const fake = {} as FakeAnthropic;
  const server = await startScriptedServer({
    '/v1/models': (request) => {
      const limit = Math.min(Number(request.query.get('limit') ?? 20), fake.modelsPageSize);
      const afterId = request.query.get('after_id');
      const start = afterId === null ? 0 : fake.models.findIndex((m) => m.id === afterId) + 1;
      const page = fake.models.slice(start, start + limit);
      return {
        json: {
          data: page,
          has_more: start + limit < fake.models.length,
          first_id: page[0]?.id ?? null,
          last_id: page.at(-1)?.id ?? null,
        },
      };
    },
  });
  return Object.assign(fake, server, {
    baseUrl: `${server.origin}/v1`,
    models: [
      { type: 'model', id: 'claude-test-1', display_name: 'Claude Test 1', created_at: '2025-01-01T00:00:00Z' },
      { type: 'model', id: 'claude-test-2', display_name: 'Claude Test 2', created_at: '2025-02-01T00:00:00Z' },
    ],
    modelsPageSize: 1000,
    messages: (answer: ScriptedAnswer) => server.answer('/v1/messages', answer),
  });
}

/** One named event as the API sends it: `event: <type>` and the JSON with the same `type`. */
export function sseEvent(type: string, fields: Record<string, unknown> = {}): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
}

/** `message_start` with the input token count. */
export function messageStart(inputTokens: number, model = 'claude-test-1'): string {
  return sseEvent('message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });
}

/** `message_delta` (stop reason, output tokens) then `message_stop`. */
export function messageEnd(stopReason: string, outputTokens: number): string[] {
  return [sseEvent('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } }), sseEvent('message_stop')];
}

/** A whole text block: start, one `text_delta` per piece, stop. */
export function textBlock(index: number, ...pieces: string[]): string[] {
  return [
    sseEvent('content_block_start', { index, content_block: { type: 'text', text: '' } }),
    ...pieces.map((text) => sseEvent('content_block_delta', { index, delta: { type: 'text_delta', text } })),
    sseEvent('content_block_stop', { index }),
  ];
}
