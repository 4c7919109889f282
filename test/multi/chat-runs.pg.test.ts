/**
 * Chat runs across three real service processes on one PostgreSQL database: a streamed turn runs
 * in the process that took the request, and any process can list it, cancel it (the stream ends
 * `run.cancelled`) or steer it (delivered at its next boundary). When the process running a turn
 * is killed (`kill -9`), its session lock goes with its connection and another process marks the
 * run `interrupted` within seconds, its pending steering `follow_up` — with a stale bound of
 * minutes, so only the lock can explain it. A stopped (SIGSTOP) owner keeps its lock: the
 * heartbeat bound catches it, and its run keeps the `interrupted` state when the owner resumes.
 * Every wait polls with a deadline; nothing is timed.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIVENESS_LOCK_NAMESPACE } from '../../kernel/storage/process-liveness.js';
import { chatChunk, sseData, startFakeOpenAi, startScriptedServer, usageChunk, type FakeOpenAi, type ScriptedServer } from '../peers/fake-openai.js';
import { textAnswer, toolAnswer } from '../kits/chat-kit.js';
import { streamTurn, TERMINAL } from './chat-stream.js';
import { startCluster, until, type Cluster } from './cluster.js';
import { startOtlpReceiver, type OtlpReceiver } from '../peers/otlp-receiver.js';

/**
 * A run whose process died is stale after this long without a heartbeat (the setting's bound).
 * Far above the heartbeat (a third of it) so a live run on a loaded CI machine is never swept.
 */
const STALE_RUN_AFTER_MS = 15_000;
/** Deadline to see a killed process's run interrupted: the stale bound plus sweeps, generously. */
const INTERRUPTED_WITHIN_MS = 45_000;
/**
 * The stale bound while a process is killed: far beyond the deadline below, so a run marked
 * before it can only have been found through its owner's freed session lock.
 */
const STALE_BOUND_OUT_OF_REACH_MS = 600_000;
/** Deadline to see a killed process's run interrupted through its lock (swept every second; the target is 5 s). */
const DEPARTED_WITHIN_MS = 20_000;

let cluster: Cluster;
let fake: FakeOpenAi;
/** Every process exports its spans here (batches every 200 ms), so a run's trace across processes is read whole. */
let otlp: OtlpReceiver;
/** A second model server that answers every chat call with 3,000 input and 1,000 output tokens. */
let spender: ScriptedServer | undefined;

/** A model answer that starts and then holds the stream open until the run lets go of it. */
const hangingAnswer = () => ({ events: [sseData(chatChunk({ role: 'assistant', content: 'thinking' }))], after: 'hang' as const });

/** Whether a session holds the liveness lock of the process that owns `runId`. */
const ownerLockHeld = async (runId: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ held: boolean }>(
      `select exists (select 1 from pg_locks l join chat_runs r on r.run_id = $2
                       where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                         and l.database = (select oid from pg_database where datname = current_database())
                         and l.classid = $1::int::oid and l.objid = hashtext(r.instance_id)::oid) as held`,
      [LIVENESS_LOCK_NAMESPACE, runId],
    );
    return rows[0]?.held === true;
  } finally {
    await client.end();
  }
};

/** The run row's OpenTelemetry context (written at admission while traces are on). */
const runTraceContext = async (runId: string): Promise<{ traceparent: string }> => {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ trace_context: { traceparent: string } }>('select trace_context from chat_runs where run_id = $1', [runId]);
    return rows[0]!.trace_context;
  } finally {
    await client.end();
  }
};

