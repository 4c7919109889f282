/**
 * A fake OpenAI-compatible server for tests, speaking the real wire format over a real socket
 * (`node:http` on a free 127.0.0.1 port): `POST /v1/chat/completions` as server-sent events,
 * `GET /v1/models` and `POST /v1/embeddings` as JSON. Each test scripts the answers (event
 * payloads, how the byte stream is cut, pauses, an HTTP error, a disconnect, silence) and reads
 * back what the client sent and whether the client hung up before the answer was complete.
 *
 * `startScriptedServer` is the protocol-neutral core; `fake-anthropic.ts` builds on it too.
 */
import type { ModelStreamEvent } from '../../system-mods/model-connections/src/contract.js';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How the payload's bytes are cut into separate writes. */
export type SplitMode =
  /** One write per payload piece, as scripted. */
  | 'as-given'
  /** One write per byte: cuts inside UTF-8 characters, field names and line ends. */
  | 'every-byte'
  /** Cut at these byte offsets of the whole payload. */
  | { at: number[] }
  /** Pieces of 1..maxBytes bytes from a seeded generator (the same seed cuts the same way). */
  | { seed: number; maxBytes?: number };

/** One scripted answer. */
export interface ScriptedAnswer {
  /** HTTP status; default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body (`application/json`). */
  json?: unknown;
  /** An event-stream body (`text/event-stream`): raw payload pieces, written in order. */
  events?: Array<string | Uint8Array>;
  /** Default `as-given`. */
  split?: SplitMode;
  /** Pause before each write (else one event-loop turn, so writes leave separately). */
  delayMs?: number;
  /** After the payload: end the response (default), destroy the socket mid-answer, or keep it open and silent. */
  after?: 'end' | 'disconnect' | 'hang';
  /** Never answer at all: not even a status line. */
  silent?: boolean;
  /** Hold the payload (after the head) until this settles: a test's event, not a guessed pause. */
  until?: Promise<unknown>;
}

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  url: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  /** Lower-cased names, as Node gives them. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: any;
  /** Resolves when the exchange is over: answer complete, or the connection closed. */
  closed: Promise<void>;
  /** The connection closed before the answer was complete (client hung up, or a scripted disconnect). */
  closedEarly: boolean;
}

export type DefaultAnswer = (request: RecordedRequest) => ScriptedAnswer;

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every request so far, in arrival order. */
  requests: RecordedRequest[];
  /** Queues the answer to the next request for `path` (ahead of the path's default answer). */
  answer(path: string, answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

/** A server answering queued scripts per path, else the path's default, else 404. */
export async function startScriptedServer(defaults: Record<string, DefaultAnswer>): Promise<ScriptedServer> {
  const queues = new Map<string, ScriptedAnswer[]>();
  const requests: RecordedRequest[] = [];

  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const target = new URL(req.url ?? '/', 'http://fake');
    let resolveClosed!: () => void;
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: target.pathname,
      query: target.searchParams,
      headers: req.headers,
      body: parseBody(raw),
      closed: new Promise<void>((resolve) => (resolveClosed = resolve)),
      closedEarly: false,
    };
    res.on('close', () => {
      recorded.closedEarly = !res.writableFinished;
      resolveClosed();
    });
    requests.push(recorded);
    const answer = queues.get(recorded.path)?.shift() ?? defaults[recorded.path]?.(recorded) ?? { status: 404, json: { error: { message: `no route ${recorded.path}` } } };
    await play(answer, res);
  }

  // A backlog above Node's 511: the streams benchmark opens a thousand model calls at once.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer(path, answer) {
      const queue = queues.get(path) ?? [];
      queue.push(answer);
      queues.set(path, queue);
    },
    async close() {
      // Silent and hanging answers hold their connections open: cut them.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function play(answer: ScriptedAnswer, res: ServerResponse): Promise<void> {
  if (answer.silent) return;
  const isStream = answer.events !== undefined;
  const pieces = isStream ? answer.events!.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece))) : answer.json === undefined ? [] : [Buffer.from(JSON.stringify(answer.json))];
  res.writeHead(answer.status ?? 200, {
    'content-type': isStream ? 'text/event-stream; charset=utf-8' : 'application/json',
    ...(isStream && { 'cache-control': 'no-cache' }),
    ...answer.headers,
  });
  // The head leaves now, so a client sees the status even when no body byte follows.
  res.flushHeaders();
  if (answer.until) await answer.until.catch(() => undefined);
  for (const piece of cut(pieces, answer.split ?? 'as-given')) {
    if (answer.delayMs) await sleep(answer.delayMs);
    else await nextTurn();
    if (res.destroyed) return;
    // Resolves once the bytes are handed to the socket, so a disconnect below cannot swallow them.
    await new Promise<void>((resolve) => res.write(piece, () => resolve()));
  }
  switch (answer.after ?? 'end') {
    case 'end':
      res.end();
      return;
    case 'disconnect':
      // Cut the connection without the terminating chunk.
      res.socket?.destroy();
      return;
    case 'hang':
      return;
  }
}

