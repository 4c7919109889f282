/**
 * Chat runs with two real service processes on one PostgreSQL database: a cancel and a steering
 * message sent through B reach the run A is running, B's active-runs listing shows A's run with
 * A's instance id, and when A is killed mid-run B marks the run interrupted and turns its pending
 * steering into follow_up. The model is the fake OpenAI server, scripted to hold a stream open
 * (a cancel target) or to answer slowly (a steering target).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jsonApi, scratchDatabase, type ScratchDatabase } from '../../../test/kits/scratch-database.js';
import { startServer, type ServerProcess } from '../../../test/e2e/server-process.js';
import { startFakeOpenAi, chatChunk, sseData, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { parseNdjson, textAnswer, until } from '../../../test/kits/chat-kit.js';

let scratch: ScratchDatabase;
/** Short enough that a killed process's runs go stale within the test, long enough that a live run on a loaded CI machine never misses it (3 s once let a slow heartbeat look dead). */
const STALE_MS = 15_000;

let a: ServerProcess;
let b: ServerProcess;
let fake: FakeOpenAi;
let connectionId: string;

const api = jsonApi;

/** A streamed turn on `server`: the NDJSON body as it arrives, and the whole of it once the stream ends. */
function streamTurn(server: ServerProcess, body: Record<string, unknown>) {
  let text = '';
  const done = (async () => {
    const res = await fetch(`${server.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
    return parseNdjson(text);
  })();
  return { done, sofar: () => text };
}

const activeOn = async (server: ServerProcess, sessionId: string) => (await api(server, 'GET', `/api/chat/runs/active?agentId=ada&sessionId=${sessionId}`)).body.runs as Array<Record<string, any>>;
const chatCalls = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');
/** The text of every message the model was sent in its `n`-th chat call. */
const sentIn = (n: number) => JSON.stringify(chatCalls()[n]?.body?.messages ?? []);

beforeAll(async () => {
  scratch = await scratchDatabase('svc_chatrun');
  fake = await startFakeOpenAi();
  const env = { DATABASE_URL: scratch.url, SVC_SETTINGS_KEY: 'svc-chatrun-test-key-0123456789abcdef' };
  a = await startServer({ env });
  expect((await api(a, 'PUT', '/api/mod-management/chat/settings', { staleRunAfterMs: STALE_MS })).status).toBe(200);
  expect((await api(a, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(a, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }, { id: 'gpt-other', enabled: true }] });
  expect(connection.status).toBe(201);
  connectionId = connection.body.connection.id;
  expect((await api(a, 'PUT', '/api/agents/ada/model-selection', { connectionId, model: 'gpt-test' })).status).toBe(200);
  b = await startServer({ env });
}, 180_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((s) => s.stop()));
  await fake?.close();
  await scratch?.drop();
});

it('lists A’s run through B with A’s instance id, and a cancel through B ends A’s stream with run.cancelled', async () => {
  // One delta, then the stream stays open: only a cancel ends this run.
  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'thinking' }))], after: 'hang' });
  const turn = streamTurn(a, { agentId: 'ada', sessionId: 'cancel', message: 'go on forever', runId: 'run-cancel' });
  const onA = await until(() => activeOn(a, 'cancel'), (runs) => runs[0]?.phase === 'model', 'the model call on A');
  const onB = await until(() => activeOn(b, 'cancel'), (runs) => runs.length === 1, 'A’s run listed through B');
  expect(onB[0]).toMatchObject({ runId: 'run-cancel', agentId: 'ada', sessionId: 'cancel', phase: 'running', instanceId: onA[0]!.instanceId });
  expect(onA[0]!.instanceId).toEqual(expect.any(String));
  const status = (await api(b, 'GET', '/api/agent-status')).body.agents.find((x: any) => x.id === 'ada');
  expect(status).toMatchObject({ status: 'running', runs: [expect.objectContaining({ runId: 'run-cancel', instanceId: onA[0]!.instanceId })] });

  const cancel = await api(b, 'POST', '/api/chat/run-cancel/cancel', { agentId: 'ada', reason: 'stop from B' });
  expect(cancel).toMatchObject({ status: 200, body: { ok: true, runId: 'run-cancel', cancelRequested: true, status: 'cancelling' } });
  const events = await turn.done;
  expect(events.at(-1)?.type).toBe('run.cancelled');
  expect((await api(b, 'GET', '/api/traces/run-cancel?agentId=ada')).body.trace).toMatchObject({ status: 'cancelled', error: { code: 'chat_run_cancelled', message: expect.stringContaining('stop from B') } });
  // A finished run answers as a local one does, through either process.
  expect((await api(b, 'POST', '/api/chat/run-cancel/cancel', { agentId: 'ada' })).body).toMatchObject({ ok: true, cancelRequested: false, status: 'cancelled' });
  expect((await api(b, 'POST', '/api/chat/nope/cancel', { agentId: 'ada' })).body.error).toBe('chat_run_not_found');
  expect(await activeOn(b, 'cancel')).toEqual([]);
}, 60_000);

it('delivers steering stored through B at A’s next model boundary', async () => {
  const calls = chatCalls().length;
  // Slow enough that the steering is stored while the first model call is still answering.
  fake.chat(textAnswer(['draft', ' one', ' two'], { delayMs: 800 }));
  fake.chat(textAnswer(['revised']));
  const turn = streamTurn(a, { agentId: 'ada', sessionId: 'steer', message: 'write', runId: 'run-steer' });
  await until(() => chatCalls().length, (n) => n > calls, 'the first model call');
  const steer = await api(b, 'POST', '/api/chat/run-steer/steer', { agentId: 'ada', sessionId: 'steer', idempotencyKey: 's1', message: 'shorter please' });
  expect(steer.status).toBe(201);
  const events = await turn.done;
  expect(events.at(-1)).toMatchObject({ type: 'run.completed', data: { response: { answer: 'revised', modelCalls: 2 } } });
  expect(sentIn(calls + 1)).toContain('shorter please');
  const items = (await api(b, 'GET', '/api/chat/run-steer/steering?agentId=ada&sessionId=steer')).body.items;
  expect(items.map((i: any) => i.status)).toEqual(['delivered']);
}, 60_000);

it('uses profile documents and a model selection changed through B in A’s very next turn', async () => {
  const turnOnA = async (message: string) => {
    fake.chat(textAnswer(['ok']));
    const res = await api(a, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'profile', message });
    expect(res.body).toMatchObject({ ok: true, status: 'completed' });
    return chatCalls().at(-1)!.body;
  };
  // A turn first, so whatever A keeps of the profile between turns has been filled.
  expect((await turnOnA('before')).model).toBe('gpt-test');
  const documents = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: `${kind.toLowerCase()} marker-from-b` }));
  expect((await api(b, 'PUT', '/api/agents/ada/profile-documents', { documents })).status).toBe(200);
  expect((await api(b, 'PUT', '/api/agents/ada/model-selection', { connectionId, model: 'gpt-other' })).status).toBe(200);
  const after = await turnOnA('after');
  expect(after.model).toBe('gpt-other');
  expect(JSON.stringify(after.messages)).toContain('soul marker-from-b');
}, 60_000);

it('marks the run of a killed process interrupted from the other one, and its pending steering becomes follow_up', async () => {
  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'never finishing' }))], after: 'hang' });
  const turn = streamTurn(a, { agentId: 'ada', sessionId: 'crash', message: 'hold', runId: 'run-crash' });
  turn.done.catch(() => undefined);
  await until(() => activeOn(b, 'crash'), (runs) => runs.length === 1, 'A’s run listed through B');
  // Stored while A still runs the run; A dies before any boundary takes it.
  const steer = await api(b, 'POST', '/api/chat/run-crash/steer', { agentId: 'ada', sessionId: 'crash', idempotencyKey: 'c1', message: 'are you there?' });
  expect(steer.body.steering.status).toBe('pending');
  await a.stop('SIGKILL');
  const trace = await until(() => api(b, 'GET', '/api/traces/run-crash?agentId=ada'), (r) => r.body.trace?.status !== 'running', 'the run marked interrupted', 50_000);
  expect(trace.body.trace).toMatchObject({ status: 'interrupted', error: { code: 'chat_run_interrupted' } });
  const items = (await api(b, 'GET', '/api/chat/run-crash/steering?agentId=ada&sessionId=crash')).body.items;
  expect(items.map((i: any) => i.status)).toEqual(['follow_up']);
  expect(await activeOn(b, 'crash')).toEqual([]);
}, 90_000);