const activeIds = async (target: number | 'proxy') => {
  const listed = await cluster.api(target, 'GET', '/api/chat/runs/active?agentId=ada');
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return (listed.body.runs as Array<{ runId: string }>).map((r) => r.runId);
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  otlp = await startOtlpReceiver();
  cluster = await startCluster({
    processes: 3,
    start: 'first-alone',
    env: { SVC_OTEL_TRACES: 'true', OTEL_TRACES_SAMPLER: 'always_on', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
  const created = await cluster.api(0, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await cluster.api(0, 'POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const selected = await cluster.api(0, 'PUT', '/api/agents/ada/model-selection', { connectionId: created.body.connection.id, model: 'gpt-test' });
  expect(selected.status, JSON.stringify(selected.body)).toBe(200);
  expect((await cluster.api(0, 'PUT', '/api/mod-management/chat/settings', { staleRunAfterMs: STALE_RUN_AFTER_MS })).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
  await otlp?.close();
  await spender?.close();
});

/** The exported span of `runId` named `name` (polled: each process exports on its own). */
const exported = (name: string, runId: string) =>
  until(
    () => otlp.spans.find((s) => s.name === name && s.attributes['svc.run.id'] === runId),
    (span) => span !== undefined,
    `the exported ${name} span of ${runId}`,
  ).then((span) => span!);

it('a streamed turn on one process is listed through every process and the proxy, and cancelled through another', async () => {
  fake.chat(hangingAnswer());
  const turn = streamTurn(cluster.base(0), { agentId: 'ada', sessionId: 'cancel', message: 'take your time', runId: 'run-cancel-x' });
  const runId = await turn.started;
  for (const target of [0, 1, 2, 'proxy', 'proxy', 'proxy'] as const) {
    await until(
      () => activeIds(target),
      (ids) => ids.includes(runId),
      `${target} lists the run`,
    );
  }
  const cancel = await cluster.api(1, 'POST', `/api/chat/${runId}/cancel`, { agentId: 'ada', reason: 'changed my mind' });
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
  expect(cancel.body).toMatchObject({ ok: true, runId });
  const events = await turn.ended;
  expect(events.filter((e) => TERMINAL.includes(e.type)).map((e) => e.type)).toEqual(['run.cancelled']);
  for (const target of [0, 1, 2] as const)
    await until(
      () => activeIds(target),
      (ids) => !ids.includes(runId),
      `${target} no longer lists the run`,
    );
  expect((await cluster.api(2, 'GET', `/api/traces/${runId}`)).body.trace).toMatchObject({ status: 'cancelled' });
  // The cancel written by process 1 is in the trace of the run process 0 runs.
  const run = await exported('invoke_agent ada', runId);
  const cancelSpan = await exported('cancel_run ada', runId);
  expect([cancelSpan.traceId, cancelSpan.parentSpanId]).toEqual([run.traceId, run.spanId]);
});

it('steering sent through another process is delivered at the run’s next boundary', async () => {
  // The tool call arrives slowly (three writes a second apart), so the steering is stored while
  // the first model call streams, with room for a loaded machine.
  fake.chat(toolAnswer([{ name: 'workspace_list', args: { path: '.' } }], { delayMs: 1_000 }));
  fake.chat(textAnswer(['short', ' version']));
  const turn = streamTurn(cluster.base(0), { agentId: 'ada', sessionId: 'steer', message: 'list the files', runId: 'run-steer-x' });
  const runId = await turn.started;
  const steer = await cluster.api(2, 'POST', `/api/chat/${runId}/steer`, { agentId: 'ada', sessionId: 'steer', idempotencyKey: 'k-1', message: 'STEERMARK prefer the short version' });
  expect(steer.status, JSON.stringify(steer.body)).toBe(201);
  const events = await turn.ended;
  expect(events.at(-1)!.type).toBe('run.completed');
  const listed = await cluster.api(1, 'GET', `/api/chat/${runId}/steering?agentId=ada&sessionId=steer`);
  expect(listed.body.items.map((i: { status: string }) => i.status)).toEqual(['delivered']);
  // The second model call carried it.
  const calls = fake.requests.filter((r) => r.path === '/v1/chat/completions');
  expect(JSON.stringify(calls.at(-1)!.body.messages)).toContain('STEERMARK');
  // One trace across the processes: the submission stored by process 2 is a child of the run's
  // span in process 0, linked to its request; the run's span notes the delivery.
  const run = await exported('invoke_agent ada', runId);
  const steerSpan = await exported('steer_run ada', runId);
  expect([steerSpan.traceId, steerSpan.parentSpanId]).toEqual([run.traceId, run.spanId]);
  const request = await until(
    () => otlp.spans.find((s) => s.spanId === steerSpan.links[0]?.spanId),
    (span) => span !== undefined,
    'the steering request span',
  );
  expect(request!.name).toBe('POST /api/chat/{runId}/steer');
  expect(request!.traceId).not.toBe(run.traceId);
  expect(run.events).toContainEqual({ name: 'steering.delivered', attributes: expect.objectContaining({ 'svc.steering.count': 1 }) });
});

it('a tool call waiting for approval on one process is queued on every process and approved through another', async () => {
  const rules = [{ id: 'ask-list', action: 'ask', agentId: 'ada', tool: 'builtin.workspace_list' }];
  expect((await cluster.api(1, 'PUT', '/api/settings/tool-approvals', { rules })).status).toBe(200);
  try {
    fake.chat(toolAnswer([{ name: 'workspace_list', args: { path: '.' } }]));
    fake.chat(textAnswer(['listed']));
    const turn = streamTurn(cluster.base(0), { agentId: 'ada', sessionId: 'approve', message: 'list the files', runId: 'run-approve-x' });
    const runId = await turn.started;
    const queued = await until(
      () => cluster.api(2, 'GET', '/api/chat/approvals?agentId=ada'),
      (res) => (res.body.approvals ?? []).some((a: { runId: string }) => a.runId === runId),
      'another process queues the waiting call',
    );
    const approvalId = queued.body.approvals.find((a: { runId: string }) => a.runId === runId).approvalId as string;
    const active = await cluster.api(1, 'GET', '/api/chat/runs/active?agentId=ada');
    expect(active.body.runs.find((r: { runId: string }) => r.runId === runId)).toMatchObject({ phase: 'approval', pendingApproval: { approvalId } });
    const decided = await cluster.api(2, 'POST', `/api/chat/${runId}/steer`, { agentId: 'ada', sessionId: 'approve', idempotencyKey: 'k-approve', decision: { approvalId, verdict: 'approve' } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(201);
    const events = await turn.ended;
    expect(events.at(-1)!.type).toBe('run.completed');
    expect(events.find((e) => e.type === 'approval.decided')?.data).toMatchObject({ approvalId, status: 'approved' });
    expect(events.find((e) => e.type === 'tool.completed')?.data).toMatchObject({ ok: true });
  } finally {
    await cluster.api(1, 'PUT', '/api/settings/tool-approvals', { rules: [] });
  }
});

it('a live run swept by the heartbeat bound while its process was stopped (its lock still held): the owner resumes, its stream ends run.failed interrupted and nothing is appended', { timeout: 90_000 }, async () => {
  // Three slow chunks: the owner is stopped (SIGSTOP) mid-answer and reads the rest once resumed.
  fake.chat(textAnswer(['one', ' two', ' three'], { delayMs: 1_500 }));
  const turn = streamTurn(cluster.base(1), { agentId: 'ada', sessionId: 'stall', message: 'count', runId: 'run-stall-x' });
  const runId = await turn.started;
  await until(
    async () => turn.events.map((e) => e.type),
    (types) => types.includes('assistant.delta'),
    'the model streams',
  );
  const owner = cluster.servers[1]!.child.pid!;
  process.kill(owner, 'SIGSTOP');
  try {
    // Stopped, not dead: its connection and lock stay, so only the heartbeat bound can sweep it.
    expect(await ownerLockHeld(runId)).toBe(true);
    // A short stale bound while the owner is stopped, so another process sweeps its run soon.
    expect((await cluster.api(0, 'PUT', '/api/mod-management/chat/settings', { staleRunAfterMs: 2_000 })).status).toBe(200);
    await until(
      () => cluster.api(0, 'GET', `/api/traces/${runId}`),
      (a) => a.body.trace?.status === 'interrupted',
      'the stopped owner’s run is swept',
      INTERRUPTED_WITHIN_MS,
    );
    expect(await ownerLockHeld(runId)).toBe(true);
    expect((await cluster.api(0, 'PUT', '/api/mod-management/chat/settings', { staleRunAfterMs: STALE_RUN_AFTER_MS })).status).toBe(200);
  } finally {
    process.kill(owner, 'SIGCONT');
  }
  // The owner finishes its answer, but the state another process wrote stands, and the stream says so.
  const events = await turn.ended;
  expect(events.filter((e) => TERMINAL.includes(e.type)).map((e) => e.type)).toEqual(['run.failed']);
  expect(events.at(-1)!.data).toMatchObject({ response: { ok: false, status: 'interrupted', error: 'chat_run_interrupted' } });
  expect((await cluster.api(2, 'GET', `/api/traces/${runId}`)).body.trace).toMatchObject({ status: 'interrupted' });
  const session = await cluster.api(2, 'GET', '/api/sessions/stall?agentId=ada');
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  expect(JSON.stringify(session.body)).not.toContain('three');
});

// Before the kill -9 below: it needs all three processes.
it('50 concurrent runs through three processes against one budget never overspend', { timeout: 120_000 }, async () => {
  spender = await startScriptedServer({
    '/v1/chat/completions': () => ({
      events: [sseData(chatChunk({ role: 'assistant', content: 'spent' })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ prompt_tokens: 3000, completion_tokens: 1000, total_tokens: 4000 })), sseData('[DONE]')],
    }),
  });
  const created = await cluster.api(0, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: `${spender.origin}/v1`, models: [{ id: 'gpt-test', enabled: true }] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await cluster.api(0, 'POST', '/api/agents', { id: 'eve', name: 'Eve' })).status).toBe(201);
  expect((await cluster.api(0, 'PUT', '/api/agents/eve/model-selection', { connectionId: created.body.connection.id, model: 'gpt-test' })).status).toBe(200);
  // Each call reserves its prompt estimate + 4,096 output tokens and uses 4,000.
  const limit = 30_000;
  expect((await cluster.api(0, 'POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'eve', period: 'day', maxTokens: limit })).status).toBe(201);
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => cluster.api(i % 3, 'POST', '/api/chat', { agentId: 'eve', sessionId: `spend-${i}`, message: 'go' })));
  const ok = results.filter((r) => r.body.ok === true).length;
  const refused = results.filter((r) => r.body.error === 'budget_exhausted').length;
  expect(ok + refused, JSON.stringify(results.find((r) => r.body.ok !== true && r.body.error !== 'budget_exhausted')?.body)).toBe(50);
  expect(ok).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
  // Refused calls never reached the model; what ran is exactly what the budget counted.
  expect(spender.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(ok);
  const budget = (await cluster.api(1, 'GET', '/api/settings/budgets/agent-eve-day')).body.budget;
  expect(budget.current).toMatchObject({ spentTokens: ok * 4000, reservedTokens: 0 });
  expect(budget.current.spentTokens).toBeLessThanOrEqual(limit);
});

it('kill -9 of the process running a streamed turn: its lock goes with it, another marks the run interrupted within seconds and its pending steering follow_up', { timeout: 90_000 }, async () => {
  // A stale bound of minutes: the heartbeat sweep cannot mark the run before the deadline below.
  expect((await cluster.api(0, 'PUT', '/api/mod-management/chat/settings', { staleRunAfterMs: STALE_BOUND_OUT_OF_REACH_MS })).status).toBe(200);
  fake.chat(hangingAnswer());
  const turn = streamTurn(cluster.base(2), { agentId: 'ada', sessionId: 'crash', message: 'long work', runId: 'run-crash-x' });
  const runId = await turn.started;
  // Killed mid-answer: the model call is under way (else the hanging answer waits for the next turn).
  await until(
    async () => turn.events.map((e) => e.type),
    (types) => types.includes('assistant.delta'),
    'the model streams',
  );
  // No boundary comes while the model hangs: the steering stays pending.
  const steer = await cluster.api(0, 'POST', `/api/chat/${runId}/steer`, { agentId: 'ada', sessionId: 'crash', idempotencyKey: 'k-crash', message: 'and then stop' });
  expect(steer.status, JSON.stringify(steer.body)).toBe(201);
  expect(await ownerLockHeld(runId)).toBe(true);
  const killedAt = Date.now();
  await cluster.kill(2);
  const trace = await until(
    () => cluster.api(0, 'GET', `/api/traces/${runId}`),
    (a) => a.body.trace?.status === 'interrupted',
    'the run is marked interrupted by a surviving process through the freed lock',
    DEPARTED_WITHIN_MS,
  );
  console.log(`kill -9 to the run read interrupted through another process: ${Date.now() - killedAt} ms (stale bound ${STALE_BOUND_OUT_OF_REACH_MS} ms)`);
  expect(trace.body.trace).toMatchObject({ status: 'interrupted', error: { code: 'chat_run_interrupted', message: expect.stringContaining('the process that ran it stopped before the run ended') } });
  const cut = await turn.ended;
  expect(cut.some((e) => TERMINAL.includes(e.type))).toBe(false);
  const steering = await until(
    () => cluster.api(1, 'GET', `/api/chat/${runId}/steering?agentId=ada&sessionId=crash`),
    (a) => a.body.items?.[0]?.status === 'follow_up',
    'the pending steering becomes follow_up',
  );
  expect(steering.body.items.map((i: { status: string }) => i.status)).toEqual(['follow_up']);
  // The run's own span died with its process; the survivor that marked it ends its trace, from the row's context.
  const context = await runTraceContext(runId);
  const interrupt = await exported('interrupt_run ada', runId);
  expect(`00-${interrupt.traceId}-${interrupt.parentSpanId}-01`).toBe(context.traceparent);
  expect(interrupt.attributes).toMatchObject({ 'error.type': 'chat_run_interrupted' });
  for (const target of [0, 1, 'proxy'] as const) expect(await activeIds(target)).not.toContain(runId);
  // The survivors go on serving turns through the proxy (the killed one is out of the rotation).
  fake.chat(textAnswer(['still here']));
  const after = await streamTurn(cluster.proxy.url, { agentId: 'ada', sessionId: 'crash', message: 'again' }).ended;
  expect(after.at(-1)!.type).toBe('run.completed');
});
