/**
 * What the model sees: profile documents, assigned skills, history trimmed to the context
 * window, and granted MCP tools from a real MCP server (stdio) called through the tool loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEnd, messageStart, sseEvent, startFakeAnthropic, textBlock } from '../../../test/peers/fake-anthropic.js';
import { stdioServerCommand } from '../../../test/peers/mcp-servers/stdio-server.js';
import { json } from '../../../test/helpers.js';
import { chatRequest, parseNdjson, startChatKit, textAnswer, toolAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
beforeAll(async () => {
  kit = await startChatKit();
});
afterAll(() => kit?.close());

const lastCall = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
const documents = (soul: string) => ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: kind === 'SOUL' ? soul : `${kind.toLowerCase()} text` }));

describe('context', () => {
  it('puts the profile documents and assigned skills in the system message', async () => {
    expect((await kit.t.request(json('PUT', '/api/agents/ada/profile-documents', { documents: documents('A careful archivist.') }))).status).toBe(200);
    expect((await kit.t.request(json('POST', '/api/settings/skills', { id: 'haiku', name: 'Haiku', description: 'Answer in haiku', content: 'Use 5-7-5 syllables.' }))).status).toBe(201);
    expect((await kit.t.request(json('PUT', '/api/agents/ada/skills', { skills: ['haiku'] }))).status).toBe(200);
    kit.fake.chat(textAnswer(['ok']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'ctx', message: 'hello' }));
    const system = lastCall().messages[0].content as string;
    expect(system).toContain('# SOUL\n\nA careful archivist.');
    expect(system).toContain('# DREAM_MEMORY\n\ndream_memory text');
    expect(system).toContain('## Haiku (haiku)');
    expect(system).toContain('Use 5-7-5 syllables.');
    expect(system.indexOf('# SOUL')).toBeLessThan(system.indexOf('# RULES'));
  });

  it('drops the oldest turns to fit the context window, never the new message', async () => {
    // gpt-test has a 16,000-token window; each old turn is ~4,000 tokens.
    // From t3 on the history passes compactAtPercent (75%): the summary call is refused, so the
    // turn falls back to dropping the oldest turns (compaction itself: compaction.int.test.ts).
    const refusedSummary = { status: 400, json: { error: { message: 'no summary' } } };
    const long = (tag: string) => `${tag} ${'w'.repeat(16_000)}`;
    for (const tag of ['t1', 't2', 't3', 't4']) {
      if (tag === 't3' || tag === 't4') kit.fake.chat(refusedSummary);
      kit.fake.chat(textAnswer([`answer ${tag}`]));
      await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'window', message: long(tag) }));
    }
    kit.fake.chat(refusedSummary);
    kit.fake.chat(textAnswer(['fits']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'window', message: 'latest' }, true));
    const events = parseNdjson(res.body);
    const trimmed = events.find((e) => e.type === 'runtime.notice' && e.data.kind === 'context_trimmed');
    expect(trimmed?.data).toMatchObject({ contextWindow: 16000 });
    expect(events.some((e) => e.type === 'runtime.notice' && e.data.kind === 'compaction_failed')).toBe(true);
    const sent = lastCall().messages;
    const chars = sent.reduce((n: number, m: any) => n + String(m.content).length, 0);
    expect(chars / 4).toBeLessThan(16_000);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'latest' });
    // Whole turns are dropped from the oldest end: what is left starts with a user message.
    expect(sent[1].role).toBe('user');
    expect(sent.some((m: any) => String(m.content).startsWith('t1 '))).toBe(false);
    expect(sent.some((m: any) => String(m.content).startsWith('t4 '))).toBe(true);
    expect(sent[0].content).toContain('earlier messages of this session are not shown');
  });
});

describe('granted MCP tools', () => {
  it('lists only granted tools of the connection and calls them through the MCP server', async () => {
    const created = await kit.t.request(json('POST', '/api/settings/mcp-connections', { name: 'stdio tools', transport: 'stdio', ...stdioServerCommand() }));
    expect(created.status).toBe(201);
    const connectionId = created.body.connection.id as string;
    await kit.t.request(
      json('PUT', '/api/agents/ada/mcp-tools', {
        tools: [
          { connectionId, toolName: 'echo' },
          { connectionId, toolName: 'fail' },
          { connectionId, toolName: 'no-such-tool' },
        ],
      }),
    );

    const echoName = `${connectionId}__echo`.replace(/[^a-zA-Z0-9_-]/g, '_');
    const failName = `${connectionId}__fail`.replace(/[^a-zA-Z0-9_-]/g, '_');
    kit.fake.chat(
      toolAnswer([
        { name: echoName, args: { text: 'over the wire' }, id: 'm1' },
        { name: failName, args: {}, id: 'm2' },
      ]),
    );
    kit.fake.chat(textAnswer(['done']));
    const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'mcp', message: 'use mcp', runId: 'run-mcp' }, true));
    const events = parseNdjson(res.body);
    expect(events.at(-1)!.data.response.ok).toBe(true);
    const unavailable = events.find((e) => e.type === 'runtime.notice' && e.data.kind === 'tools_unavailable');
    expect(unavailable?.data.tools).toEqual([{ connectionId, toolName: 'no-such-tool', reason: 'the MCP server does not list this tool' }]);

    const firstCall = kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-2)!.body;
    const offered = firstCall.tools.map((t: any) => t.function.name);
    expect(offered).toContain(echoName);
    expect(offered).not.toContain(`${connectionId}__whoami`.replace(/[^a-zA-Z0-9_-]/g, '_'));

    const tools = lastCall().messages.filter((m: any) => m.role === 'tool');
    expect(tools[0].content).toContain('over the wire');
    expect(tools[1].content).toContain('the fail tool failed on purpose');
    const authority = (await kit.t.request('/api/traces/run-mcp/authority?agentId=ada')).body.authority.toolCalls;
    expect(authority[0]).toMatchObject({ tool: `mcp:${connectionId}/echo`, kind: 'mcp', decision: 'allowed', grant: { connectionId, toolName: 'echo' }, boundary: { mcpConnection: connectionId } });
  });

  it('tells the run when an MCP connection it uses changes state', async () => {
    const created = await kit.t.request(json('POST', '/api/settings/mcp-connections', { name: 'crashing tools', transport: 'stdio', ...stdioServerCommand() }));
    const connectionId = created.body.connection.id as string;
    await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId, toolName: 'crash' }] }));
    kit.fake.chat(toolAnswer([{ name: `${connectionId}__crash`.replace(/[^a-zA-Z0-9_-]/g, '_'), args: {}, id: 'c1' }]));
    kit.fake.chat(textAnswer(['the server went away']));
    const events = parseNdjson((await kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'mcp-states', message: 'crash it', runId: 'run-mcp-states' }, true))).body);
    const states = events.filter((e) => e.type === 'runtime.notice' && e.data.kind === 'mcp_connection_state').map((e) => e.data);
    // Listing its tools was the first contact; the crash mid-call made it fail.
    expect(states.map((s) => s.state)).toEqual(['connecting', 'ready', 'degraded']);
    expect(states[2]).toMatchObject({ connectionId, from: 'ready', failures: 1, lastError: { code: 'mcp_server_closed' } });
    expect(states[2]!.message).toContain(`MCP connection ${connectionId} is failing`);
    const completed = events.find((e) => e.type === 'tool.completed')!.data;
    expect(completed).toMatchObject({ ok: false, error: { code: 'mcp_server_closed' } });
  });
});

describe('Anthropic thinking in a tool loop', () => {
  it('hands the signed thinking blocks back with the tool results, and keeps them out of the answer', async () => {
    const anthropic = await startFakeAnthropic();
    try {
      const created = await kit.t.request(
        json('POST', '/api/settings/model-connections', {
          provider: 'anthropic',
          apiType: 'anthropic-messages',
          baseUrl: anthropic.baseUrl,
          apiKey: 'sk-ant-chat-test',
          models: [{ id: 'claude-test-1', enabled: true, reasoningEfforts: ['low', 'high'] }],
        }),
      );
      const connectionId = created.body.connection.id as string;
      await kit.t.request(json('PUT', '/api/agents/ada/mcp-tools', { tools: [{ connectionId: 'mod.chat-tools', toolName: 'echo' }] }));
      anthropic.messages({
        events: [
          messageStart(10),
          sseEvent('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
          sseEvent('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'I should echo.' } }),
          sseEvent('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'sig-abc' } }),
          sseEvent('content_block_stop', { index: 0 }),
          sseEvent('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'echo', input: {} } }),
          sseEvent('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"text":"hi"}' } }),
          sseEvent('content_block_stop', { index: 1 }),
          ...messageEnd('tool_use', 20),
        ],
      });
      anthropic.messages({ events: [messageStart(30), ...textBlock(0, 'Echoed.'), ...messageEnd('end_turn', 5)] });
      const res = await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'anthropic', message: 'echo hi', modelConnectionId: connectionId, model: 'claude-test-1', reasoningEffort: 'low' }));
      expect(res.body).toMatchObject({ ok: true, answer: 'Echoed.', modelCalls: 2 });
      const second = anthropic.requests.filter((r) => r.path === '/v1/messages').at(-1)!.body;
      expect(second.messages.at(-2)).toEqual({
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should echo.', signature: 'sig-abc' },
          { type: 'tool_use', id: 'toolu_1', name: 'echo', input: { text: 'hi' } },
        ],
      });
      expect(second.messages.at(-1).content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    } finally {
      await anthropic.close();
    }
  });
});
