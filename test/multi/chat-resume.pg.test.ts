/**
 * Resuming a run's stream through another process on one PostgreSQL database: a client that
 * hung up on the process running its turn resumes through another process (and through the
 * round-robin proxy) from where it was, and gets the live tail to the terminal event; when the
 * process running the turn is killed (`kill -9`), the resumed stream ends with the run's
 * `interrupted` terminal event carrying the answer the deltas add up to. Every wait polls with a
 * deadline; nothing is timed.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { textAnswer } from '../kits/chat-kit.js';
import { streamTurn, TERMINAL, type StreamEvent } from './chat-stream.js';
import { startCluster, until, type Cluster } from './cluster.js';

/** Far above the heartbeat so a live run on a loaded machine is never swept by it. */
const STALE_RUN_AFTER_MS = 15_000;

let cluster: Cluster;
let fake: FakeOpenAi;

type Line = StreamEvent & { seq: number };

/** GET a run's events from one process or the proxy; every line until the stream ends. */
function resume(target: number | 'proxy', runId: string, after: number): Promise<{ status: number; lines: Line[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${cluster.base(target)}/api/chat/runs/${runId}/events?after=${after}`, (res) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              lines:
                res.statusCode === 200
                  ? (text
                      .split('\n')
                      .filter(Boolean)
                      .map((l) => JSON.parse(l)) as Line[])
                  : [],
            });
          } catch (error) {
            reject(error as Error);
          }
        });
      })
      .on('error', reject);
  });
}

const deltas = (lines: StreamEvent[]) => lines.filter((e) => e.type === 'assistant.delta').map((e) => e.data.delta as string);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  cluster = await startCluster({ processes: 2, start: 'first-alone' });
  const created = await cluster.api(0, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await cluster.api(0, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  expect((await cluster.api(0, 'PUT', '/api/agents/ada/model-selection', { connectionId: created.body.connection.id, model: 'gpt-test' })).status).toBe(200);
  expect((await cluster.api(0, 'PUT', '/api/mod-management/chat/settings', { staleRunAfterMs: STALE_RUN_AFTER_MS })).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
});

it('a client resumes through the other process and the proxy from where it was, live, and rebuilds the exact answer', { timeout: 90_000 }, async () => {
  const pieces = Array.from({ length: 40 }, (_, i) => `p${i} `);
  fake.chat(textAnswer(pieces, { delayMs: 25 }));
  const turn = streamTurn(cluster.base(0), { agentId: 'ada', sessionId: 'resume', message: 'a long answer', runId: 'run-resume-x' });
  const runId = await turn.started;
  await until(
    async () => deltas(turn.events).length,
    (n) => n >= 3,
    'three deltas',
  );
  // What the client saw before it lost the connection (numbered lines, in order).
  const seen = [...turn.events] as Line[];
  expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i + 1));
  const lastSeen = seen.at(-1)!.seq;

  const through1 = resume(1, runId, lastSeen);
  const throughProxy = resume('proxy', runId, lastSeen);
  const [a, b] = await Promise.all([through1, throughProxy]);
  for (const resumed of [a, b]) {
    expect(resumed.status).toBe(200);
    expect(resumed.lines[0]!.seq).toBe(lastSeen + 1);
    expect(resumed.lines.map((l) => l.seq)).toEqual(resumed.lines.map((_, i) => lastSeen + 1 + i));
    const end = resumed.lines.at(-1)!;
    expect(end.type).toBe('run.completed');
    expect([...deltas(seen), ...deltas(resumed.lines)].join('')).toBe(end.data.response.answer);
    expect(end.data.response.answer).toBe(pieces.join(''));
  }
  // The original stream, read to its end, is the same events.
  const full = (await turn.ended) as Line[];
  expect(a.lines).toEqual(full.slice(lastSeen));
  // After the end, from another point, through the other process.
  const later = await resume(1, runId, 5);
  expect(later.lines).toEqual(full.slice(5));
});

it('kill -9 of the process running the turn: the stream resumed through the other process ends interrupted with the streamed answer', { timeout: 120_000 }, async () => {
  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'half of ' })), sseData(chatChunk({ content: 'it' }))], after: 'hang' });
  const turn = streamTurn(cluster.base(1), { agentId: 'ada', sessionId: 'resume-crash', message: 'take long', runId: 'run-resume-crash' });
  const runId = await turn.started;
  await until(
    async () => deltas(turn.events).join(''),
    (text) => text === 'half of it',
    'the model streams',
  );
  // Events are stored within a short window: the reader on the other process sees them.
  await until(
    async () => {
      const partial = new Promise<Line[]>((resolve) => {
        const lines: Line[] = [];
        const req = http.get(`${cluster.base(0)}/api/chat/runs/${runId}/events`, (res) => {
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => {
            text += chunk;
            const complete = text.slice(0, text.lastIndexOf('\n') + 1);
            lines.splice(
              0,
              lines.length,
              ...(complete
                .split('\n')
                .filter(Boolean)
                .map((l) => JSON.parse(l)) as Line[]),
            );
            if (deltas(lines).join('') === 'half of it') {
              req.destroy();
              resolve(lines);
            }
          });
        });
        req.on('error', () => resolve(lines));
      });
      return deltas(await partial).join('');
    },
    (text) => text === 'half of it',
    'the other process reads the stored deltas',
  );
  await cluster.kill(1);
  const cut = await turn.ended;
  expect(cut.some((e) => TERMINAL.includes(e.type))).toBe(false);

  const resumed = await resume(0, runId, 1);
  const end = resumed.lines.at(-1)!;
  expect(end).toMatchObject({ type: 'run.failed', data: { response: { status: 'interrupted', error: 'chat_run_interrupted', answer: 'half of it' } } });
  expect(resumed.lines.map((l) => l.seq)).toEqual(resumed.lines.map((_, i) => 2 + i));
  expect(deltas(resumed.lines).join('')).toBe('half of it');
});
