/**
 * Chat turns end to end over the fake OpenAI-compatible server: JSON and NDJSON replies,
 * context, transcript, the tool loop with its guards, and every refusal before a stream byte.
 * Traces are on (exported to a real OTLP/HTTP receiver) and `/metrics` is served, so a turn's
 * spans and metrics are asserted on the same kernel.
 */
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatChunk, sseData } from '../../../test/peers/fake-openai.js';
import { chatRequest, parseNdjson, startChatKit, textAnswer, toolAnswer, tracingTo, type ChatKit } from '../../../test/kits/chat-kit.js';
import { until } from '../../../test/kits/until.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../test/peers/otlp-receiver.js';

let kit: ChatKit;
let otlp: OtlpReceiver;
beforeAll(async () => {
  otlp = await startOtlpReceiver();
  kit = await startChatKit({ agents: ['ada', 'bob'], mods: ['diagnostics'], config: tracingTo(otlp.endpoint) });
});
afterAll(async () => {
  await kit?.close();
  await otlp?.close();
});

const lastChatRequest = () => [...kit.fake.requests].reverse().find((r) => r.path === '/v1/chat/completions')!;

describe('a turn', () => {
  it('answers as JSON with its own ok, and persists the transcript', async () => {
    kit.fake.chat(textAnswer(['Hel', 'lo ', 'there']));
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'json-1', message: 'Hi!' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, status: 'completed', agentId: 'ada', sessionId: 'json-1', answer: 'Hello there', modelCalls: 1, toolCalls: 0 });
    expect(res.body.usage).toMatchObject({ inputTokens: 11, outputTokens: 7 });
    expect(res.body.runId).toMatch(/^run_/);

    const sent = lastChatRequest().body;
    expect(sent.model).toBe('gpt-test');
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('You are ADA');
    // another mod's beforeModelCall contribution is part of the context
    expect(sent.messages[0].content).toContain('remembered for ada');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hi!' });
    expect(JSON.stringify(sent)).not.toContain('SECRET');

    const session = await kit.t.request('/api/sessions/json-1?agentId=ada');
    expect(session.status).toBe(200);
    expect(session.body.session).toMatchObject({ agentId: 'ada', sessionId: 'json-1', title: 'Hi!', messageCount: 2, generation: 0 });
    expect(session.body.messages.map((m: any) => [m.seq, m.role, m.content])).toEqual([
      [1, 'user', 'Hi!'],
      [2, 'assistant', 'Hello there'],
    ]);
  });

  it('streams NDJSON: headers, event envelope, deltas that add up to the persisted answer, one terminal event', async () => {
    kit.fake.chat(textAnswer(['Ström', 'ing ', '✓ done']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'stream-1', message: 'stream please', runId: 'run-stream-1' }, true));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['x-accel-buffering']).toBe('no');
    const events = parseNdjson(res.body);
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual(['data', 'runId', 'seq', 'sessionId', 'ts', 'type']);
      expect(e.runId).toBe('run-stream-1');
      expect(e.sessionId).toBe('stream-1');
      expect(Number.isNaN(Date.parse(e.ts))).toBe(false);
    }
    // Numbered 1, 2, … in order (the number a resumed stream starts after).
    expect(events.map((e: any) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('run.started');
    // The question rides on the first event, for a client that re-attaches to the run.
    expect(events[0]!.data).toMatchObject({ runId: 'run-stream-1', message: 'stream please', attachments: [], model: { model: expect.any(String) } });
    expect(types).toContain('route.decided');
    expect(types.indexOf('model.started')).toBeLessThan(types.indexOf('assistant.delta'));
    expect(types.indexOf('model.completed')).toBeGreaterThan(types.lastIndexOf('assistant.delta'));
    expect(types.filter((t) => t.startsWith('run.') && t !== 'run.started')).toEqual(['run.completed']);
    expect(types.at(-1)).toBe('run.completed');
    expect(types.at(-2)).toBe('verification.completed');

    const deltas = events.filter((e) => e.type === 'assistant.delta');
    expect(deltas.map((d) => d.data.delta).join('')).toBe('Ströming ✓ done');
    expect(deltas.map((d) => d.data.totalChars)).toEqual([5, 9, 15]);
    expect(deltas.every((d) => d.data.modelCall === 1)).toBe(true);
    const response = events.at(-1)!.data.response;
    expect(response).toMatchObject({ ok: true, status: 'completed', answer: 'Ströming ✓ done', runId: 'run-stream-1' });

    const session = await kit.t.request('/api/sessions/stream-1?agentId=ada');
    expect(session.body.messages.at(-1).content).toBe(response.answer);
  });

  it('keeps thoughts apart from the answer', async () => {
    kit.fake.chat({
      events: [
        'data: {"choices":[{"index":0,"delta":{"role":"assistant","reasoning_content":"thinking hard"}}]}\n\n',
        'data: {"choices":[{"index":0,"delta":{"content":"42"}}]}\n\n',
        'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
        'data: [DONE]\n\n',
      ],
    });
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'thoughts', message: 'meaning?' }, true));
    const events = parseNdjson(res.body);
    expect(
      events
        .filter((e) => e.type === 'assistant.thought')
        .map((e) => e.data.delta)
        .join(''),
    ).toBe('thinking hard');
    expect(
      events
        .filter((e) => e.type === 'assistant.delta')
        .map((e) => e.data.delta)
        .join(''),
    ).toBe('42');
    expect(events.at(-1)!.data.response.answer).toBe('42');
  });

  it('sends the session history of earlier turns and keeps turns of other sessions and agents apart', async () => {
    kit.fake.chat(textAnswer(['first answer']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'hist', message: 'first question' }));
    kit.fake.chat(textAnswer(['other agent']));
    await kit.t.request(chatRequest({ agentId: 'bob', sessionId: 'hist', message: 'bob question' }));
    kit.fake.chat(textAnswer(['second answer']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'hist', message: 'second question' }));
    const sent = lastChatRequest().body.messages.slice(1);
    expect(sent).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
    ]);
  });

  it('answers noCallModel turns without a model call', async () => {
    const before = kit.fake.requests.length;
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'nomodel', message: 'just store this', noCallModel: true }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, status: 'completed', noModel: true, answer: '', modelCalls: 0 });
    expect(kit.fake.requests.length).toBe(before);
  });

  it('answers slash commands with only a terminal event', async () => {
    const help = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'slash', message: '/help' }, true));
    const events = parseNdjson(help.body);
    expect(events.map((e) => e.type)).toEqual(['run.completed']);
    expect(events[0]!.data.response.answer).toContain('/reset');
    const model = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'slash', message: '/model' }));
    expect(model.body.answer).toContain('gpt-test');

    kit.fake.chat(textAnswer(['remembered']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'slash', message: 'before reset' }));
    const reset = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'slash', message: '/reset' }));
    expect(reset.body.answer).toContain('generation 1');
    kit.fake.chat(textAnswer(['fresh']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'slash', message: 'after reset' }));
    expect(lastChatRequest().body.messages.slice(1)).toEqual([{ role: 'user', content: 'after reset' }]);
  });

  it('uses an exact enabled model override and the per-turn preferences', async () => {
    kit.fake.chat(textAnswer(['deep']));
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'override', message: 'think', modelConnectionId: kit.connectionId, model: 'thinker', reasoningEffort: 'high', temperature: 1.5 }));
    expect(res.body).toMatchObject({ ok: true, model: { connectionId: kit.connectionId, model: 'thinker' } });
    const sent = lastChatRequest().body;
    expect(sent.model).toBe('thinker');
    expect(sent.temperature).toBe(1.5);
    expect(sent.reasoning_effort).toBe('high');
  });

  it('folds text attachments into the message, truncated at 200,000 characters, and sends images as images', async () => {
    kit.fake.chat(textAnswer(['read it']));
    const big = 'x'.repeat(200_010);
    const res = await kit.t.request(
      chatRequest({
        agentId: 'ada',
        sessionId: 'attach',
        message: 'see files',
        attachments: [
          { name: 'notes.txt', type: 'text/plain', encoding: 'base64', content: Buffer.from('hello file').toString('base64') },
          { name: 'big.txt', type: 'text/plain', content: big },
          { name: 'dot.png', type: 'image/png', encoding: 'base64', content: 'iVBORw0KGgo=' },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.notices).toEqual([{ kind: 'attachment_truncated', name: 'big.txt', keptChars: 200_000, truncatedChars: 10 }]);
    const user = lastChatRequest().body.messages.at(-1);
    const text = user.content.find((p: any) => p.type === 'text').text as string;
    expect(text).toContain('hello file');
    expect(text).toContain('[truncated: 10 more characters not included]');
    expect(text).not.toContain('x'.repeat(200_001));
    expect(user.content.find((p: any) => p.type === 'image_url').image_url.url).toBe('data:image/png;base64,iVBORw0KGgo=');

    // an image-only turn needs no message (the first turn's 200,000 characters pass the
    // compaction threshold of the 16,000-token window: a summary call comes first)
    kit.fake.chat(textAnswer(['the user sent notes and a dot']));
    kit.fake.chat(textAnswer(['a dot']));
    const imageOnly = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'attach', attachments: [{ name: 'dot.png', type: 'image/png', encoding: 'base64', content: 'iVBORw0KGgo=' }] }));
    expect(imageOnly.body.ok).toBe(true);
  });
});

