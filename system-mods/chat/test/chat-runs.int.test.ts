/**
 * Runs under pressure: serialization, upstream failures, bounds, cancel, steering, session
 * resets, client disconnects and restarts — each ends with exactly one terminal event and a
 * consistent transcript.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, insertLeftRunning, parseNdjson, startChatKit, textAnswer, toolAnswer, until, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit();
  expect(
    (
      await kit.t.request(
        json('PUT', '/api/agents/ada/mcp-tools', {
          tools: [
            { connectionId: 'mod.chat-tools', toolName: 'wait' },
            { connectionId: 'mod.chat-tools', toolName: 'echo' },
          ],
        }),
      )
    ).status,
  ).toBe(200);
});
afterAll(() => kit?.close());

const chatCalls = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');
const terminal = (events: ReturnType<typeof parseNdjson>) => events.filter((e) => ['run.completed', 'run.failed', 'run.cancelled', 'run.superseded'].includes(e.type));
const activeRuns = async (sessionId: string) =>
  (await kit.t.request(`/api/chat/runs/active?agentId=ada&sessionId=${encodeURIComponent(sessionId)}`)).body.runs as Array<{ runId: string; phase: string; detached: boolean }>;

describe('serialization', () => {
  it('runs two concurrent turns of one session one after the other, in order, both complete', async () => {
    kit.fake.chat(textAnswer(['first'], { delayMs: 60 }));
    kit.fake.chat(textAnswer(['second']));
    const before = chatCalls().length;
    const a = kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'serial', message: 'one', runId: 'run-serial-1' }));
    await until(
      () => activeRuns('serial'),
      (runs) => runs.length === 1,
      'the first run to be active',
    );
    // The list of every agent's runs (the console's active runs) has it, with its agent.
    const everyAgent = (await kit.t.request('/api/chat/runs/active')).body.runs as Array<{ runId: string; agentId: string; sessionId: string }>;
    expect(everyAgent).toContainEqual(expect.objectContaining({ runId: 'run-serial-1', agentId: 'ada', sessionId: 'serial' }));
    const b = kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'serial', message: 'two', runId: 'run-serial-2' }));
    const [ra, rb] = await Promise.all([a, b]);
    expect([ra.body.answer, rb.body.answer]).toEqual(['first', 'second']);
    // The second call was made after the first finished: it carries the first turn.
    const second = chatCalls()[before + 1]!.body.messages.slice(1);
    expect(second).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'first' },
      { role: 'user', content: 'two' },
    ]);
    const session = await kit.t.request('/api/sessions/serial?agentId=ada');
    expect(session.body.messages.map((m: any) => m.content)).toEqual(['one', 'first', 'two', 'second']);
  });

  it('runs different sessions in parallel', async () => {
    kit.fake.chat(textAnswer(['slow'], { delayMs: 300 }));
    const slow = kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'par-a', message: 'slow one' }));
    await until(
      () => activeRuns('par-a'),
      (runs) => runs.length === 1 && runs[0]!.phase === 'model',
      'the slow run to reach its model call',
    );
    kit.fake.chat(textAnswer(['fast']));
    const fast = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'par-b', message: 'fast one' }));
    expect(fast.body.answer).toBe('fast');
    // The slow run is still going while the other session's turn completed.
    expect((await activeRuns('par-a')).length).toBe(1);
    expect((await slow).body.answer).toBe('slow');
  });
});

describe('upstream faults', () => {
  it('an upstream 500 ends the run with run.failed and a clear error; the transcript stays consistent', async () => {
    kit.fake.chat({ status: 500, json: { error: { message: 'upstream exploded' } } });
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'fail-500', message: 'break', runId: 'run-500' }, true));
    expect(res.statusCode).toBe(200);
    const events = parseNdjson(res.body);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.failed']);
    const response = events.at(-1)!.data.response;
    expect(response).toMatchObject({ ok: false, status: 'failed', error: 'chat_model_failed', upstream: { code: 'upstream_http_error', status: 500 } });
    expect(response.message).toContain('upstream exploded');
    const session = await kit.t.request('/api/sessions/fail-500?agentId=ada');
    expect(session.body.messages.map((m: any) => [m.role, m.meta.outcome ?? null])).toEqual([
      ['user', null],
      ['assistant', 'failed'],
    ]);
    const trace = await kit.t.request('/api/traces/run-500?agentId=ada');
    expect(trace.body.trace).toMatchObject({ status: 'failed', error: { code: 'chat_model_failed' } });

    // JSON mode answers 500 with the same response.
    kit.fake.chat({ status: 503, json: { error: { message: 'overloaded' } } });
    const plain = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'fail-500', message: 'again' }));
    expect(plain.status).toBe(500);
    expect(plain.body).toMatchObject({ ok: false, status: 'failed', error: 'chat_model_failed' });

    // The next turn replays the failed one consistently.
    kit.fake.chat(textAnswer(['recovered']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'fail-500', message: 'third' }));
    expect(
      chatCalls()
        .at(-1)!
        .body.messages.slice(1)
        .map((m: any) => m.role),
    ).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  });

  it('a stream cut mid-answer fails the run and keeps the partial text apart', async () => {
    kit.fake.chat({ events: [textAnswer(['partial ']).events![0]!], after: 'disconnect' });
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'cut', message: 'cut me' }, true));
    const events = parseNdjson(res.body);
    expect(events.at(-1)!.type).toBe('run.failed');
    expect(events.at(-1)!.data.response.answer).toBe('partial ');
    const messages = (await kit.t.request('/api/sessions/cut?agentId=ada')).body.messages;
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'partial ', meta: { outcome: 'failed' } });
  });

  it('an upstream that never answers is bounded by the run limit', async () => {
    await kit.settings({ maxRunMs: 1500 });
    kit.fake.chat({ silent: true });
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'silent', message: 'hello?', runId: 'run-silent' }, true));
    await kit.settings({});
    const events = parseNdjson(res.body);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.failed']);
    expect(events.at(-1)!.data.response).toMatchObject({ ok: false, error: 'chat_run_timeout' });
    // The upstream request was closed, not left hanging.
    const upstream = chatCalls().at(-1)!;
    await upstream.closed;
    expect(upstream.closedEarly).toBe(true);
  });
});

describe('cancel', () => {
  it('cancels during a tool call: the tool is aborted, run.cancelled, the transcript closes the open call', async () => {
    kit.fake.chat(toolAnswer([{ name: 'wait', args: {}, id: 'w1' }]));
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'cancel', message: 'wait for it', runId: 'run-cancel' }, true));
    await until(
      () => activeRuns('cancel'),
      (runs) => runs[0]?.phase === 'tool',
      'the run to be in its tool call',
    );
    const cancel = await kit.t.request(json('POST', '/api/chat/run-cancel/cancel', { agentId: 'ada', reason: 'changed my mind' }));
    expect(cancel.body).toMatchObject({ ok: true, cancelRequested: true });
    const events = parseNdjson((await stream).body);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.cancelled']);
    expect(events.at(-1)!.data.response).toMatchObject({ ok: false, status: 'cancelled', error: 'chat_run_cancelled' });
    expect(events.at(-1)!.data.response.message).toContain('changed my mind');
    const toolDone = events.find((e) => e.type === 'tool.completed')!;
    expect(toolDone.data).toMatchObject({ ok: false, error: { code: 'aborted' } });
    const messages = (await kit.t.request('/api/sessions/cancel?agentId=ada')).body.messages;
    expect(messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[2].content).toContain('not run: the run was cancelled');
    expect(messages[3].meta.outcome).toBe('cancelled');

    // After the end: cancelling again reports the status; nothing is active.
    const again = await kit.t.request(json('POST', '/api/chat/run-cancel/cancel', { agentId: 'ada' }));
    expect(again.body).toMatchObject({ ok: true, cancelRequested: false, status: 'cancelled' });
    expect(await activeRuns('cancel')).toEqual([]);
  });

  it('refuses unknown runs, other agents and bad bodies', async () => {
    expect((await kit.t.request(json('POST', '/api/chat/no-such-run/cancel', { agentId: 'ada' }))).body.error).toBe('chat_run_not_found');
    expect((await kit.t.request(json('POST', '/api/chat/run-cancel/cancel', { agentId: 'zed' }))).status).toBe(404);
    expect((await kit.t.request(json('POST', '/api/chat/run-cancel/cancel', {}))).status).toBe(400);
    expect((await kit.t.request(json('POST', '/api/chat/run-cancel/cancel', { agentId: 'ada', reason: 'x'.repeat(501) }))).status).toBe(400);
    // Without an agent: every agent's runs; a session alone names no run.
    expect((await kit.t.request('/api/chat/runs/active')).status).toBe(200);
    expect((await kit.t.request('/api/chat/runs/active?sessionId=serial')).status).toBe(400);
    expect((await kit.t.request('/api/chat/runs/active?agentId=Not%20An%20Id')).status).toBe(400);
    expect((await kit.t.request('/api/chat/runs/active?agentId=zed')).status).toBe(404);
  });
});

describe('steering', () => {
  it('stores, replays identical retries, refuses changed payloads, and delivers at the next boundary', async () => {
    kit.fake.chat(toolAnswer([{ name: 'wait', args: { ms: 400 }, id: 's1' }]));
    kit.fake.chat(textAnswer(['steered answer']));
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'steer', message: 'start', runId: 'run-steer' }, true));
    await until(
      () => activeRuns('steer'),
      (runs) => runs[0]?.phase === 'tool',
      'the run to be in its tool call',
    );

    const body = { agentId: 'ada', sessionId: 'steer', idempotencyKey: 'k-1', message: 'also check the tests' };
    const first = await kit.t.request(json('POST', '/api/chat/run-steer/steer', body));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ok: true, stored: true, replayed: false, steering: { status: 'pending', message: 'also check the tests' } });
    const retry = await kit.t.request(json('POST', '/api/chat/run-steer/steer', body));
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ replayed: true, steering: { id: first.body.steering.id } });
    const changed = await kit.t.request(json('POST', '/api/chat/run-steer/steer', { ...body, message: 'something else' }));
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('steering_idempotency_conflict');

    const events = parseNdjson((await stream).body);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.completed']);
    expect(events.find((e) => e.type === 'runtime.notice' && e.data.kind === 'steering_delivered')!.data.steeringIds).toEqual([first.body.steering.id]);
    // The continuation carries the steering message after the tool result.
    const continuation = chatCalls().at(-1)!.body.messages;
    expect(continuation.slice(-2).map((m: any) => m.role)).toEqual(['tool', 'user']);
    expect(continuation.at(-1).content).toBe('also check the tests');

    const listed = await kit.t.request('/api/chat/run-steer/steering?agentId=ada&sessionId=steer');
    expect(listed.body.items).toMatchObject([{ id: first.body.steering.id, status: 'delivered', deliveredRound: 2 }]);
    // Recorded for prompt replay: the next turn sees it in the history.
    const messages = (await kit.t.request('/api/sessions/steer?agentId=ada')).body.messages;
    expect(messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
    expect(messages[3].meta.steeringId).toBe(first.body.steering.id);
  });

  it('a model boundary without tools also takes steering: the turn continues', async () => {
    kit.fake.chat(textAnswer(['draft'], { delayMs: 300 }));
    kit.fake.chat(textAnswer(['revised']));
    const done = kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'steer-model', message: 'write', runId: 'run-steer-model' }));
    await until(
      () => activeRuns('steer-model'),
      (runs) => runs[0]?.phase === 'model',
      'the model call',
    );
    expect((await kit.t.request(json('POST', '/api/chat/run-steer-model/steer', { agentId: 'ada', sessionId: 'steer-model', idempotencyKey: 'm', message: 'shorter please' }))).status).toBe(201);
    const res = await done;
    expect(res.body).toMatchObject({ ok: true, answer: 'revised', modelCalls: 2 });
  });

  it('steering that arrives after the run ended becomes follow_up and starts no turn', async () => {
    kit.fake.chat(textAnswer(['quick']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'late', message: 'quick', runId: 'run-late' }));
    const calls = chatCalls().length;
    const late = await kit.t.request(json('POST', '/api/chat/run-late/steer', { agentId: 'ada', sessionId: 'late', idempotencyKey: 'late-1', message: 'too late' }));
    expect(late.status).toBe(201);
    expect(late.body.steering.status).toBe('follow_up');
    expect(chatCalls().length).toBe(calls);
    expect((await kit.t.request('/api/chat/run-late/steering?agentId=ada&sessionId=late')).body.items.map((i: any) => i.status)).toEqual(['follow_up']);
  });

  it('steering racing the end of the run is delivered or follow_up, never left pending', async () => {
    for (let i = 0; i < 5; i += 1) {
      kit.fake.chat(textAnswer([`race ${i}`]));
      const runId = `run-race-${i}`;
      const turn = kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'race', message: `race ${i}`, runId }));
      await until(
        () => kit.t.request(`/api/traces/${runId}?agentId=ada`),
        (r) => r.status === 200,
        'the run row',
      );
      const steer = kit.t.request(json('POST', `/api/chat/${runId}/steer`, { agentId: 'ada', sessionId: 'race', idempotencyKey: 'r', message: 'racing' }));
      await Promise.all([turn, steer]);
      const status = (await kit.t.request(`/api/chat/${runId}/steering?agentId=ada&sessionId=race`)).body.items[0].status;
      expect(['delivered', 'follow_up']).toContain(status);
    }
  });

  it('refuses bad submissions', async () => {
    const steer = (runId: string, body: Record<string, unknown>) => kit.t.request(json('POST', `/api/chat/${runId}/steer`, body));
    expect((await steer('run-late', { agentId: 'ada', sessionId: 'late', idempotencyKey: '  ', message: 'x' })).status).toBe(400);
    expect((await steer('run-late', { agentId: 'ada', sessionId: 'late', message: 'x' })).status).toBe(400);
    expect((await steer('run-late', { agentId: 'ada', sessionId: 'late', idempotencyKey: 'b', message: '   ' })).body.error).toBe('chat_message_required');
    expect((await steer('run-late', { agentId: 'ada', sessionId: 'other', idempotencyKey: 'b', message: 'x' })).body.error).toBe('chat_run_session_mismatch');
    expect((await steer('nope', { agentId: 'ada', sessionId: 'late', idempotencyKey: 'b', message: 'x' })).body.error).toBe('chat_run_not_found');
    expect((await kit.t.request('/api/chat/run-late/steering?agentId=ada')).status).toBe(400);
  });
});

describe('session reset', () => {
  it('a run started before a reset ends superseded and writes nothing', async () => {
    kit.fake.chat(textAnswer(['kept']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'reset', message: 'old turn' }));
    kit.fake.chat(toolAnswer([{ name: 'wait', args: {}, id: 'r1' }]));
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'reset', message: 'doomed', runId: 'run-doomed' }, true));
    await until(
      () => activeRuns('reset'),
      (runs) => runs[0]?.phase === 'tool',
      'the tool call',
    );
    const reset = await kit.t.request(json('POST', '/api/sessions/reset/reset', { agentId: 'ada' }));
    expect(reset.body).toMatchObject({ ok: true, session: { generation: 1 } });
    const events = parseNdjson((await stream).body);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.superseded']);
    expect(events.at(-1)!.data.response).toMatchObject({ ok: false, status: 'superseded', error: 'chat_run_session_reset' });
    const messages = (await kit.t.request('/api/sessions/reset?agentId=ada')).body.messages;
    expect(messages.map((m: any) => m.content)).toEqual(['old turn', 'kept']);

    kit.fake.chat(textAnswer(['fresh']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'reset', message: 'new turn' }));
    expect(chatCalls().at(-1)!.body.messages.slice(1)).toEqual([{ role: 'user', content: 'new turn' }]);
    expect((await kit.t.request(json('POST', '/api/sessions/never-used/reset', { agentId: 'ada' }))).body.error).toBe('chat_session_not_found');
    expect((await kit.t.request(json('POST', '/api/sessions/reset/reset', {}))).status).toBe(400);
  });
});

describe('client disconnect', () => {
  it('detaches the run: it keeps going and its transcript is written', async () => {
    const url = await kit.t.kernel.listen();
    kit.fake.chat(toolAnswer([{ name: 'wait', args: { ms: 300 }, id: 'd1' }]));
    kit.fake.chat(textAnswer(['finished without you']));
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } }, (res) => {
        res.once('data', () => {
          req.destroy(); // hang up after the first event
          resolve();
        });
      });
      req.on('error', () => undefined);
      req.end(JSON.stringify({ agentId: 'ada', sessionId: 'detach', message: 'go on without me', runId: 'run-detach' }));
      setTimeout(() => reject(new Error('no first event')), 10_000).unref();
    });
    await until(
      () => activeRuns('detach'),
      (runs) => runs[0]?.detached === true,
      'the run to be detached',
    );
    const trace = await until(
      () => kit.t.request('/api/traces/run-detach?agentId=ada'),
      (r) => r.body.trace?.status !== 'running',
      'the run to finish',
    );
    expect(trace.body.trace.status).toBe('completed');
    expect(trace.body.trace.events.map((e: any) => e.type)).toContain('client.detached');
    const messages = (await kit.t.request('/api/sessions/detach?agentId=ada')).body.messages;
    expect(messages.at(-1).content).toBe('finished without you');
  });
});

describe('restart', () => {
  it('stopping the runtime ends active runs as interrupted; rows a crash left running are marked at the next start', async () => {
    kit.fake.chat(toolAnswer([{ name: 'wait', args: {}, id: 'x1' }]));
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'restart', message: 'long job', runId: 'run-restart' }, true));
    await until(
      () => activeRuns('restart'),
      (runs) => runs[0]?.phase === 'tool',
      'the tool call',
    );
    // A row a crashed process left behind (no heartbeat for a long time).
    await insertLeftRunning(kit, 'run-crashed', 'restart');
    await kit.t.kernel.database.knex('chat_steering').insert({
      id: '00000000-0000-4000-8000-000000000001',
      run_id: 'run-crashed',
      agent_id: 'ada',
      session_id: 'restart',
      idempotency_key: 'c',
      payload_hash: 'x',
      status: 'pending',
    });
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/disable'))).status).toBe(200);
    const events = parseNdjson((await stream).body);
    expect(terminal(events).map((e) => e.type)).toEqual(['run.failed']);
    expect(events.at(-1)!.data.response).toMatchObject({ ok: false, status: 'interrupted', error: 'chat_run_interrupted' });
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/enable'))).body.mod.status).toBe('loaded');

    const interrupted = await kit.t.request('/api/traces/run-restart?agentId=ada');
    expect(interrupted.body.trace.status).toBe('interrupted');
    const crashed = await kit.t.request('/api/traces/run-crashed?agentId=ada');
    expect(crashed.body.trace).toMatchObject({ status: 'interrupted', error: { code: 'chat_run_interrupted', message: expect.stringContaining('the process that ran it stopped before the run ended') } });
    expect((await kit.t.request('/api/chat/run-crashed/steering?agentId=ada&sessionId=restart')).body.items[0].status).toBe('follow_up');
    // Nothing half-written: the interrupted turn is closed consistently.
    const messages = (await kit.t.request('/api/sessions/restart?agentId=ada')).body.messages;
    expect(messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });
});
