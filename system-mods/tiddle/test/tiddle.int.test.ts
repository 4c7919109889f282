/**
 * Tiddle through the chat runtime: a turn's residue becomes cards of its continuity scope, the
 * next turn's model call sees the newest cards within the budget, concurrent turns lose no card,
 * the settings and history routes, and an agent's deletion removing its rows. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { CONTEXT_TITLE } from '../src/services/continuity.js';
import { ContinuityHooks } from '../src/services/continuity.js';
import { services, silent, startTiddleKit, TestClock, textAnswer, until, type TiddleKit } from './kit.js';

let kit: TiddleKit;

beforeAll(async () => {
  kit = await startTiddleKit(['ada', 'bob', 'crowd', 'gone']);
});
afterAll(() => kit?.close());

const chat = (body: Record<string, unknown>) => kit.t.request(json('POST', '/api/chat', body));
const cards = (agentId: string, query = '') => kit.t.request(`/api/tiddle/cards?agentId=${agentId}${query}`);
/** The agent's cards once there are `count` of them. */
const cardsOnce = (agentId: string, count: number, query = '') =>
  until(
    () => cards(agentId, query),
    (res) => res.body.cards?.length >= count,
    `${count} cards of ${agentId}`,
  );

/** The text of the system/context messages of a recorded model request. */
function contextOf(request: { body: any }): string {
  return (request.body.messages as Array<{ role: string; content: unknown }>)
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

describe('cards from finished turns', () => {
  it('appends decisions, open questions and tasks of a turn to its continuity scope', async () => {
    kit.fake.chat(textAnswer('Sounds good. We decided to ship the beta on Friday. You need to update the changelog first.'));
    const res = await chat({ agentId: 'ada', sessionId: 's1', continuityScope: 'launch', message: 'Should we invite the design team? TODO: book the demo room.' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');

    const listed = await cardsOnce('ada', 4, '&scope=launch');
    expect(listed.status).toBe(200);
    expect(listed.body.cards.map((c: any) => `${c.kind}: ${c.text}`)).toEqual([
      'task: You need to update the changelog first.',
      'decision: We decided to ship the beta on Friday.',
      'task: book the demo room.',
      'question: Should we invite the design team?',
    ]);
    expect(listed.body.cards[0]).toMatchObject({ agentId: 'ada', scope: 'launch', runId: res.body.runId, sessionId: 's1', curatedAt: null });
    expect(listed.body.scopes).toEqual(['launch']);
  });

  it('uses the default scope for a turn that named none, and ignores plain chatter', async () => {
    kit.fake.chat(textAnswer('Hello there.'));
    await chat({ agentId: 'ada', sessionId: 's2', message: 'Hi! Remember to water the plants.' });
    kit.fake.chat(textAnswer('It is sunny.'));
    await chat({ agentId: 'ada', sessionId: 's2', message: 'Nice weather today.' });
    // Runs of one session finish in order: once the second turn is listed in history, the first's cards are in.
    const listed = await cardsOnce('ada', 1, '&scope=default');
    expect(listed.body.cards.map((c: any) => c.text)).toEqual(['Remember to water the plants.']);
    expect((await cards('ada')).body.scopes).toEqual(['default', 'launch']);
  });

  it("gives the next model call the scope's newest cards, never more than the budget", async () => {
    expect((await kit.t.request(json('PUT', '/api/settings/tiddle?agentId=ada', { contextBudgetChars: 150 }))).body.tiddle).toEqual({
      cardRetentionDays: 90,
      historyRetentionDays: 180,
      contextBudgetChars: 150,
    });
    const before = kit.fake.requests.length;
    kit.fake.chat(textAnswer('Noted.'));
    await chat({ agentId: 'ada', sessionId: 's1', continuityScope: 'launch', message: 'What is next?' });
    const request = kit.fake.requests.slice(before).find((r) => r.path === '/v1/chat/completions')!;
    const context = contextOf(request);
    expect(context).toContain(CONTEXT_TITLE);
    const section = context.slice(context.indexOf('Scope "launch"'));
    // Newest first; the oldest card does not fit in 150 characters.
    expect(section).toContain('You need to update the changelog first.');
    expect(section).not.toContain('Should we invite the design team?');
    expect(section).not.toContain('water the plants');
    const contributed = section
      .split('\n')
      .filter((l) => l.startsWith('Scope "launch"') || l.startsWith('- ['))
      .join('\n');
    expect(contributed.length).toBeLessThanOrEqual(150);

    await kit.t.request(json('PUT', '/api/settings/tiddle?agentId=ada', { contextBudgetChars: 0 }));
    const mark = kit.fake.requests.length;
    kit.fake.chat(textAnswer('Noted.'));
    await chat({ agentId: 'ada', sessionId: 's1', continuityScope: 'launch', message: 'Anything else' });
    expect(contextOf(kit.fake.requests.slice(mark).find((r) => r.path === '/v1/chat/completions')!)).not.toContain(CONTEXT_TITLE);
  });

  it('gives the very next model call a card the previous turn left (the context is read again after every write)', async () => {
    await kit.t.request(json('PUT', '/api/settings/tiddle?agentId=ada', { contextBudgetChars: 2000 }));
    const first = kit.fake.requests.length;
    kit.fake.chat(textAnswer('Fine.'));
    await chat({ agentId: 'ada', sessionId: 's2', continuityScope: 'fresh', message: 'Hello there.' });
    expect(contextOf(kit.fake.requests.slice(first).find((r) => r.path === '/v1/chat/completions')!)).not.toContain('Scope "fresh"');
    kit.fake.chat(textAnswer('Agreed.'));
    await chat({ agentId: 'ada', sessionId: 's2', continuityScope: 'fresh', message: 'We decided to ship the beta on Friday.' });
    const next = kit.fake.requests.length;
    kit.fake.chat(textAnswer('Yes.'));
    await chat({ agentId: 'ada', sessionId: 's2', continuityScope: 'fresh', message: 'Anything open?' });
    expect(contextOf(kit.fake.requests.slice(next).find((r) => r.path === '/v1/chat/completions')!)).toContain('We decided to ship the beta on Friday.');
  });

  it('loses no card when many turns of one agent finish at once', async () => {
    const turns = Array.from({ length: 16 }, (_, i) => chat({ agentId: 'crowd', sessionId: `c${i}`, noCallModel: true, message: `TODO: item number ${i} for the crowd` }));
    const results = await Promise.all(turns);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const listed = await cardsOnce('crowd', 16, '&limit=500');
    expect(listed.body.cards).toHaveLength(16);
    expect(new Set(listed.body.cards.map((c: any) => c.text))).toEqual(new Set(Array.from({ length: 16 }, (_, i) => `item number ${i} for the crowd`)));
    expect(listed.body.cards.map((c: any) => c.seq).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('serializes concurrent appends of one agent: every card kept, sequence without gaps', async () => {
    const { db, cards: store } = services(kit.knex, kit.t.kernel.database.driver as 'pglite' | 'postgres', new TestClock(Date.now()), {
      settings: { enabled: false, schedule: '* * * * *', reviewWindowDays: 1, maxItemsPerRun: 1, reviewAgentBrainWrites: 'off' },
      timezone: 'UTC',
    });
    const hooks = new ContinuityHooks(db, store, silent);
    const appended = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        hooks.runFinished({
          agentId: 'bob',
          sessionId: `p${i}`,
          runId: `run-${i}`,
          status: 'completed',
          continuityScope: i % 2 ? 'odd' : 'even',
          userText: `We decided on option ${i}.`,
          assistantText: `You need to confirm option ${i}.`,
        }),
      ),
    );
    expect(appended.map((a) => a.length)).toEqual(appended.map(() => 2));
    const all = await store.list('bob', { limit: 500 });
    expect(all).toHaveLength(80);
    expect(all.map((c) => c.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
  });
});

describe('routes', () => {
  it('reads settings (defaults), refuses unknown fields and agents', async () => {
    expect((await kit.t.request('/api/settings/tiddle?agentId=bob')).body).toEqual({
      ok: true,
      agentId: 'bob',
      tiddle: { cardRetentionDays: 90, historyRetentionDays: 180, contextBudgetChars: 2000 },
    });
    const unknownField = await kit.t.request(json('PUT', '/api/settings/tiddle?agentId=bob', { cardRetentionDays: 30, extra: 1 }));
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error).toBe('tiddle_request_invalid');
    expect((await kit.t.request(json('PUT', '/api/settings/tiddle?agentId=bob', { cardRetentionDays: 0 }))).status).toBe(400);
    expect((await kit.t.request(json('PUT', '/api/settings/tiddle?agentId=bob', {}))).status).toBe(400);
    const nobody = await kit.t.request('/api/settings/tiddle?agentId=nobody');
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toBe('agent_not_found');
    expect((await cards('nobody')).status).toBe(404);
    expect((await cards('ada', '&limit=0')).status).toBe(400);
  });

  it("lists a card's history and the agent's history since a time", async () => {
    const [card] = (await cards('ada', '&scope=launch&limit=1')).body.cards;
    const one = await kit.t.request(`/api/tiddle/history?agentId=ada&cardId=${card.id}`);
    expect(one.status).toBe(200);
    expect(one.body.history).toEqual([expect.objectContaining({ cardId: card.id, event: 'appended', scope: 'launch', text: card.text })]);
    const oldest = (await cards('ada', '&scope=launch')).body.cards.at(-1);
    const all = await kit.t.request(`/api/tiddle/history?agentId=ada&since=${encodeURIComponent(oldest.createdAt)}&limit=2`);
    expect(all.body.history).toHaveLength(2);
    expect(all.body.history[0].id).toBeGreaterThan(all.body.history[1].id);
    const later = await kit.t.request(`/api/tiddle/history?agentId=ada&since=${encodeURIComponent(new Date(Date.parse(card.createdAt) + 1).toISOString())}`);
    expect(later.body.history.map((h: any) => h.cardId)).not.toContain(card.id);
    expect((await kit.t.request('/api/tiddle/history?agentId=ada&cardId=card_missing')).status).toBe(404);
    expect((await kit.t.request('/api/tiddle/history?agentId=ada&since=yesterday')).status).toBe(400);
  });

  it("removes the agent's cards, history and candidates with the agent", async () => {
    await chat({ agentId: 'gone', sessionId: 'g', noCallModel: true, message: 'We decided to archive the old wiki pages.' });
    expect((await cardsOnce('gone', 1)).body.cards).toHaveLength(1);
    expect((await kit.t.request(json('POST', '/api/memory/curator/run', { agentId: 'gone' }))).body.proposed).toBe(1);
    expect((await kit.t.request(json('DELETE', '/api/agents/gone'))).status).toBeLessThan(300);
    for (const table of ['tiddle_cards', 'tiddle_history', 'tiddle_candidates', 'tiddle_settings']) {
      expect(Number((await kit.knex(table).where({ agent_id: 'gone' }).count('* as n').first())!.n), table).toBe(0);
    }
  });
});
