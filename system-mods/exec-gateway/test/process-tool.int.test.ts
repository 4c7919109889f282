/**
 * The process_run agent tool: an agent whose execution environment names a gateway runs a
 * command there in a chat turn (the fake OpenAI-compatible server asks for the tool), and
 * cancelling the run cancels the operation on the gateway. The tool needs a grant like any mod
 * tool (`connectionId: 'mod.exec-gateway'`). Runs on PGlite and on PostgreSQL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData, startFakeOpenAi, usageChunk, type FakeOpenAi, type ScriptedAnswer } from '../../../test/peers/fake-openai.js';
import { freePort, GatewayProcess, makeTls, until, type TlsFiles } from './kit.js';

const MODS = ['health', 'agents', 'model-connections', 'provider-openai', 'skills', 'settings', 'mcp', 'chat', 'exec-gateway'];
const base = '/api/mods/exec-gateway';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-gw-tool-'));
let t: TestKernel;
let fake: FakeOpenAi;
let tlsFiles: TlsFiles;
let gateway: GatewayProcess;

const text = (content: string): ScriptedAnswer => ({
  events: [sseData(chatChunk({ role: 'assistant', content })), sseData(chatChunk({}, 'stop')), sseData(usageChunk({ prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 })), sseData('[DONE]')],
});
const toolCall = (args: unknown, id = 'call_1'): ScriptedAnswer => ({
  events: [
    sseData(chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id, type: 'function', function: { name: 'process_run', arguments: JSON.stringify(args) } }] })),
    sseData(chatChunk({}, 'tool_calls')),
    sseData('[DONE]'),
  ],
});

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestKernel({ mods: MODS, config: { dataDir: path.join(tmp, 'data') } });
  tlsFiles = makeTls();
  const port = await freePort();
  expect((await t.request(json('PUT', `${base}/controller/tls`, { key: tlsFiles.key, cert: tlsFiles.cert }))).status).toBe(200);
  expect((await t.request(json('PUT', `${base}/controller`, { enabled: true, host: '127.0.0.1', port }))).body.controller.listening).toBe(true);
  gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'tool-gw', dir: path.join(tmp, 'gw') });
  await gateway.next('pending');
  expect((await t.request(json('POST', `${base}/pairings/tool-gw/approve`))).status).toBe(200);
  await gateway.next('authenticated');
  mkdirSync(path.join(gateway.workdir, 'project'));
  writeFileSync(path.join(gateway.workdir, 'project', 'README'), 'inside the workspace\n');

  const connection = await t.request(
    json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: 'sk-tool-test', models: [{ id: 'gpt-test', enabled: true }] }),
  );
  expect(connection.status).toBe(201);
  for (const id of ['remote', 'local']) {
    expect((await t.request(json('POST', '/api/agents', { id, name: id }))).status).toBe(201);
    expect((await t.request(json('PUT', `/api/agents/${id}/model-selection`, { connectionId: connection.body.connection.id, model: 'gpt-test' }))).status).toBe(200);
    expect((await t.request(json('PUT', `/api/agents/${id}/mcp-tools`, { tools: [{ connectionId: 'mod.exec-gateway', toolName: 'process_run' }] }))).status).toBe(200);
  }
  const env = { kind: 'remote', providerId: 'exec-gateway', targetId: 'tool-gw', workspaceRoot: '/project' };
  expect((await t.request(json('PATCH', '/api/agents/remote', { executionEnvironment: env }))).status).toBe(200);
  // The shipped policy asks before every gateway command: here only commands naming ASKME ask.
  expect((await t.request(json('PUT', '/api/settings/tool-approvals', { rules: [ASK_RULE] }))).status).toBe(200);
});

const ASK_RULE = { id: 'gateway-ask', action: 'ask', tool: 'mod.exec-gateway.process_run', command: 'ASKME' };

afterAll(async () => {
  await gateway?.stop();
  await t?.close();
  await fake?.close();
  rmSync(tmp, { recursive: true, force: true });
  if (tlsFiles) rmSync(tlsFiles.dir, { recursive: true, force: true });
});

const lastToolMessage = () => {
  const request = [...fake.requests].reverse().find((r) => r.path === '/v1/chat/completions')!;
  return (request.body.messages as Array<{ role: string; content: string }>).filter((m) => m.role === 'tool').at(-1)?.content ?? '';
};

describe('process_run', () => {
  it("runs a command on the agent's gateway, in its workspace root", async () => {
    fake.chat(toolCall({ command: 'cat README; pwd' }));
    fake.chat(text('done'));
    const res = await t.request(json('POST', '/api/chat', { agentId: 'remote', sessionId: 's1', message: 'read it' }));
    expect(res.body).toMatchObject({ ok: true, status: 'completed', answer: 'done', toolCalls: 1 });
    const output = lastToolMessage();
    expect(output).toContain('inside the workspace');
    expect(output).toContain('/project');
    const ops = (await t.request(`${base}/operations?gatewayId=tool-gw`)).body.operations;
    expect(ops[0]).toMatchObject({ state: 'completed', exitCode: 0, agentId: 'remote' });
    expect(ops[0].operationId).toMatch(/^run\./);
  });

  it('refuses an agent whose execution environment is local', async () => {
    fake.chat(toolCall({ command: 'echo nope' }));
    fake.chat(text('refused'));
    const res = await t.request(json('POST', '/api/chat', { agentId: 'local', sessionId: 's1', message: 'try' }));
    expect(res.body.answer).toBe('refused');
    expect(lastToolMessage()).toContain('gateway_agent_environment_mismatch');
    expect(gateway.events.some((e) => e.event === 'started' && String(e.operationId).includes('nope'))).toBe(false);
  });

  it('refuses a command holding NUL before anything is stored or sent', async () => {
    const before = (await t.request(`${base}/operations?gatewayId=tool-gw&limit=256`)).body.operations.length;
    fake.chat(toolCall({ command: 'echo a\u0000b' }));
    fake.chat(text('refused'));
    const res = await t.request(json('POST', '/api/chat', { agentId: 'remote', sessionId: 's3', message: 'try' }));
    expect(res.body.answer).toBe('refused');
    expect(lastToolMessage()).toContain('gateway_process_request_invalid');
    expect((await t.request(`${base}/operations?gatewayId=tool-gw&limit=256`)).body.operations).toHaveLength(before);
  });

  it('cancels the operation on the gateway when the run is cancelled', async () => {
    const mark = gateway.mark();
    // No answer after the tool: the run is cancelled during it (a queued one would answer the next test's turn).
    fake.chat(toolCall({ command: 'sleep 300' }));
    const run = t.inject({ ...json('POST', '/api/chat', { agentId: 'remote', sessionId: 's2', message: 'wait', runId: 'run-cancel' }) });
    const started = await gateway.next('started', {}, mark);
    const cancel = await t.request(json('POST', '/api/chat/run-cancel/cancel', { agentId: 'remote' }));
    expect(cancel.body).toMatchObject({ ok: true, cancelRequested: true });
    await gateway.next('exited', { operationId: started.operationId }, mark);
    const response = JSON.parse((await run).body);
    expect(response.status).toBe('cancelled');
    const op = await until(
      async () => (await t.request(`${base}/operations?gatewayId=tool-gw`)).body.operations.find((o: { operationId: string }) => o.operationId === started.operationId),
      (o) => o?.state !== 'running',
    );
    expect(op).toMatchObject({ state: 'cancelled', runId: 'run-cancel', cancelRequested: true });
  });
});

/** The pending approval of `runId`, once the run asks. */
const pendingOf = (runId: string) =>
  until(
    async () => {
      const res = await t.request('/api/chat/approvals?agentId=remote');
      return (res.body.approvals as Array<Record<string, any>>).find((a) => a.runId === runId);
    },
    (a) => a !== undefined,
  ) as Promise<Record<string, any>>;

