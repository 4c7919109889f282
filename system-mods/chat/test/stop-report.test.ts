/** The stop report, built from a run's events alone: what was stopped and what had taken effect. */
import { describe, expect, it } from 'vitest';
import { buildStopReport, STOP_REPORT_MAX_ENTRIES, type RunEventLike } from '../src/services/run/stop-report.js';

const modelStarted = (modelCall: number, round = modelCall): RunEventLike => ({
  type: 'model.started',
  data: { modelCall, round, connectionId: 'conn-1', model: 'gpt-test', messages: 2, tools: 3 },
});
const modelCompleted = (modelCall: number): RunEventLike => ({ type: 'model.completed', data: { modelCall, round: modelCall, finishReason: 'tool_calls', chars: 0, toolCalls: 1, durationMs: 5 } });
const toolStarted = (callId: string, tool: string, args: unknown = {}): RunEventLike => {
  const kind = tool.startsWith('builtin.') ? 'builtin' : tool.startsWith('mcp:') ? 'mcp' : 'mod';
  const name = tool.split(/[./]/).at(-1)!;
  return { type: 'tool.started', data: { callId, tool, name, kind, arguments: args } };
};
const toolOk = (callId: string, tool: string, outputChars = 10): RunEventLike => ({
  type: 'tool.completed',
  data: { callId, tool, name: tool.split(/[./]/).at(-1)!, ok: true, outputChars, durationMs: 7 },
});
const toolFailed = (callId: string, tool: string, code: string): RunEventLike => ({
  type: 'tool.completed',
  data: { callId, tool, name: tool.split(/[./]/).at(-1)!, ok: false, error: { code, message: code }, durationMs: 3 },
});