describe('refusals before any stream byte', () => {
  const refused = async (body: Record<string, unknown>, status: number, error: string) => {
    const before = kit.fake.requests.length;
    const res = await kit.t.inject(chatRequest(body, true));
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    const parsed = JSON.parse(res.body);
    expect(parsed.ok).toBe(false);
    expect(parsed.error).toBe(error);
    expect(kit.fake.requests.length).toBe(before);
  };

  it('blank or missing message without an image', () => refused({ agentId: 'ada', message: '   ' }, 400, 'chat_message_required'));
  it('missing agentId', () => refused({ message: 'hi' }, 400, 'request_validation_failed'));
  it('message of the wrong type', () => refused({ agentId: 'ada', message: 42 }, 400, 'request_validation_failed'));
  it('unknown agent', () => refused({ agentId: 'nobody', message: 'hi' }, 404, 'agent_not_found'));
  it('a workspace-selection field', () => refused({ agentId: 'ada', message: 'hi', workspace: '/tmp' }, 400, 'request_validation_failed'));
  it('temperature 2.5', () => refused({ agentId: 'ada', message: 'hi', temperature: 2.5 }, 400, 'request_validation_failed'));
  it('noCallModel other than literal true', () => refused({ agentId: 'ada', message: 'hi', noCallModel: false }, 400, 'request_validation_failed'));
  it('a model override that is not enabled', () => refused({ agentId: 'ada', message: 'hi', modelConnectionId: kit.connectionId, model: 'off-model' }, 400, 'chat_model_not_enabled'));
  it('a half model override', () => refused({ agentId: 'ada', message: 'hi', model: 'gpt-test' }, 400, 'chat_model_override_incomplete'));
  it('an unknown connection', () => refused({ agentId: 'ada', message: 'hi', modelConnectionId: 'nope', model: 'gpt-test' }, 400, 'chat_model_connection_unknown'));
  it('a reasoning effort the model does not support', () =>
    refused({ agentId: 'ada', message: 'hi', modelConnectionId: kit.connectionId, model: 'thinker', reasoningEffort: 'extreme' }, 400, 'chat_reasoning_effort_unsupported'));
  it('an attachment without content', () => refused({ agentId: 'ada', message: 'hi', attachments: [{ name: 'a', type: 'text/plain' }] }, 400, 'request_validation_failed'));
  it('an image that is not base64', () => refused({ agentId: 'ada', message: 'hi', attachments: [{ name: 'a.png', type: 'image/png', encoding: 'base64', content: 'not base64!!' }] }, 400, 'chat_attachment_invalid'));
  it('image content above 30,000,000 characters', () =>
    refused({ agentId: 'ada', message: 'hi', attachments: [{ name: 'huge.png', type: 'image/png', encoding: 'base64', content: 'A'.repeat(30_000_004) }] }, 413, 'chat_attachment_too_large'));
  it('a run id used before', async () => {
    kit.fake.chat(textAnswer(['once']));
    expect((await kit.t.request(chatRequest({ agentId: 'ada', message: 'hi', runId: 'run-once' }))).status).toBe(200);
    await refused({ agentId: 'ada', message: 'again', runId: 'run-once' }, 409, 'chat_run_exists');
  });
  it('an agent without a model selection', async () => {
    expect((await kit.t.request(json('POST', '/api/agents', { id: 'nomodel', name: 'No model' }))).status).toBe(201);
    await refused({ agentId: 'nomodel', message: 'hi' }, 400, 'chat_model_not_configured');
  });
  it('a disabled agent, until it is enabled again', async () => {
    expect((await kit.t.request(json('POST', '/api/agents', { id: 'resting', name: 'Resting', enabled: false }))).status).toBe(201);
    expect((await kit.t.request(json('PUT', '/api/agents/resting/model-selection', { connectionId: kit.connectionId, model: 'gpt-test' }))).status).toBe(200);
    await refused({ agentId: 'resting', message: 'hi' }, 409, 'chat_agent_disabled');
    expect((await kit.t.request('/api/traces?agentId=resting&sessionId=default')).body.traces ?? []).toEqual([]);
    expect((await kit.t.request(json('PATCH', '/api/agents/resting', { enabled: true }))).status).toBe(200);
    kit.fake.chat(textAnswer(['awake']));
    const res = await kit.t.request(chatRequest({ agentId: 'resting', message: 'hi' }));
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe('awake');
  });
});

