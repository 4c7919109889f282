/**
 * GET /api/session/search: transcripts written by real chat turns (fake model server, real SSE),
 * plus directly inserted rows where volume is the point. Ranking, excerpts and highlights,
 * cursor paging and misuse, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRequest, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';
import { searchQuery } from '../src/services/archive/session-search.js';

let kit: ChatKit;
const search = (params: Record<string, string | number>) => kit.t.request(`/api/session/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);
const knex = () => kit.t.kernel.database.knex;

async function turn(agentId: string, sessionId: string, message: string, answer: string) {
  kit.fake.chat(textAnswer([answer]));
  const res = await kit.t.request(chatRequest({ agentId, sessionId, message }));
  expect(res.status).toBe(200);
  expect(res.body.answer).toBe(answer);
}

/** `count` rows in one session of `agentId`, oldest first, one minute apart. */
async function insertMessages(agentId: string, sessionId: string, contents: string[]) {
  await knex()('chat_sessions').insert({ agent_id: agentId, session_id: sessionId, message_count: contents.length }).onConflict(['agent_id', 'session_id']).ignore();
  await knex()('chat_messages').insert(
    contents.map((content, i) => ({
      agent_id: agentId,
      session_id: sessionId,
      seq: i + 1,
      generation: 0,
      run_id: `bulk-${sessionId}`,
      role: i % 3 === 2 ? 'tool' : i % 2 === 0 ? 'user' : 'assistant',
      content,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
}

beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada', 'bob'] });
  // Older: the exact phrase. Newer: both words, apart.
  await turn('ada', 'planning', 'Where is the quarterly budget draft?', 'The quarterly budget draft is in the shared folder.');
  await turn('ada', 'review', 'The budget is reviewed quarterly by finance.', 'Noted: finance reviews it each quarter.');
  await turn('bob', 'notes', 'Remind me about the quarterly budget meeting.', 'I will remind you about it.');
});
afterAll(() => kit?.close());

describe('ranking and results', () => {
  it('ranks exact phrase matches first, then other matches; every hit carries its ids', async () => {
    const res = await search({ q: 'quarterly budget', agentId: 'ada' });
    expect(res.status).toBe(200);
    const hits = res.body.results as any[];
    expect(hits.map((h) => [h.sessionId, h.role, h.phrase])).toEqual([
      // Both phrase hits of the planning session (rank, then the newer), then the other one.
      ...hits.filter((h) => h.phrase).map((h) => ['planning', h.role, true]),
      ['review', 'user', false],
    ]);
    expect(hits.filter((h) => h.phrase)).toHaveLength(2);
    const session = await kit.t.request('/api/sessions/planning?agentId=ada');
    const user = hits.find((h) => h.role === 'user')!;
    const stored = session.body.messages.find((m: any) => m.seq === user.seq);
    expect(user).toMatchObject({ agentId: 'ada', sessionId: 'planning', runId: stored.runId, generation: 0, createdAt: stored.createdAt });
    expect(res.body.nextCursor).toBeNull();
  });

  it('searches every agent without agentId, and one session with sessionId', async () => {
    const all = await search({ q: 'quarterly budget' });
    expect(new Set(all.body.results.map((h: any) => h.agentId))).toEqual(new Set(['ada', 'bob']));
    const one = await search({ q: 'budget', agentId: 'ada', sessionId: 'review' });
    expect(one.body.results.map((h: any) => h.sessionId)).toEqual(['review']);
  });

  it('matches case-insensitively and needs all words', async () => {
    expect((await search({ q: 'FINANCE', agentId: 'ada' })).body.results.map((h: any) => h.role).sort()).toEqual(['assistant', 'user']);
    expect((await search({ q: 'finance meeting' })).body.results).toEqual([]);
  });

  it('highlights the matched words of a plain-text excerpt of at most 240 characters', async () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40);
    await insertMessages('bob', 'long', [`${filler}the <b>Zanzibar</b> harbour plan & ${filler}`]);
    const res = await search({ q: 'zanzibar harbour', agentId: 'bob', sessionId: 'long' });
    const [hit] = res.body.results;
    expect(hit.excerpt.length).toBeLessThanOrEqual(240);
    expect(hit.excerptStart).toBeGreaterThan(0);
    expect(hit.contentLength).toBe(filler.length * 2 + 'the <b>Zanzibar</b> harbour plan & '.length);
    expect(hit.excerpt).toContain('<b>Zanzibar</b> harbour');
    expect(hit.highlights.map((h: any) => hit.excerpt.slice(h.start, h.end))).toEqual(['Zanzibar', 'harbour']);
  });

  it('scope=conversation leaves tool output out', async () => {
    await insertMessages('bob', 'scoped', ['kumquat from the user', 'kumquat from the assistant', 'kumquat from a tool']);
    const all = await search({ q: 'kumquat', agentId: 'bob' });
    expect(all.body.results.map((h: any) => h.role).sort()).toEqual(['assistant', 'tool', 'user']);
    const conversation = await search({ q: 'kumquat', agentId: 'bob', scope: 'conversation' });
    expect(conversation.body.results.map((h: any) => h.role).sort()).toEqual(['assistant', 'user']);
  });
});