describe('buildStopReport', () => {
  it('a model stream without its completion was stopped; nothing took effect', () => {
    const report = buildStopReport([{ type: 'route.decided', data: {} }, modelStarted(1)]);
    expect(report.stopped.modelStream).toEqual({ modelCall: 1, round: 1, connectionId: 'conn-1', model: 'gpt-test' });
    expect(report.stopped.toolCalls).toEqual({ items: [], omitted: 0 });
    expect(report.tookEffect.toolCalls.items).toEqual([]);
  });

  it('a completed model call is not stopped; the second, open one is', () => {
    const report = buildStopReport([modelStarted(1), modelCompleted(1), toolStarted('c1', 'builtin.workspace_read', { path: 'a.md' }), toolOk('c1', 'builtin.workspace_read'), modelStarted(2)]);
    expect(report.stopped.modelStream).toMatchObject({ modelCall: 2 });
    expect(report.tookEffect.toolCalls.items).toEqual([{ callId: 'c1', name: 'workspace_read', tool: 'builtin.workspace_read', kind: 'builtin', category: 'read', target: 'a.md', outputChars: 10, durationMs: 7 }]);
  });

  it('a tool call aborted by the stop is stopped, with its category; a completed one took effect', () => {
    const report = buildStopReport([
      modelStarted(1),
      modelCompleted(1),
      toolStarted('w1', 'builtin.workspace_write', { path: 'notes/plan.md', content: 'the whole file' }),
      toolOk('w1', 'builtin.workspace_write', 32),
      toolStarted('p1', 'mod.exec-gateway.process_run', { command: 'deploy --token=abc123 prod' }),
      toolFailed('p1', 'mod.exec-gateway.process_run', 'aborted'),
    ]);
    expect(report.stopped.modelStream).toBeNull();
    expect(report.stopped.toolCalls.items).toEqual([{ callId: 'p1', name: 'process_run', tool: 'mod.exec-gateway.process_run', kind: 'mod', category: 'gateway_process', target: 'deploy', state: 'aborted' }]);
    expect(report.tookEffect.filesWritten.items).toEqual([
      { callId: 'w1', name: 'workspace_write', tool: 'builtin.workspace_write', kind: 'builtin', category: 'file_write', target: 'notes/plan.md', outputChars: 32, durationMs: 7 },
    ]);
    // The file's content and the command's arguments are not in the report.
    expect(JSON.stringify(report)).not.toContain('the whole file');
    expect(JSON.stringify(report)).not.toContain('abc123');
  });

  it('sorts completed calls by what they did: Brain writes, files, and the rest with their category', () => {
    const report = buildStopReport([
      toolStarted('b1', 'mod.brains.brain_save', { title: 'Trip plan', content: 'secret-ish body' }),
      toolOk('b1', 'mod.brains.brain_save'),
      toolStarted('b2', 'mod.brains.brain_update', { id: 'rec-7', title: 'x', content: 'y', expectedRevision: 2 }),
      toolOk('b2', 'mod.brains.brain_update'),
      toolStarted('b3', 'mod.brains.brain_remove', { id: 'rec-8', expectedRevision: 1 }),
      toolOk('b3', 'mod.brains.brain_remove'),
      toolStarted('s1', 'mod.brains.brain_search', { query: 'trip' }),
      toolOk('s1', 'mod.brains.brain_search'),
      toolStarted('m1', 'mcp:mail/send', { to: 'ops@example.com', apiKey: 'sk-live-SECRET' }),
      toolOk('m1', 'mcp:mail/send'),
      toolStarted('g1', 'mod.exec-gateway.process_run', { executable: 'make', args: ['release'] }),
      toolOk('g1', 'mod.exec-gateway.process_run'),
      toolStarted('e1', 'mod.chat-tools.echo', { text: 'hi' }),
      toolOk('e1', 'mod.chat-tools.echo'),
    ]);
    expect(report.tookEffect.brainWrites.items.map((c) => [c.name, c.target])).toEqual([
      ['brain_save', 'Trip plan'],
      ['brain_update', 'rec-7'],
      ['brain_remove', 'rec-8'],
    ]);
    expect(report.tookEffect.filesWritten.items).toEqual([]);
    expect(report.tookEffect.messagesSent.items).toEqual([]);
    expect(report.tookEffect.toolCalls.items.map((c) => [c.tool, c.category, c.target])).toEqual([
      ['mod.brains.brain_search', 'read', undefined],
      ['mcp:mail/send', 'mcp_call', '{"to":"ops@example.com","apiKey":"[redacted]"}'],
      ['mod.exec-gateway.process_run', 'gateway_process', 'make'],
      ['mod.chat-tools.echo', 'tool_call', '{"text":"hi"}'],
    ]);
    expect(JSON.stringify(report)).not.toContain('sk-live-SECRET');
    expect(JSON.stringify(report)).not.toContain('secret-ish body');
  });

  it('a run whose process died: a tool call started and never ended is in flight', () => {
    const report = buildStopReport([
      modelStarted(1),
      modelCompleted(1),
      toolStarted('c1', 'mcp:files/upload', { name: 'report.pdf' }),
      toolOk('c1', 'mcp:files/upload'),
      toolStarted('c2', 'mcp:files/upload', { name: 'second.pdf' }),
    ]);
    expect(report.stopped.modelStream).toBeNull();
    expect(report.stopped.toolCalls.items).toEqual([{ callId: 'c2', name: 'upload', tool: 'mcp:files/upload', kind: 'mcp', category: 'mcp_call', target: '{"name":"second.pdf"}', state: 'in_flight' }]);
    expect(report.tookEffect.toolCalls.items.map((c) => c.callId)).toEqual(['c1']);
  });

  it('calls refused before they ran or failed on their own are neither stopped nor effects', () => {
    const report = buildStopReport([
      toolStarted('v1', 'mod.chat-tools.forbidden'),
      toolFailed('v1', 'mod.chat-tools.forbidden', 'chat_tool_vetoed'),
      toolStarted('t1', 'builtin.workspace_write', { path: 'big.txt', content: 'x' }),
      toolFailed('t1', 'builtin.workspace_write', 'chat_workspace_file_too_large'),
    ]);
    expect(report.stopped.toolCalls.items).toEqual([]);
    expect(Object.values(report.tookEffect).flatMap((l) => l.items)).toEqual([]);
  });

  it('matches a completion to its own start when model call ids repeat across rounds', () => {
    const report = buildStopReport([
      toolStarted('call_1', 'builtin.workspace_write', { path: 'a.txt', content: '1' }),
      toolOk('call_1', 'builtin.workspace_write'),
      toolStarted('call_1', 'mod.chat-tools.wait', { ms: 30000 }),
      toolFailed('call_1', 'mod.chat-tools.wait', 'aborted'),
    ]);
    expect(report.tookEffect.filesWritten.items.map((c) => c.target)).toEqual(['a.txt']);
    expect(report.stopped.toolCalls.items).toMatchObject([{ tool: 'mod.chat-tools.wait', state: 'aborted' }]);
  });

  it('is bounded: at most the maximum entries a list, the rest counted', () => {
    const events: RunEventLike[] = [];
    for (let i = 0; i < STOP_REPORT_MAX_ENTRIES + 7; i++) events.push(toolStarted(`r${i}`, 'builtin.workspace_read', { path: `f${i}` }), toolOk(`r${i}`, 'builtin.workspace_read'));
    for (let i = 0; i < STOP_REPORT_MAX_ENTRIES + 2; i++) events.push(toolStarted(`w${i}`, 'builtin.workspace_write', { path: `w${i}`, content: '' }), toolOk(`w${i}`, 'builtin.workspace_write'));
    for (let i = 0; i < STOP_REPORT_MAX_ENTRIES + 1; i++) events.push(toolStarted(`o${i}`, 'mod.x.y'));
    const report = buildStopReport(events);
    expect(report.tookEffect.toolCalls.items).toHaveLength(STOP_REPORT_MAX_ENTRIES);
    expect(report.tookEffect.toolCalls.omitted).toBe(7);
    // Reads crowding one list never push the writes out of theirs.
    expect(report.tookEffect.filesWritten.items).toHaveLength(STOP_REPORT_MAX_ENTRIES);
    expect(report.tookEffect.filesWritten.omitted).toBe(2);
    expect(report.stopped.toolCalls.items).toHaveLength(STOP_REPORT_MAX_ENTRIES);
    expect(report.stopped.toolCalls.omitted).toBe(1);
    // Long arguments are cut short.
    const long = buildStopReport([toolStarted('l', 'mcp:c/t', { text: 'z'.repeat(1000) })]);
    expect(long.stopped.toolCalls.items[0]!.target!.length).toBeLessThanOrEqual(160);
  });
});