describe('the tool loop', () => {
  it('runs a granted mod tool and a workspace tool, returns results to the model, and traces authority', async () => {
    const workspace = path.join(kit.dataDir, 'workspaces', 'ada');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(path.join(workspace, 'notes.md'), 'the secret word is swordfish');
    expect((await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.chat-tools', toolName: 'echo' }] }))).status).toBe(200);

    kit.fake.chat(
      toolAnswer([
        { name: 'workspace_read', args: { path: 'notes.md' }, id: 'c1' },
        { name: 'echo', args: { text: 'ping' }, id: 'c2' },
      ]),
    );
    kit.fake.chat(textAnswer(['The word is swordfish']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'tools', message: 'what is the word?', runId: 'run-tools-1' }, true));
    const events = parseNdjson(res.body);
    const response = events.at(-1)!.data.response;
    expect(response).toMatchObject({ ok: true, answer: 'The word is swordfish', modelCalls: 2, toolCalls: 2 });

    const firstCall = kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-2)!.body;
    expect(firstCall.tools.map((t: any) => t.function.name).sort()).toEqual(['echo', 'workspace_list', 'workspace_read', 'workspace_write']);
    const second = lastChatRequest().body.messages;
    const toolMessages = second.filter((m: any) => m.role === 'tool');
    expect(toolMessages.map((m: any) => m.tool_call_id)).toEqual(['c1', 'c2']);
    expect(toolMessages[0].content).toContain('swordfish');
    // The tool is told who started the run (here the operator's chat turn).
    expect(JSON.parse(toolMessages[1].content)).toEqual({ echoed: 'ping', runId: 'run-tools-1', origin: { kind: 'chat' } });

    const started = events.filter((e) => e.type === 'tool.started').map((e) => e.data.tool);
    expect(started).toEqual(['builtin.workspace_read', 'mod.chat-tools.echo']);
    const completed = events.filter((e) => e.type === 'tool.completed');
    expect(completed.every((e) => e.data.ok === true)).toBe(true);
    // The head of each output streams with the event (the whole is in the transcript).
    expect(completed[0]!.data.output).toContain('swordfish');
    expect(completed[1]!.data.output).toBe(JSON.stringify({ echoed: 'ping', runId: 'run-tools-1', origin: { kind: 'chat' } }));
    expect(completed.every((e) => e.data.output.length === e.data.outputChars)).toBe(true);

    const trace = await kit.t.request('/api/traces/run-tools-1?agentId=ada');
    expect(trace.body.trace.toolCalls).toHaveLength(2);
    expect(trace.body.trace.toolCalls[0].output).toBeUndefined();
    const withOutput = await kit.t.request('/api/traces/run-tools-1?agentId=ada&output=true');
    expect(withOutput.body.trace.toolCalls[0].output).toContain('swordfish');

    const authority = await kit.t.request('/api/traces/run-tools-1/authority?agentId=ada');
    expect(authority.status).toBe(200);
    expect(JSON.stringify(authority.body)).not.toContain('swordfish');
    expect(authority.body.authority.toolCalls).toMatchObject([
      { tool: 'builtin.workspace_read', decision: 'allowed', grant: 'builtin', boundary: { workspaceRoot: workspace } },
      { tool: 'mod.chat-tools.echo', decision: 'allowed', grant: { connectionId: 'mod.chat-tools', toolName: 'echo' } },
    ]);

    // The transcript keeps the tool exchange in order.
    const session = await kit.t.request('/api/sessions/tools?agentId=ada');
    expect(session.body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
  });

  it("exports a streamed turn with one tool call as OpenTelemetry spans under the caller's trace", async () => {
    expect((await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.chat-tools', toolName: 'echo' }] }))).status).toBe(200);
    kit.fake.chat(toolAnswer([{ name: 'echo', args: { text: 'otel-secret-word' }, id: 'call-otel' }]));
    kit.fake.chat(textAnswer(['Echoed.']));
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const request = chatRequest({ agentId: 'ada', sessionId: 'otel', message: 'echo it', runId: 'run-otel-1' }, true);
    const res = await kit.t.inject({ ...request, headers: { ...request.headers, traceparent: `00-${callerTrace}-${callerSpan}-01` } });
    expect(parseNdjson(res.body).at(-1)!.data.response).toMatchObject({ ok: true, modelCalls: 2, toolCalls: 1 });
    await kit.t.kernel.tracing.flush();
    const spans = () => otlp.spans.filter((s) => s.traceId === callerTrace);
    await until(spans, (list) => list.some((s) => s.name === 'POST /api/chat'), 'the exported request span');
    expect(otlp.contentTypes[0]).toMatch(/^application\/json/);

    // HTTP request (child of the caller's span) → run → two model calls and the tool call → the sandbox-free mod tool.
    const server = spans().find((s) => s.name === 'POST /api/chat')!;
    expect(server).toMatchObject({ kind: 2, parentSpanId: callerSpan, attributes: { 'http.request.method': 'POST', 'http.route': '/api/chat', 'svc.route.id': 'chat.chat' } });
    expect(server.resource['service.name']).toBe('svc-test');
    const run = spans().find((s) => s.name === 'invoke_agent ada')!;
    expect(run.parentSpanId).toBe(server.spanId);
    expect(run.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.id': 'ada',
      'gen_ai.agent.name': 'ADA',
      'gen_ai.conversation.id': 'otel',
      'svc.run.id': 'run-otel-1',
      'svc.run.status': 'completed',
    });
    const models = spans().filter((s) => s.parentSpanId === run.spanId && s.name === 'chat gpt-test');
    expect(models).toHaveLength(2);
    for (const m of models) {
      expect(m.kind).toBe(3);
      expect(m.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-test', 'gen_ai.response.model': 'gpt-test' });
    }
    expect(models.map((m) => m.attributes['gen_ai.response.finish_reasons'])).toEqual(expect.arrayContaining([['tool_calls'], ['stop']]));
    const answered = models.find((m) => (m.attributes['gen_ai.response.finish_reasons'] as string[])[0] === 'stop')!;
    expect(answered.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 11, 'gen_ai.usage.output_tokens': 7 });
    const tool = spans().find((s) => s.name === 'execute_tool echo')!;
    expect(tool.parentSpanId).toBe(run.spanId);
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'echo',
      'gen_ai.tool.type': 'extension',
      'gen_ai.tool.call.id': 'call-otel',
      'svc.tool.id': 'mod.chat-tools.echo',
      'svc.tool.outcome': 'ok',
    });
    // Content stays out unless the operator opts in.
    expect(JSON.stringify(spans())).not.toContain('otel-secret-word');
    expect(JSON.stringify(spans())).not.toContain('echo it');

    // The run's own trace names the exported trace, for the jump between the two.
    const trace = await kit.t.request('/api/traces/run-otel-1?agentId=ada');
    expect(trace.body.trace.events.find((e: any) => e.type === 'trace.exported')?.data).toEqual({ traceId: callerTrace, spanId: run.spanId });
  });

  it('continues the run’s trace from its row: a steering submission and a resumed stream are children of the run span, linked to their requests', async () => {
    kit.fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'thinking' }))], after: 'hang' });
    const runId = 'run-otel-row';
    const turn = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'otel-row', message: 'take your time', runId }, true));
    await until(
      async () => (await kit.t.request('/api/chat/runs/active?agentId=ada&sessionId=otel-row')).body.runs as Array<{ runId: string }>,
      (runs) => runs.some((r) => r.runId === runId),
      'the run to be active',
    );
    // Requests from a client tracing in its own trace: the work lands in the run's trace, linked to the request.
    const clientTrace = '0af7651916cd43dd8448eb211c80319c';
    const headers = (span: string) => ({ traceparent: `00-${clientTrace}-${span}-01` });
    const steer = await kit.t.inject({
      ...json('POST', `/api/chat/${runId}/steer`, { agentId: 'ada', sessionId: 'otel-row', idempotencyKey: 'k-otel', message: 'shorter' }),
      headers: { 'content-type': 'application/json', ...headers('b7ad6b7169203331') },
    });
    expect(steer.statusCode).toBe(201);
    const resumed = kit.t.inject({ method: 'GET', url: `/api/chat/runs/${runId}/events?after=1`, headers: headers('c7ad6b7169203332') });
    expect((await kit.t.request(json('POST', `/api/chat/${runId}/cancel`, { agentId: 'ada' }))).status).toBe(200);
    await turn;
    await resumed;
    await kit.t.kernel.tracing.flush();
    const run = await until(
      () => otlp.spans.find((s) => s.name === 'invoke_agent ada' && s.attributes['svc.run.id'] === runId),
      (span) => span !== undefined,
      'the exported run span',
    );
    // The row carries the run span's context.
    const row = await kit.t.kernel.database.knex('chat_runs').where({ run_id: runId }).first('trace_context');
    const stored = typeof row.trace_context === 'string' ? JSON.parse(row.trace_context) : row.trace_context;
    expect(stored.traceparent).toBe(`00-${run!.traceId}-${run!.spanId}-01`);
    for (const [name, requestSpan] of [
      ['steer_run ada', 'b7ad6b7169203331'],
      ['resume_run ada', 'c7ad6b7169203332'],
    ] as const) {
      const work = otlp.spans.find((s) => s.name === name && s.attributes['svc.run.id'] === runId);
      expect(work, name).toMatchObject({ traceId: run!.traceId, parentSpanId: run!.spanId });
      // Linked to the request's server span, itself a child of the client's span.
      const request = otlp.spans.find((s) => s.kind === 2 && s.traceId === clientTrace && s.parentSpanId === requestSpan)!;
      expect(work!.links).toEqual([{ traceId: clientTrace, spanId: request.spanId }]);
    }
    expect(otlp.spans.find((s) => s.name === 'steer_run ada')!.attributes).toMatchObject({ 'svc.steering.status': 'pending', 'svc.steering.replayed': false });
    // The archive's run detail (the trace view in the UI) names the exported trace.
    expect((await kit.t.request(`/api/archive/runs/${runId}`)).body.trace.otelTraceId).toBe(run!.traceId);
  });

  it('counts runs, model calls, tokens and tool calls at /metrics with bounded labels', async () => {
    // At least the turn above (one tool call, usage on the second model call); the file's other turns add to it.
    const res = await kit.t.inject('/metrics');
    expect(res.statusCode).toBe(200);
    const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
    const value = (name: string, labels: Record<string, string>) => Number(families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? 0);
    expect(value('svc_runs_total', { status: 'completed', origin: 'chat' })).toBeGreaterThanOrEqual(1);
    expect(value('svc_model_calls_total', { agent: 'ada', provider: 'openai', model: 'gpt-test', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(value('svc_model_tokens_total', { agent: 'ada', model: 'gpt-test', type: 'input' })).toBeGreaterThanOrEqual(11);
    expect(value('svc_model_tokens_total', { agent: 'ada', model: 'gpt-test', type: 'output' })).toBeGreaterThanOrEqual(7);
    expect(value('svc_tool_calls_total', { tool: 'mod.chat-tools.echo', kind: 'mod', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(families.get('svc_runs_active')?.metrics).toEqual([{ value: '0' }]);
    // No session or run id is ever a label value (route templates name them only as `{sessionId}`).
    expect(res.body).not.toMatch(/run-otel-1|run-tools-1|="otel"|="tools"/);
  });

  it('ignores unknown query parameters (clients send agentId and sessionId everywhere) but still checks known ones and bodies', async () => {
    const trace = await kit.t.request('/api/traces/run-tools-1?agentId=ada&sessionId=tools');
    expect(trace.status).toBe(200);
    expect(trace.body.trace.toolCalls).toHaveLength(2);
    const authority = await kit.t.request('/api/traces/run-tools-1/authority?agentId=ada&sessionId=tools&view=compact');
    expect(authority.status).toBe(200);
    const session = await kit.t.request('/api/sessions/tools?agentId=ada&sessionId=tools&utm_source=x');
    expect(session.status).toBe(200);
    expect(session.body.messages.length).toBeGreaterThan(0);
    const active = await kit.t.request('/api/chat/runs/active?agentId=ada&unknown=1');
    expect(active.status).toBe(200);
    // A known parameter of the wrong type is still refused.
    const badLimit = await kit.t.request('/api/traces?agentId=ada&limit=many&sessionId=tools');
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toMatchObject({ error: 'request_validation_failed', part: 'query' });
    const badOutput = await kit.t.request('/api/traces/run-tools-1?agentId=ada&output=maybe&sessionId=tools');
    expect(badOutput.status).toBe(400);
    // Bodies stay strict: an unknown field is refused.
    const body = await kit.t.request(json('POST', '/api/sessions/tools/reset', { agentId: 'ada', unknownField: true }));
    expect(body.status).toBe(400);
    expect(body.body).toMatchObject({ error: 'request_validation_failed', part: 'body' });
  });

  it('refuses ungranted tools, invalid arguments, vetoed calls and workspace escapes, and tells the model why', async () => {
    kit.fake.chat(
      toolAnswer([
        { name: 'wait', args: {}, id: 'u1' },
        { name: 'echo', args: { text: 42 }, id: 'u2' },
        { name: 'echo', args: '{not json', id: 'u3' },
        { name: 'workspace_read', args: { path: '../../secret' }, id: 'u4' },
        { name: 'workspace_write', args: { path: 'new-file.txt', content: 'x' }, id: 'u5' },
      ]),
    );
    kit.fake.chat(textAnswer(['ok']));
    const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'refusals', message: 'try things', runId: 'run-refusals' }));
    expect(res.body.ok).toBe(true);
    const tools = lastChatRequest()
      .body.messages.filter((m: any) => m.role === 'tool')
      .map((m: any) => m.content);
    expect(tools[0]).toContain('chat_tool_not_granted');
    expect(tools[1]).toContain('tool_input_invalid');
    expect(tools[2]).toContain('tool_input_invalid');
    expect(tools[3]).toContain('chat_workspace_path_invalid');
    expect(tools[4]).toContain('chat_workspace_file_not_found');
    const authority = (await kit.t.request('/api/traces/run-refusals/authority?agentId=ada')).body.authority.toolCalls;
    expect(authority.map((c: any) => c.decision)).toEqual(['blocked', 'allowed', 'blocked', 'allowed', 'allowed']);

    await kit.t.request(
      json('PUT', '/api/agents/ada/mcp-tools', {
        tools: [
          { connectionId: 'mod.chat-tools', toolName: 'echo' },
          { connectionId: 'mod.chat-tools', toolName: 'forbidden' },
        ],
      }),
    );
    kit.fake.chat(toolAnswer([{ name: 'forbidden', args: {}, id: 'f1' }]));
    kit.fake.chat(textAnswer(['vetoed']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'refusals', message: 'forbidden', runId: 'run-veto' }));
    const veto = (await kit.t.request('/api/traces/run-veto/authority?agentId=ada')).body.authority.toolCalls[0];
    expect(veto).toMatchObject({ decision: 'blocked', reason: expect.stringContaining('forbidden by policy') });
  });

  it('writes existing workspace files within the 1 MiB bound', async () => {
    const file = path.join(kit.dataDir, 'workspaces', 'ada', 'out.txt');
    writeFileSync(file, 'old');
    kit.fake.chat(
      toolAnswer([
        { name: 'workspace_write', args: { path: 'out.txt', content: 'new content' }, id: 'w1' },
        { name: 'workspace_write', args: { path: 'out.txt', content: 'y'.repeat(1024 * 1024 + 1) }, id: 'w2' },
      ]),
    );
    kit.fake.chat(textAnswer(['written']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'write', message: 'write it' }));
    expect(readFileSync(file, 'utf8')).toBe('new content');
    const tools = lastChatRequest()
      .body.messages.filter((m: any) => m.role === 'tool')
      .map((m: any) => m.content);
    expect(tools[1]).toContain('chat_workspace_file_too_large');
  });

  it('stops identical repeated calls with the loop guard and caps tool rounds', async () => {
    await kit.settings({ maxToolRounds: 4, loopGuardRepeats: 3 });
    for (let i = 0; i < 4; i += 1) kit.fake.chat(toolAnswer([{ name: 'echo', args: { text: 'again' }, id: `l${i}` }]));
    kit.fake.chat(textAnswer(['gave up']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'loop', message: 'loop', runId: 'run-loop' }, true));
    const events = parseNdjson(res.body);
    const notices = events.filter((e) => e.type === 'runtime.notice').map((e) => e.data.kind);
    expect(notices.filter((k) => k === 'loop_guard')).toHaveLength(2);
    expect(notices).toContain('round_cap');
    const response = events.at(-1)!.data.response;
    expect(response).toMatchObject({ ok: true, answer: 'gave up', modelCalls: 5 });
    // The last call is made without tools.
    expect(lastChatRequest().body.tools).toBeUndefined();
    await kit.settings({});
  });

  it('stops a run at its model call limit and says so in its stop report', async () => {
    await kit.settings({ maxModelCalls: 2 });
    // Two answers that both call a tool again: a third call would be needed, and is not made.
    for (let i = 0; i < 2; i += 1) kit.fake.chat(toolAnswer([{ name: 'echo', args: { text: `call ${i}` }, id: `m${i}` }]));
    const chatCalls = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').length;
    const before = chatCalls();
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'calls', message: 'keep calling', runId: 'run-call-cap' }, true));
    const events = parseNdjson(res.body);
    // Two calls were made, the third was not.
    expect(chatCalls() - before).toBe(2);
    expect(events.filter((e) => e.type === 'model.started')).toHaveLength(2);
    expect(events.find((e) => e.type === 'runtime.notice' && e.data.kind === 'model_call_cap')?.data).toMatchObject({ limit: 2 });
    const response = events.at(-1)!.data.response;
    expect(response).toMatchObject({ ok: false, status: 'failed', error: 'chat_model_call_limit', modelCalls: 2 });
    expect(response.message).toContain('limit of 2 model calls');
    expect(response.stopReport.limits).toEqual([{ kind: 'model_calls', limit: 2 }]);
    // The stored run keeps it too.
    const trace = await kit.t.request('/api/traces/run-call-cap?agentId=ada');
    expect(trace.body.trace.response.stopReport.limits).toEqual([{ kind: 'model_calls', limit: 2 }]);
    await kit.settings({});
  });
});