const steer = (runId: string, idempotencyKey: string, decision: Record<string, unknown>) => t.request(json('POST', `/api/chat/${runId}/steer`, { agentId: 'remote', sessionId: 'approvals', idempotencyKey, decision }));
const operationsOf = async (runId: string) => ((await t.request(`${base}/operations?gatewayId=tool-gw&limit=256`)).body.operations as Array<{ runId: string }>).filter((o) => o.runId === runId);

describe('tool-call approvals', () => {
  it('the shipped policy asks before gateway commands; rules are validated and a bad one is refused', async () => {
    // What ships (no policy saved): gateway commands ask.
    await t.kernel.database.knex('settings_documents').where({ key: 'tool-approvals' }).delete();
    // A write that bypasses the settings mod announces itself, as another process's would.
    await t.kernel.changes.publish('settings.documents', 'tool-approvals');
    const shipped = (await t.request('/api/settings/tool-approvals')).body.toolApprovals;
    expect(shipped.rules).toContainEqual(expect.objectContaining({ id: 'gateway-commands', tool: 'mod.exec-gateway.process_run', action: 'ask' }));
    const bad = async (rules: unknown, code: string) => {
      const res = await t.request(json('PUT', '/api/settings/tool-approvals', { rules }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(code);
    };
    await bad([{ id: 'x', action: 'ask', tool: 'mod.exec-gateway.process_run', command: '(' }], 'settings_approval_rule_invalid');
    await bad([ASK_RULE, ASK_RULE], 'settings_approval_rule_invalid');
    await bad([{ id: 'x', action: 'maybe', tool: '*' }], 'request_validation_failed');
    await bad([{ id: 'x', action: 'ask' }], 'request_validation_failed');
    await bad('all', 'request_validation_failed');
    await bad([{ id: 'x', action: 'ask', tool: 'x'.repeat(301) }], 'request_validation_failed');
    const stored = await t.request(json('PUT', '/api/settings/tool-approvals', { rules: [ASK_RULE] }));
    expect(stored.body.toolApprovals).toEqual({ defaults: { builtin: 'allow', mod: 'allow', mcp: 'allow' }, rules: [ASK_RULE] });
  });

  it('ask → approve runs the tool once; a replay does nothing, a conflicting replay is 409; the trace records the decision', async () => {
    fake.chat(toolCall({ command: 'echo ASKME-approved' }, 'call_ok'));
    fake.chat(text('ran it'));
    const run = t.inject({ ...json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-approve' }) });
    const pending = await pendingOf('run-approve');
    expect(pending).toMatchObject({ tool: 'mod.exec-gateway.process_run', callId: 'call_ok', status: 'pending', rule: { id: 'gateway-ask', source: 'rule' }, arguments: { command: 'echo ASKME-approved' } });
    const active = (await t.request('/api/chat/runs/active?agentId=remote')).body.runs.find((r: { runId: string }) => r.runId === 'run-approve');
    expect(active).toMatchObject({ phase: 'approval', pendingApproval: { approvalId: pending.approvalId, tool: 'mod.exec-gateway.process_run' } });
    expect(await operationsOf('run-approve')).toHaveLength(0);

    const unknown = await steer('run-approve', 'k0', { approvalId: 'nope', verdict: 'approve' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('chat_approval_not_found');
    const first = await steer('run-approve', 'k1', { approvalId: pending.approvalId, verdict: 'approve' });
    expect(first.status).toBe(201);
    expect(first.body.approval).toMatchObject({ status: 'approved', decidedBy: { via: 'http' } });
    const response = JSON.parse((await run).body);
    expect(response).toMatchObject({ status: 'completed', answer: 'ran it', toolCalls: 1 });
    expect(lastToolMessage()).toContain('ASKME-approved');

    const replay = await steer('run-approve', 'k1', { approvalId: pending.approvalId, verdict: 'approve' });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ replayed: true, approval: { status: 'approved' } });
    const conflict = await steer('run-approve', 'k1', { approvalId: pending.approvalId, verdict: 'deny' });
    expect(conflict.status).toBe(409);
    const late = await steer('run-approve', 'k2', { approvalId: pending.approvalId, verdict: 'deny' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('chat_approval_not_pending');
    expect(await operationsOf('run-approve')).toHaveLength(1);

    const authority = (await t.request('/api/traces/run-approve/authority?agentId=remote')).body.authority;
    expect(authority.toolCalls[0]).toMatchObject({
      decision: 'allowed',
      policy: { action: 'ask', rule: { id: 'gateway-ask' }, approval: { approvalId: pending.approvalId, status: 'approved', decidedBy: { via: 'http' } } },
    });
    const events = (await t.inject('/api/chat/runs/run-approve/events')).body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(events.find((e) => e.type === 'approval.requested')?.data).toMatchObject({ approvalId: pending.approvalId, rule: { id: 'gateway-ask' }, deadline: pending.deadline });
    expect(events.find((e) => e.type === 'approval.decided')?.data).toMatchObject({ status: 'approved' });
  });

  it('ask → deny gives the model the denial with the operator’s message; the call never reaches the gateway', async () => {
    fake.chat(toolCall({ command: 'echo ASKME-denied' }, 'call_no'));
    fake.chat(text('understood'));
    const run = t.inject({ ...json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-deny' }) });
    const pending = await pendingOf('run-deny');
    expect((await steer('run-deny', 'd1', { approvalId: pending.approvalId, verdict: 'deny', message: 'not on a Friday' })).status).toBe(201);
    expect(JSON.parse((await run).body)).toMatchObject({ status: 'completed', answer: 'understood' });
    expect(lastToolMessage()).toContain('chat_tool_denied');
    expect(lastToolMessage()).toContain('not on a Friday');
    expect(await operationsOf('run-deny')).toHaveLength(0);
    expect((await t.request('/api/chat/approvals')).body.approvals).toEqual([]);
  });

  it('at the deadline the call is denied and the model told so', async () => {
    expect((await t.request(json('PUT', '/api/mod-management/chat/settings', { approvalTimeoutMs: 150, approvalPollMs: 20 }))).status).toBe(200);
    try {
      fake.chat(toolCall({ command: 'echo ASKME-late' }, 'call_late'));
      fake.chat(text('gave up'));
      const res = await t.request(json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-expire' }));
      expect(res.body).toMatchObject({ status: 'completed', answer: 'gave up' });
      expect(lastToolMessage()).toContain('chat_tool_approval_expired');
      expect(await operationsOf('run-expire')).toHaveLength(0);
      const authority = (await t.request('/api/traces/run-expire/authority?agentId=remote')).body.authority;
      expect(authority.toolCalls[0]).toMatchObject({ decision: 'blocked', policy: { approval: { status: 'expired' } } });
    } finally {
      expect((await t.request(json('PUT', '/api/mod-management/chat/settings', {}))).status).toBe(200);
    }
  });

  it('a cancelled run lists the call still waiting in its stop report', async () => {
    fake.chat(toolCall({ command: 'echo ASKME-waiting' }, 'call_wait'));
    const run = t.inject({ ...json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-wait' }) });
    const pending = await pendingOf('run-wait');
    expect((await t.request(json('POST', '/api/chat/run-wait/cancel', { agentId: 'remote' }))).body.cancelRequested).toBe(true);
    const response = JSON.parse((await run).body);
    expect(response.status).toBe('cancelled');
    expect(response.stopReport.approvals.waiting.items).toEqual([expect.objectContaining({ callId: 'call_wait', approvalId: pending.approvalId, ruleId: 'gateway-ask', state: 'waiting' })]);
    expect((await t.request('/api/chat/approvals')).body.approvals).toEqual([]);
  });

  it('approve always stores an allow rule for the agent: the same call runs unasked next time', async () => {
    fake.chat(toolCall({ command: 'echo ASKME-always' }, 'call_a1'));
    fake.chat(text('first'));
    const run = t.inject({ ...json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-always' }) });
    const pending = await pendingOf('run-always');
    expect((await steer('run-always', 'a1', { approvalId: pending.approvalId, verdict: 'approve_always' })).status).toBe(201);
    expect(JSON.parse((await run).body).status).toBe('completed');
    const rules = (await t.request('/api/settings/tool-approvals')).body.toolApprovals.rules;
    expect(rules).toContainEqual(expect.objectContaining({ action: 'allow', agentId: 'remote', tool: 'mod.exec-gateway.process_run', command: 'ASKME' }));
    fake.chat(toolCall({ command: 'echo ASKME-again' }, 'call_a2'));
    fake.chat(text('second'));
    const again = await t.request(json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-always-2' }));
    expect(again.body).toMatchObject({ status: 'completed', answer: 'second' });
    expect(lastToolMessage()).toContain('ASKME-again');
    expect((await t.request(json('PUT', '/api/settings/tool-approvals', { rules: [ASK_RULE] }))).status).toBe(200);
  });

  it('an execution boundary is a deny rule; a stored rule that cannot be applied denies (fails closed)', async () => {
    expect((await t.request(json('PUT', '/api/settings/execution-boundaries', { blockedCommandPatterns: ['FORBIDDEN'] }))).status).toBe(200);
    try {
      fake.chat(toolCall({ command: 'echo FORBIDDEN' }, 'call_b'));
      fake.chat(text('blocked'));
      await t.request(json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-boundary' }));
      expect(lastToolMessage()).toContain('chat_tool_policy_denied');
      const authority = (await t.request('/api/traces/run-boundary/authority?agentId=remote')).body.authority;
      expect(authority.toolCalls[0]).toMatchObject({ decision: 'blocked', policy: { action: 'deny', rule: { id: 'boundary:0', source: 'boundary' } } });
    } finally {
      await t.request(json('PUT', '/api/settings/execution-boundaries', { blockedCommandPatterns: [] }));
    }

    // A rule stored by another version (or by hand) whose pattern does not compile.
    const broken = { defaults: { builtin: 'allow', mod: 'allow', mcp: 'allow' }, rules: [{ id: 'broken', action: 'allow', tool: 'mod.exec-gateway.process_run', command: '(' }] };
    await t.kernel.database
      .knex('settings_documents')
      .where({ key: 'tool-approvals' })
      .update({ value: JSON.stringify(broken) });
    await t.kernel.changes.publish('settings.documents', 'tool-approvals');
    try {
      fake.chat(toolCall({ command: 'echo fine' }, 'call_i'));
      fake.chat(text('denied'));
      await t.request(json('POST', '/api/chat', { agentId: 'remote', sessionId: 'approvals', message: 'go', runId: 'run-invalid' }));
      expect(lastToolMessage()).toContain('chat_tool_policy_denied');
      expect(await operationsOf('run-invalid')).toHaveLength(0);
      const authority = (await t.request('/api/traces/run-invalid/authority?agentId=remote')).body.authority;
      expect(authority.toolCalls[0].policy).toMatchObject({ action: 'deny', rule: { id: 'invalid:broken', source: 'invalid' } });
    } finally {
      expect((await t.request(json('PUT', '/api/settings/tool-approvals', { rules: [ASK_RULE] }))).status).toBe(200);
    }
  });
});
