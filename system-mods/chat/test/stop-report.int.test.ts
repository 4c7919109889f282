/**
 * Stop reports through the real kernel and the fake model server: a run cancelled while a tool
 * hangs says which call was stopped and which had already taken effect — in the terminal event,
 * the stored trace and the archive's run — and a run cancelled while the model streams names
 * the model stream. A completed run has none. A run whose process died gets its report from its
 * stored events when it is marked interrupted.
 */
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, insertLeftRunning, parseNdjson, startChatKit, textAnswer, toolAnswer, until, type ChatKit, type StreamEvent } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit();
  const grants = { tools: [{ connectionId: 'mod.chat-tools', toolName: 'wait' }] };
  expect((await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', grants))).status).toBe(200);
});
afterAll(() => kit?.close());

/** A streamed turn over a real socket: its events as they arrive, and the whole list at the end. */
async function streamTurn(body: Record<string, unknown>): Promise<{ events: StreamEvent[]; ended: Promise<StreamEvent[]> }> {
  const url = await kit.t.kernel.listen();
  const events: StreamEvent[] = [];
  const ended = new Promise<StreamEvent[]>((resolve, reject) => {
    const req = http.request(`${url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' } }, (res) => {
      let buffered = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) if (line) events.push(JSON.parse(line) as StreamEvent);
      });
      res.on('end', () => resolve(events));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  return { events, ended };
}

const activeRuns = async (sessionId: string) => (await kit.t.request(`/api/chat/runs/active?agentId=ada&sessionId=${encodeURIComponent(sessionId)}`)).body.runs as Array<{ runId: string; phase: string }>;

describe('stop report', () => {
  it('a run cancelled during a hanging tool: the hanging call was stopped, the file write had taken effect', async () => {
    const workspace = path.join(kit.dataDir, 'workspaces', 'ada');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(path.join(workspace, 'plan.md'), 'old plan');
    kit.fake.chat(
      toolAnswer([
        { name: 'workspace_write', args: { path: 'plan.md', content: 'new plan' }, id: 'w1' },
        { name: 'wait', args: { ms: 30000 }, id: 'h1' },
      ]),
    );
    const turn = await streamTurn({ agentId: 'ada', sessionId: 'stop-tool', message: 'write, then wait', runId: 'run-stop-tool' });
    // Cancel once the second call is in flight: the first has completed by then (calls run in order).
    await until(
      () => turn.events,
      (events) => events.some((e) => e.type === 'tool.started' && e.data.callId === 'h1'),
      'the second tool call to start',
    );
    expect(readFileSync(path.join(workspace, 'plan.md'), 'utf8')).toBe('new plan');
    const cancel = await kit.t.request(json('POST', '/api/chat/run-stop-tool/cancel', { agentId: 'ada', reason: 'wrong plan' }));
    expect(cancel.body).toMatchObject({ ok: true, cancelRequested: true });
    const events = await turn.ended;
    const terminal = events.at(-1)!;
    expect(terminal.type).toBe('run.cancelled');
    const report = terminal.data.response.stopReport;
    expect(report).toEqual({
      stopped: {
        modelStream: null,
        toolCalls: { items: [{ callId: 'h1', name: 'wait', tool: 'mod.chat-tools.wait', kind: 'mod', category: 'tool_call', target: '{"ms":30000}', state: 'aborted' }], omitted: 0 },
      },
      tookEffect: {
        brainWrites: { items: [], omitted: 0 },
        filesWritten: {
          items: [{ callId: 'w1', name: 'workspace_write', tool: 'builtin.workspace_write', kind: 'builtin', category: 'file_write', target: 'plan.md', outputChars: expect.any(Number), durationMs: expect.any(Number) }],
          omitted: 0,
        },
        messagesSent: { items: [], omitted: 0 },
        toolCalls: { items: [], omitted: 0 },
      },
      approvals: { denied: { items: [], omitted: 0 }, waiting: { items: [], omitted: 0 } },
      limits: [],
    });

    // The stored run has the same report: the trace route and the archive's run.
    const trace = (await kit.t.request('/api/traces/run-stop-tool?agentId=ada')).body.trace;
    expect(trace.status).toBe('cancelled');
    expect(trace.response.stopReport).toEqual(report);
    const archived = (await kit.t.request('/api/archive/runs/run-stop-tool')).body.run;
    expect(archived.response.stopReport).toEqual(report);
    expect(archived.response).toMatchObject({ status: 'cancelled', error: 'chat_run_cancelled', runId: 'run-stop-tool' });
  });

  it('a run cancelled while the model streams names the model stream; a completed run has no report', async () => {
    kit.fake.chat({ silent: true });
    const stream = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'stop-model', message: 'think hard', runId: 'run-stop-model' }, true));
    await until(
      () => activeRuns('stop-model'),
      (runs) => runs[0]?.phase === 'model',
      'the run to be in its model call',
    );
    await kit.t.request(json('POST', '/api/chat/run-stop-model/cancel', { agentId: 'ada' }));
    const terminal = parseNdjson((await stream).body).at(-1)!;
    expect(terminal.type).toBe('run.cancelled');
    expect(terminal.data.response.stopReport.stopped).toEqual({
      modelStream: { modelCall: 1, round: 1, connectionId: kit.connectionId, model: 'gpt-test' },
      toolCalls: { items: [], omitted: 0 },
    });

    kit.fake.chat(textAnswer(['done']));
    const completed = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'stop-model', message: 'again', runId: 'run-complete' }));
    expect(completed.body).toMatchObject({ ok: true, status: 'completed' });
    expect(completed.body.stopReport).toBeUndefined();
    expect((await kit.t.request('/api/traces/run-complete?agentId=ada')).body.trace.response.stopReport).toBeUndefined();
  });

  it('a run a crash left running: its stored events give the report, the call that never ended is in flight', async () => {
    const knex = kit.t.kernel.database.knex;
    await insertLeftRunning(kit, 'run-crashed', 'crashed');
    const ts = new Date().toISOString();
    const stored = [
      { type: 'run.started', data: { agentId: 'ada' } },
      { type: 'model.started', data: { modelCall: 1, round: 1, connectionId: kit.connectionId, model: 'gpt-test' } },
      { type: 'model.completed', data: { modelCall: 1, round: 1, toolCalls: 2 } },
      { type: 'tool.started', data: { callId: 'b1', tool: 'mod.brains.brain_save', name: 'brain_save', kind: 'mod', arguments: { title: 'Crash notes', content: 'body' } } },
      { type: 'tool.completed', data: { callId: 'b1', tool: 'mod.brains.brain_save', name: 'brain_save', ok: true, outputChars: 80, durationMs: 4 } },
      { type: 'tool.started', data: { callId: 'm1', tool: 'mcp:mailer/send', name: 'mailer__send', kind: 'mcp', arguments: { to: 'ops@example.com', token: 'tok-SECRET' } } },
    ].map((e, i) => ({ seq: i + 1, ts, ...e }));
    await knex('chat_run_events').insert({ run_id: 'run-crashed', first_seq: 1, last_seq: stored.length, events: JSON.stringify(stored) });
    // A restart of the chat runtime sweeps what a previous process left running.
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/disable'))).status).toBe(200);
    expect((await kit.t.request(json('POST', '/api/mod-management/chat/enable'))).body.mod.status).toBe('loaded');

    const trace = (await kit.t.request('/api/traces/run-crashed?agentId=ada')).body.trace;
    expect(trace.status).toBe('interrupted');
    const report = trace.response.stopReport;
    expect(report.stopped).toEqual({
      modelStream: null,
      toolCalls: { items: [{ callId: 'm1', name: 'mailer__send', tool: 'mcp:mailer/send', kind: 'mcp', category: 'mcp_call', target: '{"to":"ops@example.com","token":"[redacted]"}', state: 'in_flight' }], omitted: 0 },
    });
    expect(report.tookEffect.brainWrites.items).toEqual([{ callId: 'b1', name: 'brain_save', tool: 'mod.brains.brain_save', kind: 'mod', category: 'brain_write', target: 'Crash notes', outputChars: 80, durationMs: 4 }]);
    expect(JSON.stringify(report)).not.toContain('tok-SECRET');
    // The resumed stream's terminal event carries the same report.
    const resumed = parseNdjson((await kit.t.inject({ method: 'GET', url: `/api/chat/runs/run-crashed/events?after=${stored.length}` })).body);
    expect(resumed.map((e) => e.type)).toEqual(['run.failed']);
    expect(resumed[0]!.data.response.stopReport).toEqual(report);
  });
});