describe('sessions and traces', () => {
  it('lists sessions with search and paging of transcripts', async () => {
    for (const m of ['alpha', 'beta', 'gamma']) {
      kit.fake.chat(textAnswer([`re ${m}`]));
      await kit.t.request(chatRequest({ agentId: 'bob', sessionId: 'paged', message: m }));
    }
    const list = await kit.t.request('/api/sessions?agentId=bob&query=gamm');
    expect(list.body.sessions.map((s: any) => s.sessionId)).toEqual(['paged']);
    expect((await kit.t.request('/api/sessions?agentId=bob&query=zzz')).body.sessions).toEqual([]);

    const latest = await kit.t.request('/api/sessions/paged?agentId=bob&limit=2');
    expect(latest.body.messages.map((m: any) => m.seq)).toEqual([5, 6]);
    expect(latest.body.page.before).toBe(5);
    const earlier = await kit.t.request('/api/sessions/paged?agentId=bob&limit=2&before=5');
    expect(earlier.body.messages.map((m: any) => m.content)).toEqual(['beta', 're beta']);
    const range = await kit.t.request('/api/sessions/paged?agentId=bob&from=1&to=3');
    expect(range.body.messages.map((m: any) => m.seq)).toEqual([1, 2, 3]);

    expect((await kit.t.request('/api/sessions/paged?agentId=bob&from=3&to=1')).body.error).toBe('chat_transcript_range_invalid');
    expect((await kit.t.request('/api/sessions/paged?agentId=bob&limit=0')).status).toBe(400);
    expect((await kit.t.request('/api/sessions/nope?agentId=bob')).body.error).toBe('chat_session_not_found');
    expect((await kit.t.request('/api/sessions/paged?agentId=ada')).status).toBe(404);
    expect((await kit.t.request('/api/sessions?agentId=ghost')).status).toBe(404);

    const traces = await kit.t.request('/api/traces?agentId=bob&sessionId=paged&limit=2');
    expect(traces.body.traces).toHaveLength(2);
    expect(traces.body.traces[0]).toMatchObject({ agentId: 'bob', sessionId: 'paged', status: 'completed' });
    // Without sessionId the list is the `default` session's (the spec), not every session's.
    expect((await kit.t.request('/api/traces?agentId=bob')).body.traces).toEqual([]);
    kit.fake.chat(textAnswer(['in default']));
    await kit.t.request(chatRequest({ agentId: 'bob', message: 'hello default' }));
    const defaults = (await kit.t.request('/api/traces?agentId=bob')).body.traces;
    expect(defaults.map((t: { sessionId: string }) => t.sessionId)).toEqual(['default']);
    expect((await kit.t.request('/api/traces/missing-run')).status).toBe(404);
    expect((await kit.t.request(`/api/traces/${traces.body.traces[0].runId}?agentId=ada`)).status).toBe(404);
  });
});
