/**
 * Resumable run streams: every event carries `seq` (1, 2, … per run), and
 * `GET /api/chat/runs/{runId}/events?after=` answers the events after it — stored ones, then the
 * live tail — ending with the terminal event. A client that hung up mid-answer rebuilds the exact
 * answer from any point; a run a crash left running ends `interrupted` in its resumed stream.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, insertLeftRunning, parseNdjson, startChatKit, textAnswer, toolAnswer, until, type ChatKit, type StreamEvent } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
let url: string;
beforeAll(async () => {
  kit = await startChatKit();
  url = await kit.t.kernel.listen();
  expect((await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.chat-tools', toolName: 'wait' }] }))).status).toBe(200);
});
afterAll(() => kit?.close());

const TERMINAL = ['run.completed', 'run.failed', 'run.cancelled', 'run.superseded'];
const events = (runId: string, query = '', headers: Record<string, string> = {}) => kit.t.inject({ method: 'GET', url: `/api/chat/runs/${runId}/events${query}`, headers });
const answerOf = (list: StreamEvent[]) => list.filter((e) => e.type === 'assistant.delta').map((e) => e.data.delta as string);

/** Starts a streamed turn over a real socket and hangs up once `until` holds for the events read so far. */
function streamUntil(body: Record<string, unknown>, stop: (seen: StreamEvent[]) => boolean): Promise<StreamEvent[]> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = http.request(`${url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        const complete = parseNdjson(text.slice(0, text.lastIndexOf('\n') + 1));
        if (stop(complete)) {
          req.destroy();
          resolve(complete);
        }
      });
      res.on('end', () => resolve(parseNdjson(text)));
    });
    req.on('error', () => undefined);
    req.end(JSON.stringify(body));
    setTimeout(() => reject(new Error('the stream never reached the point to hang up at')), 20_000).unref();
  });
}

describe('sequence numbers', () => {
  it('every event of a streamed turn has seq 1, 2, …; a replay from 0 is the same stream', async () => {
    kit.fake.chat(textAnswer(['Hello', ', ', 'world']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'seq', message: 'hi', runId: 'run-seq' }, true));
    const live = parseNdjson(res.body);
    expect(live.map((e) => (e as any).seq)).toEqual(live.map((_, i) => i + 1));
    expect(live.at(-1)!.type).toBe('run.completed');
    const replayed = await events('run-seq');
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['content-type']).toContain('application/x-ndjson');
    expect(parseNdjson(replayed.body)).toEqual(live);
    // After the last event there is nothing; after an earlier one, the rest.
    expect(parseNdjson((await events('run-seq', `?after=${live.length}`)).body)).toEqual([]);
    expect(parseNdjson((await events('run-seq', '?after=2')).body)).toEqual(live.slice(2));
  });
});

describe('resume', () => {
  it('a client that hung up mid-answer rebuilds the exact answer from several points, while the run is live and after it ended', async () => {
    const pieces = Array.from({ length: 30 }, (_, i) => `w${i} `);
    kit.fake.chat(textAnswer(pieces, { delayMs: 15 }));
    const seen = await streamUntil({ agentId: 'ada', sessionId: 'resume', message: 'long answer', runId: 'run-resume' }, (list) => answerOf(list).length >= 3);
    const lastSeen = (seen.at(-1) as any).seq as number;
    // Resumed while the run is still streaming: the stored events, then the live tail.
    const resumed = parseNdjson((await events('run-resume', `?after=${lastSeen}`)).body);
    expect((resumed[0] as any).seq).toBe(lastSeen + 1);
    const terminal = resumed.at(-1)!;
    expect(terminal.type).toBe('run.completed');
    const answer = terminal.data.response.answer as string;
    expect(answer).toBe(pieces.join(''));
    expect([...answerOf(seen), ...answerOf(resumed)].join('')).toBe(answer);

    // After the end, from every point of the full stream.
    const full = parseNdjson((await events('run-resume')).body);
    expect(full.map((e) => (e as any).seq)).toEqual(full.map((_, i) => i + 1));
    for (const after of [0, 1, lastSeen, Math.floor(full.length / 2), full.length - 2, full.length - 1]) {
      const rest = parseNdjson((await events('run-resume', `?after=${after}`)).body);
      expect(rest).toEqual(full.slice(after));
      expect([...answerOf(full.slice(0, after)), ...answerOf(rest)].join('')).toBe(answer);
    }
  });

  it('Last-Event-ID resumes the same way; the query wins over the header', async () => {
    const full = parseNdjson((await events('run-seq')).body);
    expect(parseNdjson((await events('run-seq', '', { 'last-event-id': '3' })).body)).toEqual(full.slice(3));
    expect(parseNdjson((await events('run-seq', '?after=1', { 'last-event-id': '3' })).body)).toEqual(full.slice(1));
  });

  it('a reader that leaves early neither detaches nor stops the run', async () => {
    kit.fake.chat(toolAnswer([{ name: 'wait', args: { ms: 400 }, id: 'r1' }]));
    kit.fake.chat(textAnswer(['still here']));
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'reader-leaves', message: 'go', runId: 'run-reader-leaves' }, true));
    await until(
      () => kit.t.request('/api/chat/runs/active?agentId=ada&sessionId=reader-leaves'),
      (r) => r.body.runs[0]?.phase === 'tool',
      'the tool call',
    );
    await new Promise<void>((resolve) => {
      const req = http.get(`${url}/api/chat/runs/run-reader-leaves/events`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
    });
    const live = parseNdjson((await stream).body);
    expect(live.at(-1)!.data.response).toMatchObject({ ok: true, answer: 'still here' });
    expect(live.filter((e) => TERMINAL.includes(e.type))).toHaveLength(1);
    const trace = await kit.t.request('/api/traces/run-reader-leaves?agentId=ada');
    expect(trace.body.trace.events.map((e: any) => e.type)).not.toContain('client.detached');
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown run or another agent, and 400 for a bad after or Last-Event-ID', async () => {
    const unknown = await events('run-never');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('chat_run_not_found');
    const otherAgent = await events('run-seq', '?agentId=bob');
    expect(otherAgent.statusCode).toBe(404);
    expect(otherAgent.json().error).toBe('chat_run_not_found');
    for (const query of ['?after=-1', '?after=x', '?after=1.5', '?after=2147483648']) {
      const res = await events('run-seq', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe('request_validation_failed');
    }
    for (const header of ['abc', '-1', '99999999999', '1 2']) {
      const res = await events('run-seq', '', { 'last-event-id': header });
      expect(res.statusCode, header).toBe(400);
      expect(res.json().error, header).toBe('chat_event_id_invalid');
    }
    expect((await events('bad id!')).statusCode).toBe(400);
  });
});

describe('crash', () => {
  it('a run a crash left running resumes with its stored events, then run.failed interrupted numbered after them', async () => {
    const knex = kit.t.kernel.database.knex;
    await insertLeftRunning(kit, 'run-crash-log', 'crash-log');
    const stored = [
      { seq: 1, type: 'run.started', ts: new Date().toISOString(), data: { agentId: 'ada' } },
      { seq: 2, type: 'assistant.delta', ts: new Date().toISOString(), data: { delta: 'half an ' } },
    ];
    await knex('chat_run_events').insert({ run_id: 'run-crash-log', first_seq: 1, last_seq: 2, events: JSON.stringify(stored) });
    // A restart of the chat runtime sweeps what a previous process left running.
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/disable'))).status).toBe(200);
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/enable'))).body.mod.status).toBe('loaded');
    const resumed = parseNdjson((await events('run-crash-log', '?after=1')).body);
    expect(resumed.map((e) => [(e as any).seq, e.type])).toEqual([
      [2, 'assistant.delta'],
      [3, 'run.failed'],
    ]);
    // Its response carries the answer as far as the stored deltas go.
    expect(resumed[1]!.data.response).toMatchObject({ ok: false, status: 'interrupted', error: 'chat_run_interrupted', answer: 'half an ' });
    expect((await kit.t.request('/api/traces/run-crash-log?agentId=ada')).body.trace.response).toMatchObject({ answer: 'half an ' });
    // The terminal event is stored: every later reader sees the same number.
    expect(parseNdjson((await events('run-crash-log', '?after=2')).body).map((e) => (e as any).seq)).toEqual([3]);
    // A client that saw events the dead process had not stored yet still gets the end, after its point.
    const past = parseNdjson((await events('run-crash-log', '?after=5')).body);
    expect(past.map((e) => [(e as any).seq, e.type, e.data.response.status])).toEqual([[6, 'run.failed', 'interrupted']]);
    expect(Object.keys(past[0]!).sort()).toEqual(['data', 'runId', 'seq', 'sessionId', 'ts', 'type']);
  });

  it('an ended run whose log holds no events (older rows) answers the terminal event its row stands for', async () => {
    await kit.t.kernel.database.knex('chat_runs').insert({
      run_id: 'run-old-row',
      agent_id: 'ada',
      session_id: 'old-row',
      status: 'completed',
      generation: 0,
      request: JSON.stringify({ message: 'old' }),
      response: JSON.stringify({ ok: true, status: 'completed', answer: 'from before' }),
      started_at: new Date(Date.now() - 60_000),
      ended_at: new Date(Date.now() - 59_000),
    });
    const resumed = parseNdjson((await events('run-old-row')).body);
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ type: 'run.completed', seq: 1, runId: 'run-old-row', data: { response: { answer: 'from before' } } });
  });
});
