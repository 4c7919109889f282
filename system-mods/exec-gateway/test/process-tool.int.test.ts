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
});

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
    fake.chat(toolCall({ command: 'sleep 300' }));
    fake.chat(text('never'));
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