/** The payload cut into writes. */
export function cut(pieces: Buffer[], mode: SplitMode): Buffer[] {
  if (mode === 'as-given') return pieces;
  const all = Buffer.concat(pieces);
  const offsets: number[] = [];
  if (mode === 'every-byte') {
    for (let i = 1; i < all.length; i++) offsets.push(i);
  } else if ('at' in mode) {
    offsets.push(...mode.at.filter((n) => n > 0 && n < all.length).sort((a, b) => a - b));
  } else {
    const next = mulberry32(mode.seed);
    for (let i = 1 + Math.floor(next() * (mode.maxBytes ?? 7)); i < all.length; i += 1 + Math.floor(next() * (mode.maxBytes ?? 7))) {
      offsets.push(i);
    }
  }
  const out: Buffer[] = [];
  let start = 0;
  for (const offset of [...new Set(offsets), all.length]) {
    if (offset > start) out.push(all.subarray(start, offset));
    start = offset;
  }
  return out;
}

/** A small seeded generator, so a failing cut can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

// ---------------------------------------------------------------------------------------------
// OpenAI-compatible

export interface FakeOpenAi extends ScriptedServer {
  /** `http://127.0.0.1:<port>/v1`, the connection's base URL. */
  baseUrl: string;
  /** What `GET /v1/models` lists (`data`). */
  models: Array<Record<string, unknown>>;
  /** Queues the answer to the next `POST /v1/chat/completions`. */
  chat(answer: ScriptedAnswer): void;
  /**
   * When set, `/v1/embeddings` answers `embedder(text)` for each input instead of the default
   * vector (e.g. {@link bagOfWordsEmbedder}, so that texts sharing words are close).
   */
  embedder?: (text: string) => number[];
}

/**
 * A deterministic embedder for search tests: lower-cased words hashed into `dimensions` buckets
 * (a bag of words), so cosine similarity follows shared words.
 */
export function bagOfWordsEmbedder(dimensions = 64): (text: string) => number[] {
  return (text) => {
    const vector = new Array<number>(dimensions).fill(0);
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      let hash = 2166136261;
      for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619) >>> 0;
      vector[hash % dimensions]! += 1;
    }
    return vector;
  };
}

/**
 * Starts the fake. `/v1/embeddings` answers, by default, one vector per input
 * (`[input length, input index, first char code]`) listed in reverse order with each `index`,
 * so a client that ignores `index` gets them wrong.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake = {} as FakeOpenAi;
  const server = await startScriptedServer({
    '/v1/models': () => ({ json: { object: 'list', data: fake.models } }),
    '/v1/embeddings': (request) => {
      const input: string[] = Array.isArray(request.body?.input) ? request.body.input : [String(request.body?.input ?? '')];
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: fake.embedder ? fake.embedder(text) : [text.length, index, text.charCodeAt(0) || 0] }));
      return { json: { object: 'list', model: request.body?.model, data: data.reverse(), usage: { prompt_tokens: input.length, total_tokens: input.length } } };
    },
  });
  return Object.assign(fake, server, {
    baseUrl: `${server.origin}/v1`,
    models: [
      { id: 'gpt-test', object: 'model', created: 1700000000, owned_by: 'fake' },
      { id: 'long-context', object: 'model', created: 1700000000, owned_by: 'fake', context_length: 200000 },
    ],
    chat: (answer: ScriptedAnswer) => server.answer('/v1/chat/completions', answer),
  });
}

/** One SSE event carrying `value` as JSON, or the literal `[DONE]`. */
export function sseData(value: unknown): string {
  return `data: ${value === '[DONE]' ? '[DONE]' : JSON.stringify(value)}\n\n`;
}

/** A `chat.completion.chunk` with one choice. */
export function chatChunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'gpt-test',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** The last chunk `stream_options.include_usage` asks for: empty choices, the usage. */
export function usageChunk(usage: Record<string, unknown>): Record<string, unknown> {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-test', choices: [], usage };
}

/** Drains an adapter's event stream (calling `onEvent` as each arrives), for assertions on the whole sequence. */
export async function collectEvents(stream: AsyncIterable<ModelStreamEvent>, onEvent?: (event: ModelStreamEvent) => void): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}
