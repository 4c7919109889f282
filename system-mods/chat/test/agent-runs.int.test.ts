/**
 * The run engine as other mods see it (`chat.agent-runs`, through the run-starter fixture mod):
 * start with the same events as the NDJSON route, cancel and steer by run id, the origin stored
 * with the run and shown in its trace, and live run state in agent-status and /api/status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, parseNdjson, startChatKit, textAnswer, toolAnswer, until, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit({ mods: ['diagnostics'] });
  expect((await kit.t.request(json('POST', '/api/mod-management/run-starter/enable'))).body.mod.status).toBe('loaded');
  expect((await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.chat-tools', toolName: 'wait' }] }))).status).toBe(200);
});
afterAll(() => kit?.close());

const chatCalls = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');
const TERMINAL = ['run.completed', 'run.failed', 'run.cancelled', 'run.superseded'];
const liveRuns = async () => (await kit.t.request('/api/mods/run-starter/status?agentId=ada')).body.runs as Array<{ runId: string; phase: string; origin: unknown }>;
const collected = async (runId: string) =>
  (
    await until(
      () => kit.t.request(`/api/mods/run-starter/events/${runId}`),
      (r) => r.body.events !== null,
      'the run to end',
    )
  ).body.events as Array<{ type: string; data: any }>;

describe('starting runs from another mod', () => {
  it('streams the same events as the NDJSON route and stores the origin with the run', async () => {
    kit.fake.chat(textAnswer(['Good ', 'night']));
    const res = await kit.t.request(
      json('POST', '/api/mods/run-starter/run', { agentId: 'ada', sessionId: 'nightly', input: { message: 'Summarize the day', runId: 'run-sched-1' }, origin: { kind: 'schedule', id: 'nightly-summary' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ runId: 'run-sched-1', sessionId: 'nightly' });
    const events = res.body.events as Array<{ type: string; runId: string; sessionId: string; ts: string; data: any }>;
    for (const e of events) expect(Object.keys(e).sort()).toEqual(['data', 'runId', 'seq', 'sessionId', 'ts', 'type']);
    expect(events[0]).toMatchObject({ type: 'run.started', data: { origin: { kind: 'schedule', id: 'nightly-summary' } } });
    expect(events.filter((e) => TERMINAL.includes(e.type)).map((e) => e.type)).toEqual(['run.completed']);
    expect(events.at(-1)!.data.response).toMatchObject({ ok: true, answer: 'Good night' });

    // The same turn through HTTP yields the same sequence of event types.
    kit.fake.chat(textAnswer(['Good ', 'night']));
    const http = parseNdjson((await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'nightly-http', message: 'Summarize the day' }, true))).body);
    expect(events.map((e) => e.type)).toEqual(http.map((e) => e.type));

    const trace = await kit.t.request('/api/traces/run-sched-1?agentId=ada');
    expect(trace.body.trace).toMatchObject({ status: 'completed', origin: { kind: 'schedule', id: 'nightly-summary' } });
    expect(trace.body.trace.events[0]).toMatchObject({ type: 'run.started', data: { origin: { kind: 'schedule', id: 'nightly-summary' } } });
    const list = await kit.t.request('/api/traces?agentId=ada&sessionId=nightly-http');
    expect(list.body.traces[0]).toMatchObject({ origin: { kind: 'chat' } });
  });

  it('refuses a bad request before anything starts, with the route errors for bad input', async () => {
    const noOrigin = await kit.t.request(json('POST', '/api/mods/run-starter/run', { agentId: 'ada', input: { message: 'hi' } }));
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.body.error).toBe('chat_run_request_invalid');
    const badKind = await kit.t.request(json('POST', '/api/mods/run-starter/run', { agentId: 'ada', input: { message: 'hi' }, origin: { kind: 'Not A Kind' } }));
    expect(badKind.body.error).toBe('chat_run_request_invalid');
    const blank = await kit.t.request(json('POST', '/api/mods/run-starter/run', { agentId: 'ada', input: { message: '  ' }, origin: { kind: 'task' } }));
    expect(blank.body.error).toBe('chat_message_required');
    const unknownAgent = await kit.t.request(json('POST', '/api/mods/run-starter/run', { agentId: 'nobody', input: { message: 'hi' }, origin: { kind: 'task' } }));
    expect(unknownAgent.status).toBe(404);
  });

  it('cancels by run id: the run ends cancelled and its events say so', async () => {
    kit.fake.chat(toolAnswer([{ name: 'wait', args: {}, id: 'w1' }]));
    const started = await kit.t.request(
      json('POST', '/api/mods/run-starter/start', { agentId: 'ada', sessionId: 'task-cancel', input: { message: 'long task', runId: 'run-task-cancel' }, origin: { kind: 'task', id: 't-42' } }),
    );
    expect(started.body.runId).toBe('run-task-cancel');
    await until(liveRuns, (runs) => runs.some((r) => r.runId === 'run-task-cancel' && r.phase === 'tool'), 'the tool call');

    const cancel = await kit.t.request(json('POST', '/api/mods/run-starter/cancel', { runId: 'run-task-cancel', reason: 'task withdrawn' }));
    expect(cancel.body).toMatchObject({ ok: true, runId: 'run-task-cancel', cancelRequested: true, status: 'cancelling' });
    const events = await collected('run-task-cancel');
    expect(events.filter((e) => TERMINAL.includes(e.type)).map((e) => e.type)).toEqual(['run.cancelled']);
    expect(events.at(-1)!.data.response).toMatchObject({ status: 'cancelled', error: 'chat_run_cancelled' });

    const again = await kit.t.request(json('POST', '/api/mods/run-starter/cancel', { runId: 'run-task-cancel' }));
    expect(again.body).toMatchObject({ cancelRequested: false, status: 'cancelled' });
    expect((await kit.t.request(json('POST', '/api/mods/run-starter/cancel', { runId: 'run-task-cancel', agentId: 'someone-else' }))).body.error).toBe('chat_run_not_found');
  });

  it('steers by run id: delivered at the next boundary', async () => {
    kit.fake.chat(toolAnswer([{ name: 'wait', args: { ms: 400 }, id: 's1' }]));
    kit.fake.chat(textAnswer(['steered']));
    await kit.t.request(json('POST', '/api/mods/run-starter/start', { agentId: 'ada', sessionId: 'task-steer', input: { message: 'start', runId: 'run-task-steer' }, origin: { kind: 'task' } }));
    await until(liveRuns, (runs) => runs.some((r) => r.runId === 'run-task-steer' && r.phase === 'tool'), 'the tool call');

    const steer = await kit.t.request(json('POST', '/api/mods/run-starter/steer', { runId: 'run-task-steer', agentId: 'ada', sessionId: 'task-steer', idempotencyKey: 'k1', message: 'prefer the short version' }));
    expect(steer.body).toMatchObject({ ok: true, stored: true, replayed: false, steering: { status: 'pending', message: 'prefer the short version' } });
    const mismatch = await kit.t.request(json('POST', '/api/mods/run-starter/steer', { runId: 'run-task-steer', agentId: 'ada', sessionId: 'other', idempotencyKey: 'k2', message: 'x' }));
    expect(mismatch.body.error).toBe('chat_run_session_mismatch');
    // A mod may steer, never answer an approval: that is the operator's, through the steering route.
    const decision = await kit.t.request(
      json('POST', '/api/mods/run-starter/steer', { runId: 'run-task-steer', agentId: 'ada', sessionId: 'task-steer', idempotencyKey: 'k3', decision: { approvalId: 'any', verdict: 'approve' } }),
    );
    expect(decision.status).toBe(403);
    expect(decision.body.error).toBe('chat_approval_operator_only');

    const events = await collected('run-task-steer');
    expect(events.at(-1)!.type).toBe('run.completed');
    expect(events.find((e) => e.type === 'runtime.notice' && e.data.kind === 'steering_delivered')!.data.steeringIds).toEqual([steer.body.steering.id]);
    expect(chatCalls().at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'user', content: 'prefer the short version' });
    const listed = await kit.t.request('/api/chat/run-task-steer/steering?agentId=ada&sessionId=task-steer');
    expect(listed.body.items).toMatchObject([{ status: 'delivered' }]);
  });
});

describe('live run state', () => {
  it('agent-status and /api/status read running with the run id while a run is in flight, then idle', async () => {
    const agentState = async () => ((await kit.t.request('/api/agent-status')).body.agents as Array<{ id: string; status: string; runs: Array<{ runId: string }> }>).find((a) => a.id === 'ada')!;
    expect(await agentState()).toMatchObject({ status: 'idle', runs: [] });

    kit.fake.chat(textAnswer(['slow ', 'answer', '.'], { delayMs: 300 }));
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'live', message: 'take your time', runId: 'run-live' }, true));
    const running = await until(agentState, (a) => a.status === 'running', 'the agent to be running');
    expect(running.runs).toMatchObject([{ runId: 'run-live', sessionId: 'live', origin: { kind: 'chat' } }]);
    const status = await kit.t.request('/api/status?agentId=ada');
    expect(status.body.agent).toMatchObject({ id: 'ada', status: 'running', runs: [{ runId: 'run-live' }] });
    expect(status.body.runs).toMatchObject({ engine: true, active: 1 });
    expect((await kit.t.request('/api/chat/runs/active?agentId=ada&sessionId=live')).body.runs).toMatchObject([{ runId: 'run-live', origin: { kind: 'chat' } }]);

    expect(parseNdjson((await stream).body).at(-1)!.type).toBe('run.completed');
    await until(agentState, (a) => a.status === 'idle', 'the agent to be idle');
    expect((await kit.t.request('/api/status?agentId=ada')).body.agent).toMatchObject({ status: 'idle', runs: [] });
  });

  it('/api/status carries model, policy and trace metadata: ids and numbers, never a URL, key or content', async () => {
    const status = await kit.t.request('/api/status?agentId=ada');
    expect(status.status).toBe(200);
    expect(status.body.model).toEqual({
      gateway: true,
      defaultContextWindow: 32768,
      agent: { connectionId: kit.connectionId, model: 'gpt-test', reasoningEffort: 'off', temperature: 0.2, provider: 'openai', apiType: 'openai-chat', contextWindow: 16000, available: true },
    });
    expect(status.body.policy).toMatchObject({ maxToolRounds: 16, loopGuardRepeats: 3, toolTimeoutMs: 60000, agent: { enabled: true, toolGrants: 1, executionEnvironment: 'local' } });
    expect(status.body.traces.retention).toEqual({ enabled: false });
    expect(status.body.traces.stored).toBeGreaterThan(0);
    expect(status.body.traces.latest).toMatchObject({ runId: 'run-live', agentId: 'ada', sessionId: 'live', status: 'completed', errorCode: null });
    const text = JSON.stringify(status.body);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain(kit.fake.baseUrl);
    expect(text).not.toContain('take your time');
    // Every agent's runs without agentId; an unknown agent has no model or policy of its own.
    const all = (await kit.t.request('/api/status')).body;
    expect(all.model).not.toHaveProperty('agent');
    expect(all.traces.stored).toBeGreaterThanOrEqual(status.body.traces.stored);
    const ghost = (await kit.t.request('/api/status?agentId=ghost')).body;
    expect(ghost).toMatchObject({ model: { agent: null }, policy: { agent: null }, traces: { stored: 0, latest: null } });
  });

  it('without the chat mod every agent reads idle and /api/status still answers', async () => {
    expect((await kit.t.request(json('POST', '/api/mod-management/run-starter/disable'))).status).toBe(200);
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/disable'))).status).toBe(200);
    try {
      const agents = (await kit.t.request('/api/agent-status')).body.agents as Array<{ id: string; status: string }>;
      expect(agents.find((a) => a.id === 'ada')).toMatchObject({ status: 'idle' });
      const status = await kit.t.request('/api/status?agentId=ada');
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ runs: { engine: false, active: 0 }, agent: { status: 'idle' }, model: null, policy: null, traces: null });
    } finally {
      expect((await kit.t.request(json('POST', '/api/mod-management/chat/enable'))).status).toBe(200);
    }
  });
});
