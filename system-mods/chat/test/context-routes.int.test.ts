/**
 * The context inspector routes: what they answer is what the next model request contains (the
 * request the fake model server receives is the reference), the status summary, the per-agent
 * overview, and the refusals (missing or malformed parameters, unknown agent or session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, startChatKit, textAnswer, toolAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';

let kit: ChatKit;
const lastCall = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
const documents = (soul: string) => ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: kind === 'SOUL' ? soul : `${kind.toLowerCase()} text` }));

beforeAll(async () => {
  kit = await startChatKit();
  expect((await kit.t.request(json('PUT', '/api/agents/ada/profile-documents', { documents: documents('An exact inspector.') }))).status).toBe(200);
  // bob has no model selection: the window is the defaultContextWindow setting.
  expect((await kit.t.request(json('POST', '/api/agents', { id: 'bob', name: 'BOB' }))).status).toBe(201);
});
afterAll(() => kit?.close());

async function say(agentId: string, sessionId: string, message: string, answers = [textAnswer(['noted'])]) {
  for (const a of answers) kit.fake.chat(a);
  const res = await kit.t.request(chatRequest({ agentId, sessionId, message }));
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/session/context', () => {
  it('answers what the next model request contains', async () => {
    await say('ada', 'inspect', 'first question');
    await say('ada', 'inspect', 'second question', [toolAnswer([{ name: 'echo', args: { text: 'ping' }, id: 'e1' }]), textAnswer(['second answer'])]);

    const res = await kit.t.request('/api/session/context?agentId=ada&sessionId=inspect');
    expect(res.status).toBe(200);
    const view = res.body.context;
    expect(view).toMatchObject({
      agentId: 'ada',
      sessionId: 'inspect',
      generation: 0,
      contextWindow: 16000,
      windowSource: 'model',
      compactAtPercent: 75,
      threshold: 12000,
      dropped: 0,
      summaryVersion: null,
      compactionDue: false,
      summary: null,
    });
    expect(view.model).toEqual({ connectionId: kit.connectionId, model: 'gpt-test' });
    expect(view.sections.map((s: any) => s.kind)).toEqual(['agent', 'document', 'document', 'document', 'document', 'document', 'document', 'contribution', 'workspace']);
    const memory = view.sections.find((s: any) => s.kind === 'contribution');
    expect(memory).toMatchObject({ source: 'chat-tools', title: 'MEMORY', text: '# MEMORY (from chat-tools)\n\nremembered for ada' });
    for (const s of view.sections) expect(s.chars).toBe(s.text.length);
    expect(view.messages).toBe(view.kept);

    kit.fake.chat(textAnswer(['third answer']));
    await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'inspect', message: 'third question' }));
    const sent = lastCall().messages;
    expect(sent[0]).toEqual({ role: 'system', content: view.sections.map((s: any) => s.text).join('\n\n') });
    const history = sent.slice(1, -1).map((m: any) => ({ role: m.role, content: m.content ?? '', ...(m.tool_call_id ? { toolCallId: m.tool_call_id } : {}) }));
    expect(history).toEqual(view.keptMessages.map((m: any) => ({ role: m.role, content: m.content, ...(m.toolCallId ? { toolCallId: m.toolCallId } : {}) })));
    expect(view.keptMessages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'tool', 'assistant']);
    expect(view.keptMessages[3].toolCalls).toEqual([{ id: 'e1', name: 'echo', arguments: JSON.stringify({ text: 'ping' }) }]);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'third question' });
    // The token estimate covers the system message and the kept history.
    expect(view.tokens).toBeGreaterThan(view.keptMessages.reduce((n: number, m: any) => n + m.tokens, 0));
  });

  it('context-status is the same picture without any text', async () => {
    const full = (await kit.t.request('/api/session/context?agentId=ada&sessionId=inspect')).body.context;
    const res = await kit.t.request('/api/session/context-status?agentId=ada&sessionId=inspect');
    expect(res.status).toBe(200);
    const { sections: _s, summary: _m, summaryVersions: _v, keptMessages: _k, model: _model, ...counts } = full;
    expect(res.body.status).toEqual(counts);
    expect(res.body.status.percent).toBe(Math.round((full.tokens / 16000) * 1000) / 10);
    expect(JSON.stringify(res.body)).not.toContain('third question');
  });

  it('sessionId defaults to `default`', async () => {
    await say('ada', 'default', 'in the default session');
    const res = await kit.t.request('/api/session/context-status?agentId=ada');
    expect(res.status).toBe(200);
    expect(res.body.status).toMatchObject({ sessionId: 'default', messages: 2, kept: 2 });
  });

  it('an agent without a model selection is measured against defaultContextWindow', async () => {
    expect((await kit.t.request(chatRequest({ agentId: 'bob', sessionId: 'plain', message: 'recorded only', noCallModel: true }))).status).toBe(200);
    await kit.settings({ defaultContextWindow: 4096 });
    try {
      const res = await kit.t.request('/api/session/context-status?agentId=bob&sessionId=plain');
      expect(res.status).toBe(200);
      expect(res.body.status).toMatchObject({ contextWindow: 4096, windowSource: 'default', threshold: 3072 });
      expect((await kit.t.request('/api/session/context?agentId=bob&sessionId=plain')).body.context.model).toBeNull();
    } finally {
      await kit.settings({ defaultContextWindow: 32768 });
    }
  });
});

describe('GET /api/context', () => {
  it('lists the status of each active session of the agent, most recently updated first', async () => {
    await say('ada', 'overview-a', 'a');
    await say('ada', 'overview-b', 'b');
    const res = await kit.t.request('/api/context?agentId=ada');
    expect(res.status).toBe(200);
    expect(res.body.agentId).toBe('ada');
    const ids = res.body.sessions.map((s: any) => s.sessionId);
    expect(ids.slice(0, 2)).toEqual(['overview-b', 'overview-a']);
    expect(ids).toEqual(expect.arrayContaining(['inspect', 'default']));
    const single = (await kit.t.request('/api/session/context-status?agentId=ada&sessionId=overview-a')).body.status;
    expect(res.body.sessions.find((s: any) => s.sessionId === 'overview-a')).toEqual(single);
    expect((await kit.t.request('/api/context?agentId=bob')).body.sessions.map((s: any) => s.sessionId)).toEqual(['plain']);
  });
});

describe('refusals', () => {
  const refused = async (url: string, status: number, code: string) => {
    const res = await kit.t.request(url);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ ok: false, error: code });
  };
  for (const path of ['/api/session/context', '/api/session/context-status', '/api/context']) {
    it(`${path}: missing agentId`, () => refused(path, 400, 'request_validation_failed'));
    it(`${path}: malformed agentId`, () => refused(`${path}?agentId=${encodeURIComponent('not an id!')}`, 400, 'request_validation_failed'));
    it(`${path}: unknown agent`, () => refused(`${path}?agentId=nobody`, 404, 'agent_not_found'));
  }
  it('an oversized sessionId', () => refused(`/api/session/context?agentId=ada&sessionId=${'s'.repeat(201)}`, 400, 'request_validation_failed'));
  it('an empty sessionId', () => refused('/api/session/context-status?agentId=ada&sessionId=', 400, 'request_validation_failed'));
  it('a repeated agentId (an array, not a string)', () => refused('/api/session/context?agentId=ada&agentId=bob', 400, 'request_validation_failed'));
  it('an unknown session is 404, as GET /api/sessions/{id}', async () => {
    await refused('/api/session/context?agentId=ada&sessionId=never', 404, 'chat_session_not_found');
    await refused('/api/session/context-status?agentId=ada&sessionId=never', 404, 'chat_session_not_found');
    await refused('/api/sessions/never?agentId=ada', 404, 'chat_session_not_found');
  });
});