describe('paging', () => {
  beforeAll(async () => {
    await insertMessages(
      'bob',
      'bulk',
      Array.from({ length: 250 }, (_, i) => `entry ${i} mentions the wombat ${i % 7 === 0 ? 'wombat wombat' : ''}`),
    );
  });

  it('pages at most 200 results with a cursor; each match comes exactly once, in rank then recency order', async () => {
    const first = await search({ q: 'wombat', agentId: 'bob', limit: 200 });
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(200);
    expect(typeof first.body.nextCursor).toBe('string');
    const second = await search({ q: 'wombat', agentId: 'bob', limit: 200, cursor: first.body.nextCursor });
    expect(second.body.results).toHaveLength(50);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.results, ...second.body.results];
    expect(new Set(all.map((h: any) => h.seq)).size).toBe(250);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      expect(a.rank > b.rank || (a.rank === b.rank && a.createdAt >= b.createdAt)).toBe(true);
    }
    // The messages naming it three times rank above the others.
    expect(all.slice(0, 36).every((h: any) => h.seq % 7 === 1)).toBe(true);
  });

  it('refuses more than 200 per page, and pages of the default size', async () => {
    expect((await search({ q: 'wombat', limit: 201 })).body.error).toBe('request_validation_failed');
    const page = await search({ q: 'wombat', agentId: 'bob' });
    expect(page.body.results).toHaveLength(50);
  });

  it('refuses a cursor used with another query, agent, session or scope, and a forged one', async () => {
    const { nextCursor } = (await search({ q: 'wombat', agentId: 'bob', limit: 10 })).body;
    const others: Array<Record<string, string>> = [
      { q: 'entry', agentId: 'bob' },
      { q: 'wombat', agentId: 'ada' },
      { q: 'wombat' },
      { q: 'wombat', agentId: 'bob', sessionId: 'bulk' },
      { q: 'wombat', agentId: 'bob', scope: 'conversation' },
    ];
    for (const params of others) {
      const res = await search({ ...params, limit: 10, cursor: nextCursor });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('chat_cursor_invalid');
    }
    const forged = `${nextCursor.slice(0, -4)}AAAA`;
    expect((await search({ q: 'wombat', agentId: 'bob', cursor: forged })).body.error).toBe('chat_cursor_invalid');
    expect((await search({ q: 'wombat', agentId: 'bob', cursor: 'not-a-cursor' })).body.error).toBe('chat_cursor_invalid');
  });

  it('the search statement uses the GIN index (no sequential scan of the messages)', async () => {
    await knex().raw('analyze chat_messages');
    const explained = await knex().transaction(async (trx) => {
      // Tiny tables make a sequential scan cheaper; forbid it to show the index matches the expression.
      await trx.raw('set local enable_seqscan = off');
      const sql = searchQuery(trx, { q: 'wombat', scope: 'all', limit: 51 }).toSQL().toNative();
      const result = await trx.raw(`explain ${sql.sql.replace(/\$(\d+)/g, '?')}`, sql.bindings as never);
      return (result.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(explained).toContain('chat_messages_search');
    expect(explained).not.toMatch(/Seq Scan on chat_messages/);
  });
});

describe('refusals', () => {
  it('404 for an unknown agent', async () => {
    const res = await search({ q: 'budget', agentId: 'nobody' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('agent_not_found');
  });

  it('400 for a missing, blank or oversized q, a wrong type, an unknown scope, or sessionId without agentId', async () => {
    for (const params of [{}, { q: '   ' }, { q: 'x'.repeat(201) }, { q: 'budget', limit: 'ten' }, { q: 'budget', limit: 0 }, { q: 'budget', scope: 'everything' }, { q: 'budget', sessionId: 'review' }]) {
      const res = await search(params as Record<string, string>);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
  });

  it('a query without any word finds nothing rather than everything', async () => {
    const res = await search({ q: '!!! ???' });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
  });
});
