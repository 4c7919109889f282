/**
 * Compaction: with a model of a 2,048-token window, the session's older turns are summarised by
 * the agent's model into a stored summary (versioned, the previous archived) once the context
 * passes `compactAtPercent`; a failed or timed-out summary call falls back to dropping the
 * oldest turns; a cancel during the summary call stops the run; the agent's archive-summary
 * model selection (a second fake model server), when set, is the one asked for the summary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { SUMMARY_PROMPT } from '../src/services/context/compaction.js';
import { chatRequest, parseNdjson, startChatKit, textAnswer, until, type ChatKit, type StreamEvent } from '../../../test/kits/chat-kit.js';
import { startFakeOpenAi } from '../../../test/peers/fake-openai.js';

let kit: ChatKit;
let tinyConnection: string;

const completions = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');
const documents = ['SOUL', 'RULES', 'ORIENTATION', 'PREFERENCES', 'TOOLS', 'DREAM_MEMORY'].map((kind) => ({ kind, markdown: `${kind.toLowerCase()} in brief` }));
/** About 500 tokens by the runtime's estimate; the marker shows where the text went. */
const long = (marker: string) => `${marker} ${'lorem '.repeat(330)}`;
const notices = (events: StreamEvent[], kind: string) => events.filter((e) => e.type === 'runtime.notice' && e.data.kind === kind);
const contents = (body: any) => body.messages.map((m: any) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

async function turn(sessionId: string, message: string, answers: Array<ReturnType<typeof textAnswer>>) {
  for (const a of answers) kit.fake.chat(a);
  const res = await kit.t.inject(chatRequest({ agentId: 'ada', sessionId, message }, true));
  expect(res.statusCode).toBe(200);
  const events = parseNdjson(res.body);
  return { events, response: events.at(-1)!.data.response };
}

const context = async (sessionId: string) => {
  const res = await kit.t.request(`/api/session/context?agentId=ada&sessionId=${sessionId}`);
  expect(res.status).toBe(200);
  return res.body.context;
};

beforeAll(async () => {
  kit = await startChatKit();
  const created = await kit.t.request(
    json('POST', '/api/settings/model-connections', {
      provider: 'openai',
      apiType: 'openai-chat',
      baseUrl: kit.fake.baseUrl,
      apiKey: 'sk-tiny-SECRET-0123456789',
      models: [{ id: 'tiny', enabled: true, contextWindowOverride: 2048 }],
    }),
  );
  expect(created.status).toBe(201);
  tinyConnection = created.body.connection.id;
  expect((await kit.t.request(json('PUT', '/api/agents/ada/model-selection', { connectionId: tinyConnection, model: 'tiny' }))).status).toBe(200);
  expect((await kit.t.request(json('PUT', '/api/agents/ada/profile-documents', { documents }))).status).toBe(200);
});
afterAll(() => kit?.close());

describe('compaction', () => {
  it('summarises the older turns into a stored summary the next model calls carry instead of the turns', async () => {
    await turn('long', long('FIRST'), [textAnswer(['ok one'])]);
    await turn('long', long('SECOND'), [textAnswer(['ok two'])]);
    expect((await context('long')).compactionDue).toBe(false);

    const before = completions().length;
    const third = await turn('long', long('THIRD'), [textAnswer(['SUMMARY-ONE: two long messages, FIRST and SECOND.']), textAnswer(['ok three'])]);
    expect(third.response.ok).toBe(true);
    const [summaryCall, turnCall] = completions().slice(before);
    expect(summaryCall!.body.model).toBe('tiny');
    expect(summaryCall!.body.messages[0]).toEqual({ role: 'system', content: SUMMARY_PROMPT });
    expect(summaryCall!.body.messages[1].content).toContain('FIRST lorem');
    expect(summaryCall!.body.messages[1].content).toContain('SECOND lorem');
    expect(summaryCall!.body.messages[1].content).not.toContain('THIRD');

    const compacted = notices(third.events, 'context_compacted');
    expect(compacted).toHaveLength(1);
    expect(compacted[0]!.data).toMatchObject({ version: 1, coversThroughSeq: 4, summarisedMessages: 4, contextWindow: 2048, threshold: 1536 });
    expect(third.events.map((e) => e.type)).toEqual(expect.arrayContaining(['compaction.started', 'compaction.completed']));
    // The turn's own model call: the summary as a section, not the summarised turns.
    const sent = contents(turnCall!.body);
    expect(sent[0]).toContain('# CONVERSATION SUMMARY');
    expect(sent[0]).toContain('SUMMARY-ONE');
    expect(sent.some((c: string) => c.includes('FIRST lorem') || c.includes('SECOND lorem'))).toBe(false);
    expect(sent.at(-1)).toContain('THIRD lorem');
    expect(notices(third.events, 'context_trimmed')).toHaveLength(0);

    // The trace keeps the summary call.
    const trace = await kit.t.request(`/api/traces/${third.response.runId}?agentId=ada`);
    expect(trace.body.trace.events.map((e: any) => e.type)).toEqual(expect.arrayContaining(['compaction.started', 'compaction.completed']));

    const stored = await context('long');
    expect(stored.summary).toMatchObject({ version: 1, coversThroughSeq: 4, model: 'tiny', text: 'SUMMARY-ONE: two long messages, FIRST and SECOND.' });
    expect(stored.summaryVersions).toEqual([expect.objectContaining({ version: 1, generation: 0, coversThroughSeq: 4, archivedAt: null })]);
    expect(stored.summarised).toBe(4);

    // The next turn carries the same summary and no summary call is made.
    const calls = completions().length;
    await turn('long', long('FOURTH'), [textAnswer(['ok four'])]);
    expect(completions().length).toBe(calls + 1);
    expect(contents(completions().at(-1)!.body)[0]).toContain('SUMMARY-ONE');

    // A second compaction merges the previous summary; the first is archived, not deleted.
    await turn('long', long('FIFTH'), [textAnswer(['SUMMARY-TWO: FIRST to FIFTH.']), textAnswer(['ok five'])]);
    const [second, afterSecond] = completions().slice(-2);
    expect(second!.body.messages[1].content).toContain('Previous summary:\n\nSUMMARY-ONE');
    expect(second!.body.messages[1].content).toContain('THIRD lorem');
    expect(second!.body.messages[1].content).toContain('FOURTH lorem');
    expect(second!.body.messages[1].content).not.toContain('FIRST lorem');
    const sentAfter = contents(afterSecond!.body);
    expect(sentAfter[0]).toContain('SUMMARY-TWO');
    expect(sentAfter[0]).not.toContain('SUMMARY-ONE');
    expect(sentAfter.some((c: string) => c.includes('THIRD lorem'))).toBe(false);

    const again = await context('long');
    expect(again.summary).toMatchObject({ version: 2, text: 'SUMMARY-TWO: FIRST to FIFTH.' });
    expect(again.summaryVersions).toHaveLength(2);
    expect(again.summaryVersions[0]).toMatchObject({ version: 2, archivedAt: null });
    expect(again.summaryVersions[1]).toMatchObject({ version: 1, coversThroughSeq: 4 });
    expect(again.summaryVersions[1].archivedAt).toEqual(expect.any(String));
    expect(again.summary.coversThroughSeq).toBeGreaterThan(4);
  });

  it('a reset leaves the summary behind: the new generation starts without one', async () => {
    expect((await kit.t.request(json('POST', '/api/sessions/long/reset', { agentId: 'ada' }))).status).toBe(200);
    const fresh = await context('long');
    expect(fresh.summary).toBeNull();
    expect(fresh.messages).toBe(0);
    expect(fresh.summaryVersions.length).toBe(2);
    await turn('long', 'after the reset', [textAnswer(['fresh'])]);
    expect(contents(completions().at(-1)!.body)[0]).not.toContain('CONVERSATION SUMMARY');
  });

  it('a failed summary call falls back to dropping the oldest turns, and says so', async () => {
    await turn('fails', long('ONE'), [textAnswer(['a'])]);
    await turn('fails', long('TWO'), [textAnswer(['b'])]);
    const third = await turn('fails', long('THREE'), [{ status: 400, json: { error: { message: 'no summaries today' } } }, textAnswer(['c'])]);
    expect(third.response.ok).toBe(true);
    const failed = notices(third.events, 'compaction_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data.reason).toContain('no summaries today');
    expect(notices(third.events, 'context_compacted')).toHaveLength(0);
    expect(notices(third.events, 'context_trimmed')).toHaveLength(1);
    const sent = contents(completions().at(-1)!.body);
    expect(sent.some((c: string) => c.includes('ONE lorem'))).toBe(false);
    expect(sent[0]).not.toContain('CONVERSATION SUMMARY');
    const view = await context('fails');
    expect(view.summary).toBeNull();
    expect(view.summaryVersions).toEqual([]);
    expect(view.compactionDue).toBe(true);
  });

  it('a summary call past compactionTimeoutMs falls back too', async () => {
    await kit.settings({ compactionTimeoutMs: 1000 });
    try {
      await turn('slow', long('ONE'), [textAnswer(['a'])]);
      await turn('slow', long('TWO'), [textAnswer(['b'])]);
      const third = await turn('slow', long('THREE'), [{ silent: true }, textAnswer(['c'])]);
      expect(third.response.ok).toBe(true);
      expect(notices(third.events, 'compaction_failed')[0]!.data).toMatchObject({ code: 'compaction_timeout' });
      expect(
        third.response.answer ??
          third.events
            .filter((e) => e.type === 'assistant.delta')
            .map((e) => e.data.delta)
            .join(''),
      ).toContain('c');
      expect((await context('slow')).summary).toBeNull();
    } finally {
      await kit.settings({ compactionTimeoutMs: 60000 });
    }
  });

  it('a cancel during the summary call stops the run and stores no summary', async () => {
    await turn('cancel', long('ONE'), [textAnswer(['a'])]);
    await turn('cancel', long('TWO'), [textAnswer(['b'])]);
    const before = completions().length;
    kit.fake.chat({ silent: true });
    const pending = kit.t.inject(chatRequest({ agentId: 'ada', sessionId: 'cancel', message: long('THREE'), runId: 'run-compaction-cancel' }, true));
    await until(
      () => completions().length,
      (n) => n > before,
      'the summary call',
    );
    const summaryCall = completions()[before]!;
    expect(summaryCall.body.messages[0].content).toBe(SUMMARY_PROMPT);
    const cancelled = await kit.t.request(json('POST', '/api/chat/run-compaction-cancel/cancel', { agentId: 'ada' }));
    expect(cancelled.body).toMatchObject({ cancelRequested: true });
    const events = parseNdjson((await pending).body);
    expect(events.at(-1)!.type).toBe('run.cancelled');
    await summaryCall.closed;
    expect(summaryCall.closedEarly).toBe(true);
    expect(completions().length).toBe(before + 1);
    expect((await context('cancel')).summary).toBeNull();
  });

  it('asks the archive-summary model for the summary when the agent has one, and the turn model again once it is cleared', async () => {
    const cheap = await startFakeOpenAi();
    try {
      const created = await kit.t.request(
        json('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: cheap.baseUrl, models: [{ id: 'summarizer', enabled: true, contextWindowOverride: 4096 }] }),
      );
      expect(created.status).toBe(201);
      const selected = await kit.t.request(json('PUT', '/api/agents/ada/archive-summary-model-selection', { connectionId: created.body.connection.id, model: 'summarizer' }));
      expect(selected.status).toBe(200);

      await turn('cheap', long('ONE'), [textAnswer(['a'])]);
      await turn('cheap', long('TWO'), [textAnswer(['b'])]);
      const before = completions().length;
      cheap.chat(textAnswer(['CHEAP-SUMMARY of ONE and TWO.']));
      const third = await turn('cheap', long('THREE'), [textAnswer(['c'])]);
      expect(third.response.ok).toBe(true);
      // The summary went to the second server's model; the agent's own model answered the turn only.
      const summaryCalls = cheap.requests.filter((r) => r.path === '/v1/chat/completions');
      expect(summaryCalls).toHaveLength(1);
      expect(summaryCalls[0]!.body).toMatchObject({ model: 'summarizer', messages: [{ role: 'system', content: SUMMARY_PROMPT }, expect.anything()] });
      expect(summaryCalls[0]!.body.messages[1].content).toContain('ONE lorem');
      expect(
        completions()
          .slice(before)
          .map((r) => r.body.model),
      ).toEqual(['tiny']);
      expect(contents(completions().at(-1)!.body)[0]).toContain('CHEAP-SUMMARY');
      expect(third.events.find((e) => e.type === 'compaction.started')!.data).toMatchObject({ model: 'summarizer', summaryModelSource: 'archive-summary' });
      expect((await context('cheap')).summary).toMatchObject({ model: 'summarizer', text: 'CHEAP-SUMMARY of ONE and TWO.' });

      // Cleared, the turn's model summarises again.
      expect((await kit.t.request(json('PUT', '/api/agents/ada/archive-summary-model-selection', { connectionId: null }))).status).toBe(200);
      await turn('own', long('ONE'), [textAnswer(['a'])]);
      await turn('own', long('TWO'), [textAnswer(['b'])]);
      const own = await turn('own', long('THREE'), [textAnswer(['OWN-SUMMARY.']), textAnswer(['c'])]);
      expect(own.events.find((e) => e.type === 'compaction.started')!.data).toMatchObject({ model: 'tiny', summaryModelSource: 'turn' });
      expect(cheap.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
    } finally {
      await kit.t.request(json('PUT', '/api/agents/ada/archive-summary-model-selection', { connectionId: null }));
      await cheap.close();
    }
  });
});
