/**
 * A server killed with a chat run in flight: after the restart the run is marked interrupted,
 * its steering is follow_up, nothing of the turn is half-written, the run's stream resumes with
 * what it had streamed and ends `interrupted`, and the session goes on.
 */
import { afterAll, expect, it } from 'vitest';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { copyTemplateDataDir, startServer, tempDataDir, type ServerProcess } from './server-process.js';

let fake: FakeOpenAi | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await fake?.close();
});

/** Reads a run's resumed stream until a line matches, then hangs up; answers the lines read. */
async function readUntil(url: string, stop: (line: any) => boolean): Promise<any[]> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  const lines: any[] = [];
  let text = '';
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return lines;
    text += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = text.indexOf('\n')) >= 0) {
      const line = JSON.parse(text.slice(0, nl));
      text = text.slice(nl + 1);
      lines.push(line);
      if (stop(line)) {
        abort.abort();
        await reader.cancel().catch(() => undefined);
        return lines;
      }
    }
  }
}

async function api(base: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

// Two server starts (the first on an empty data dir) on a busy 2-core machine: a generous bound.
it('marks the run interrupted after a crash and keeps the session usable', { timeout: 180_000 }, async () => {
  fake = await startFakeOpenAi();
  const dataDir = tempDataDir();
  // Started once already (the run's template): what matters here comes after the first start.
  copyTemplateDataDir(dataDir);
  const first = await startServer({ dataDir });
  servers.push(first);
  expect((await api(first.url, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api(first.url, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  await api(first.url, 'PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' });

  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'half an ans' }))], after: 'hang' });
  const turn = fetch(`${first.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ agentId: 'ada', sessionId: 'crash', message: 'long answer please', runId: 'run-crash' }),
  })
    .then((r) => r.text())
    .catch(() => 'connection lost');
  // Wait until the model is streaming, then store a steering message and kill the server.
  for (;;) {
    const active = await api(first.url, 'GET', '/api/chat/runs/active?agentId=ada&sessionId=crash');
    // The model request must have reached the fake (which answers it with the hanging script):
    // phase `model` is set just before the request is sent.
    if (active.body.runs?.[0]?.phase === 'model' && fake.requests.some((r) => r.path === '/v1/chat/completions')) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  // Through a second connection: the run's stream as far as its first delta (so it is stored).
  const seen = await readUntil(`${first.url}/api/chat/runs/run-crash/events`, (line) => line.type === 'assistant.delta');
  expect(seen.map((l) => l.seq)).toEqual(seen.map((_, i) => i + 1));
  expect((await api(first.url, 'POST', '/api/chat/run-crash/steer', { agentId: 'ada', sessionId: 'crash', idempotencyKey: 'k', message: 'hurry' })).status).toBe(201);
  await first.stop('SIGKILL');
  await turn;

  const second = await startServer({ dataDir });
  servers.push(second);
  // Read at once, not polled: the startup sweep ran before the server listened.
  const trace = await api(second.url, 'GET', '/api/traces/run-crash?agentId=ada');
  expect(trace.body.trace).toMatchObject({ status: 'interrupted', error: { code: 'chat_run_interrupted', message: expect.stringContaining('the process that ran it stopped before the run ended') } });
  const steering = await api(second.url, 'GET', '/api/chat/run-crash/steering?agentId=ada&sessionId=crash');
  expect(steering.body.items.map((i: any) => i.status)).toEqual(['follow_up']);
  // The stream resumes after the last line seen: what the run had streamed, then its end.
  const rest = await readUntil(`${second.url}/api/chat/runs/run-crash/events?after=${seen.length - 1}`, () => false);
  expect(rest[0]).toMatchObject({ seq: seen.length, type: 'assistant.delta', data: { delta: 'half an ans' } });
  const end = rest.at(-1);
  expect(end).toMatchObject({ type: 'run.failed', seq: rest.at(-2).seq + 1, data: { response: { status: 'interrupted', error: 'chat_run_interrupted', answer: 'half an ans' } } });
  // Nothing half-written: the interrupted turn left no messages.
  const session = await api(second.url, 'GET', '/api/sessions/crash?agentId=ada');
  expect(session.body.session.messageCount).toBe(0);

  fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'back again' })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });
  const after = await api(second.url, 'POST', '/api/chat', { agentId: 'ada', sessionId: 'crash', message: 'still there?' });
  expect(after.body).toMatchObject({ ok: true, answer: 'back again' });
  await second.stop();
});
