/**
 * Session operations: rename, fork (the last 200 messages of the current generation), purge (all
 * of a session's rows in one transaction, after the chat.beforeSessionPurge taps) and the
 * transcript export in Markdown and JSON.
 */
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';

const MODS = ['health', 'agents', 'model-connections', 'settings', 'mcp', 'workspace', 'chat'];
const PROBES = { root: path.join(import.meta.dirname, 'fixtures'), system: true };

let t: TestKernel;
let knex: Knex;
beforeAll(async () => {
  t = await startTestKernel({ mods: MODS, modSources: [PROBES] });
  knex = t.kernel.database.knex;
  const mods = (await t.request('/api/mods')).body.mods as Array<{ id: string; status: string; error?: unknown }>;
  expect(mods.find((m) => m.id === 'purge-probe')).toMatchObject({ status: 'loaded' });
  for (const id of ['ada', 'bob']) expect((await t.request(json('POST', '/api/agents', { id, name: id.toUpperCase() }))).status).toBe(201);
});
afterAll(() => t?.close());

interface Seed {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  generation?: number;
  meta?: Record<string, unknown>;
  runId?: string;
}

/** A session with these messages, numbered from 1 (generation as given, default 0). */
async function seed(agentId: string, sessionId: string, messages: Seed[], options: { generation?: number; title?: string } = {}) {
  await knex('chat_sessions').insert({ agent_id: agentId, session_id: sessionId, title: options.title ?? '', generation: options.generation ?? 0, message_count: messages.length });
  const rows = messages.map((m, i) => ({
    agent_id: agentId,
    session_id: sessionId,
    seq: i + 1,
    generation: m.generation ?? 0,
    run_id: m.runId ?? `run-${sessionId}-${Math.floor(i / 2)}`,
    role: m.role,
    content: m.content,
    meta: JSON.stringify(m.meta ?? {}),
    created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)),
  }));
  for (let i = 0; i < rows.length; i += 500) await knex('chat_messages').insert(rows.slice(i, i + 500));
}

const turns = (count: number, generation: number, label: string): Seed[] =>
  Array.from({ length: count }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `${label} ${i + 1}`, generation, meta: i % 2 === 0 ? {} : { note: i } }) as Seed);

const hasSummaries = async () => Boolean((await knex.raw(`select to_regclass('chat_session_summaries') is not null as present`)).rows[0].present);

async function rowsOf(agentId: string, sessionId: string) {
  const where = { agent_id: agentId, session_id: sessionId };
  const count = async (table: string) => Number((await knex(table).where(where).count<{ c: string }[]>({ c: '*' }))[0]!.c);
  return {
    sessions: await count('chat_sessions'),
    messages: await count('chat_messages'),
    runs: await count('chat_runs'),
    steering: await count('chat_steering'),
    summaries: (await hasSummaries()) ? await count('chat_session_summaries') : 0,
  };
}

describe('rename', () => {
  beforeAll(() => seed('ada', 'named', turns(2, 0, 'hello')));

  it('sets the trimmed title', async () => {
    const res = await t.request(json('PATCH', '/api/sessions/named', { agentId: 'ada', title: '  Trip planning  ' }));
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ sessionId: 'named', title: 'Trip planning', messageCount: 2, forkedFrom: null });
    expect((await t.request('/api/sessions/named?agentId=ada')).body.session.title).toBe('Trip planning');
  });

  it('refuses a wrong type, a missing title, a blank or oversized title', async () => {
    for (const body of [{ agentId: 'ada', title: 5 }, { agentId: 'ada' }, { agentId: 'ada', title: '   ' }, { agentId: 'ada', title: 'x'.repeat(201) }, { agentId: 'ada', title: 'ok', extra: true }]) {
      const res = await t.request(json('PATCH', '/api/sessions/named', body));
      expect(res.status).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    expect((await t.request('/api/sessions/named?agentId=ada')).body.session.title).toBe('Trip planning');
  });

  it('takes a title of exactly 200 characters', async () => {
    const res = await t.request(json('PATCH', '/api/sessions/named', { agentId: 'ada', title: 'y'.repeat(200) }));
    expect(res.status).toBe(200);
    expect(res.body.session.title).toHaveLength(200);
  });

  it('answers 404 for an unknown session or agent', async () => {
    const session = await t.request(json('PATCH', '/api/sessions/nope', { agentId: 'ada', title: 'x' }));
    expect([session.status, session.body.error]).toEqual([404, 'chat_session_not_found']);
    const agent = await t.request(json('PATCH', '/api/sessions/named', { agentId: 'ghost', title: 'x' }));
    expect([agent.status, agent.body.error]).toEqual([404, 'agent_not_found']);
  });
});

describe('fork', () => {
  beforeAll(async () => {
    // Generation 0: 10 messages, then a reset; generation 1: 250 messages (seq 11..260).
    await seed('ada', 'long', [...turns(10, 0, 'old'), ...turns(250, 1, 'msg')], { generation: 1, title: 'Long talk' });
  });

  it('copies the last 200 messages of the current generation, renumbered from 1, meta kept', async () => {
    const res = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ada', newSessionId: 'long-copy' }));
    expect(res.status).toBe(201);
    expect(res.body.copied).toBe(200);
    expect(res.body.session).toMatchObject({ sessionId: 'long-copy', title: 'Long talk (fork)', generation: 0, messageCount: 200 });
    expect(res.body.session.forkedFrom).toMatchObject({ sessionId: 'long', generation: 1, fromSeq: 61, toSeq: 260 });
    const copy = await t.request('/api/sessions/long-copy?agentId=ada&limit=1000');
    const messages = copy.body.messages as Array<{ seq: number; content: string; role: string; generation: number; meta: Record<string, unknown>; createdAt: string }>;
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(messages.map((m) => m.content)).toEqual(Array.from({ length: 200 }, (_, i) => `msg ${i + 51}`));
    expect(messages.every((m) => m.generation === 0)).toBe(true);
    const source = (await t.request('/api/sessions/long?agentId=ada&from=61&to=260&limit=1000')).body.messages as typeof messages;
    expect(messages.map((m) => [m.role, m.meta, m.createdAt])).toEqual(source.map((m) => [m.role, m.meta, m.createdAt]));
    // The source is unchanged.
    expect((await t.request('/api/sessions/long?agentId=ada')).body.session.messageCount).toBe(260);
  });

  it('names the fork itself when no id is given and takes a title', async () => {
    const res = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ada', title: ' Branch ' }));
    expect(res.status).toBe(201);
    expect(res.body.session.sessionId).toMatch(/^long-fork-[0-9a-f]{8}$/);
    expect(res.body.session.title).toBe('Branch');
  });

  it('starts the copy at a user message, so no tool result is cut off from its call', async () => {
    const messages: Seed[] = [{ role: 'user', content: 'q0' }];
    for (let i = 0; i < 100; i += 1) {
      messages.push({ role: 'assistant', content: '', meta: { toolCalls: [{ id: `c${i}`, name: 'echo', arguments: '{}' }] } });
      messages.push({ role: 'tool', content: `r${i}`, meta: { toolCallId: `c${i}` } });
    }
    messages.push({ role: 'user', content: 'q1' }, { role: 'assistant', content: 'a1' });
    await seed('ada', 'tooly', messages);
    const res = await t.request(json('POST', '/api/sessions/tooly/fork', { agentId: 'ada', newSessionId: 'tooly-copy' }));
    expect(res.status).toBe(201);
    expect(res.body.copied).toBe(2);
    const copy = (await t.request('/api/sessions/tooly-copy?agentId=ada')).body.messages as Array<{ content: string }>;
    expect(copy.map((m) => m.content)).toEqual(['q1', 'a1']);
  });

  it('with beforeSeq copies only what came before that message (an edited question asks again from there)', async () => {
    // Generation 1 holds seq 11..260: 'msg 1' (a user message) is seq 11, so seq 21 is 'msg 11', also a user message.
    const res = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ada', newSessionId: 'long-edit', beforeSeq: 21 }));
    expect(res.status).toBe(201);
    expect(res.body.copied).toBe(10);
    expect(res.body.session.forkedFrom).toMatchObject({ sessionId: 'long', generation: 1, fromSeq: 11, toSeq: 20 });
    const copy = (await t.request('/api/sessions/long-edit?agentId=ada')).body.messages as Array<{ content: string }>;
    expect(copy.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `msg ${i + 1}`));
    // Before the generation's first message: an empty fork.
    const empty = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ada', newSessionId: 'long-empty', beforeSeq: 11 }));
    expect([empty.status, empty.body.copied, empty.body.session.messageCount]).toEqual([201, 0, 0]);
    for (const beforeSeq of [0, -1, 1.5, '21', 2147483648]) {
      const bad = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ada', beforeSeq }));
      expect([bad.status, bad.body.error]).toEqual([400, 'request_validation_failed']);
    }
  });

  it('refuses an existing newSessionId (409) and changes nothing', async () => {
    const res = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ada', newSessionId: 'named' }));
    expect([res.status, res.body.error]).toEqual([409, 'chat_session_exists']);
    expect((await t.request('/api/sessions/named?agentId=ada')).body.session.messageCount).toBe(2);
  });

  it('answers 404 for an unknown session or agent and 400 for bad input', async () => {
    const session = await t.request(json('POST', '/api/sessions/none/fork', { agentId: 'ada' }));
    expect([session.status, session.body.error]).toEqual([404, 'chat_session_not_found']);
    const agent = await t.request(json('POST', '/api/sessions/long/fork', { agentId: 'ghost' }));
    expect([agent.status, agent.body.error]).toEqual([404, 'agent_not_found']);
    for (const body of [{}, { agentId: 'ada', newSessionId: 7 }, { agentId: 'ada', newSessionId: 'x'.repeat(201) }, { agentId: 'ada', title: 'x'.repeat(201) }]) {
      expect((await t.request(json('POST', '/api/sessions/long/fork', body))).status).toBe(400);
    }
  });
});

describe('purge', () => {
  async function seedFull(sessionId: string) {
    await seed('ada', sessionId, turns(4, 0, 'p'));
    await knex('chat_runs').insert({ run_id: `${sessionId}-r1`, agent_id: 'ada', session_id: sessionId, status: 'completed', generation: 0, request: '{}', trace: '[{"type":"run.started"}]', ended_at: new Date() });
    await knex('chat_steering').insert({ id: crypto.randomUUID(), run_id: `${sessionId}-r1`, agent_id: 'ada', session_id: sessionId, idempotency_key: 'k', payload_hash: 'h'.repeat(64), status: 'delivered' });
    if (await hasSummaries()) {
      await knex('chat_session_summaries').insert({ agent_id: 'ada', session_id: sessionId, generation: 0, version: 1, summary: 's', covers_through_seq: 2, model: 'm' });
    }
  }

  it('refuses a confirmation that is not the session id', async () => {
    await seedFull('doomed');
    for (const confirm of ['', 'DOOMED', 'doomed ']) {
      const res = await t.request(json('POST', '/api/sessions/doomed/purge', { agentId: 'ada', confirm }));
      expect([res.status, res.body.error]).toEqual([400, 'session_purge_confirmation_required']);
    }
    for (const body of [{ agentId: 'ada' }, { agentId: 'ada', confirm: 1 }, { confirm: 'doomed' }]) {
      expect((await t.request(json('POST', '/api/sessions/doomed/purge', body))).status).toBe(400);
    }
    expect((await rowsOf('ada', 'doomed')).messages).toBe(4);
  });

  it('deletes the session, its messages, runs, steering and summaries; a replay is 404', async () => {
    await seed('ada', 'bystander', turns(2, 0, 'b'));
    const summaries = (await hasSummaries()) ? 1 : 0;
    const res = await t.request(json('POST', '/api/sessions/doomed/purge', { agentId: 'ada', confirm: 'doomed' }));
    expect(res.status).toBe(200);
    expect(res.body.purged).toEqual({ agentId: 'ada', sessionId: 'doomed', messages: 4, runs: 1, steering: 1, summaries, attachments: 0 });
    expect(await rowsOf('ada', 'doomed')).toEqual({ sessions: 0, messages: 0, runs: 0, steering: 0, summaries: 0 });
    expect((await t.request('/api/sessions/doomed?agentId=ada')).status).toBe(404);
    expect((await rowsOf('ada', 'bystander')).messages).toBe(2);
    const again = await t.request(json('POST', '/api/sessions/doomed/purge', { agentId: 'ada', confirm: 'doomed' }));
    expect([again.status, again.body.error]).toEqual([404, 'chat_session_not_found']);
  });

  it('refuses while a run of the session is in progress (409) and deletes nothing', async () => {
    await seedFull('busy');
    await knex('chat_runs').insert({ run_id: 'busy-live', agent_id: 'ada', session_id: 'busy', status: 'running', generation: 0, request: '{}' });
    const res = await t.request(json('POST', '/api/sessions/busy/purge', { agentId: 'ada', confirm: 'busy' }));
    expect([res.status, res.body.error]).toEqual([409, 'chat_session_run_active']);
    expect((await rowsOf('ada', 'busy')).runs).toBe(2);
  });

  it('rolls everything back when a beforeSessionPurge tap throws', async () => {
    await seedFull('veto-me');
    const before = await rowsOf('ada', 'veto-me');
    const res = await t.request(json('POST', '/api/sessions/veto-me/purge', { agentId: 'ada', confirm: 'veto-me' }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.ok).toBe(false);
    expect(await rowsOf('ada', 'veto-me')).toEqual(before);
    expect(before.messages).toBe(4);
  });

  it('deletes the kept attachment files of the session once the purge committed', async () => {
    const turn = await t.request(
      json('POST', '/api/chat', { agentId: 'ada', sessionId: 'with-file', message: 'see the file', attachments: [{ name: 'notes.txt', type: 'text/plain', content: 'hello file' }], noCallModel: true }),
    );
    expect(turn.status).toBe(200);
    const listed = await t.request('/api/attachments?agentId=ada&sessionId=with-file');
    expect(listed.body.attachments).toHaveLength(1);
    const res = await t.request(json('POST', '/api/sessions/with-file/purge', { agentId: 'ada', confirm: 'with-file' }));
    expect(res.status).toBe(200);
    expect(res.body.purged).toMatchObject({ messages: 1, runs: 1, attachments: 1 });
    expect((await t.request('/api/attachments?agentId=ada&sessionId=with-file')).body.attachments).toEqual([]);
  });

  it('answers 404 for an unknown agent and leaves other agents alone', async () => {
    await seedFull('shared-name');
    await seed('bob', 'shared-name', turns(2, 0, 'bob'));
    const agent = await t.request(json('POST', '/api/sessions/shared-name/purge', { agentId: 'ghost', confirm: 'shared-name' }));
    expect([agent.status, agent.body.error]).toEqual([404, 'agent_not_found']);
    expect((await t.request(json('POST', '/api/sessions/shared-name/purge', { agentId: 'ada', confirm: 'shared-name' }))).status).toBe(200);
    expect((await rowsOf('bob', 'shared-name')).messages).toBe(2);
  });
});

describe('export', () => {
  beforeAll(async () => {
    await seed(
      'ada',
      'exported',
      [
        { role: 'user', content: 'first question', generation: 0 },
        { role: 'assistant', content: 'first answer', generation: 0 },
        { role: 'user', content: 'look it up', generation: 1, meta: { attachments: [{ name: 'notes.txt', type: 'text/plain', size: 12, reference: 'attachments/x/notes.txt' }] } },
        { role: 'assistant', content: '', generation: 1, meta: { toolCalls: [{ id: 'call_1', name: 'lookup', arguments: JSON.stringify({ query: 'weather', apiKey: 'sk-very-secret-value' }) }] } },
        { role: 'tool', content: 'sunny, 21 °C', generation: 1, meta: { toolCallId: 'call_1' } },
        { role: 'assistant', content: 'It is sunny with ``` fences', generation: 1 },
      ],
      { generation: 1, title: 'Weather' },
    );
  });

  it('downloads Markdown with every generation, roles, times, tool calls and results, without the secret', async () => {
    const res = await t.inject('/api/sessions/exported/export?agentId=ada&format=markdown');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transcript-ada-exported.md"');
    const text = res.body;
    expect(text).toContain('# Weather');
    expect(text).toContain('## Generation 0');
    expect(text).toContain('## Generation 1 (current)');
    expect(text.indexOf('first question')).toBeLessThan(text.indexOf('look it up'));
    expect(text).toContain('### User · #1 · 2026-11-01T00:00:00.000Z');
    expect(text).toContain('**Tool call** `lookup` (`call_1`)');
    expect(text).toContain('"query": "weather"');
    expect(text).toContain('### Tool result · #5');
    expect(text).toContain('sunny, 21 °C');
    expect(text).toContain('Attachment: notes.txt (text/plain, 12 bytes)');
    expect(text).not.toContain('sk-very-secret-value');
    expect(text).not.toContain('attachments/x/notes.txt');
  });

  it('downloads JSON (the default format is Markdown)', async () => {
    const res = await t.inject('/api/sessions/exported/export?agentId=ada&format=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transcript-ada-exported.json"');
    const doc = JSON.parse(res.body);
    expect(doc).toMatchObject({ format: 'svc.transcript', version: 1, session: { sessionId: 'exported', title: 'Weather', generation: 1 } });
    expect(doc.messages.map((m: any) => [m.seq, m.generation, m.role])).toEqual([
      [1, 0, 'user'],
      [2, 0, 'assistant'],
      [3, 1, 'user'],
      [4, 1, 'assistant'],
      [5, 1, 'tool'],
      [6, 1, 'assistant'],
    ]);
    expect(doc.messages[3].toolCalls).toEqual([{ id: 'call_1', name: 'lookup', arguments: { query: 'weather', apiKey: '[redacted]' } }]);
    expect(doc.messages[4]).toMatchObject({ toolCallId: 'call_1', content: 'sunny, 21 °C', createdAt: '2026-11-01T00:00:04.000Z' });
    expect(doc.messages[2].attachments).toEqual([{ name: 'notes.txt', type: 'text/plain', size: 12 }]);
    expect(res.body).not.toContain('sk-very-secret-value');
    expect((await t.inject('/api/sessions/exported/export?agentId=ada')).headers['content-type']).toBe('text/markdown; charset=utf-8');
  });

  it('pages through a long session: every message arrives, in order', async () => {
    await seed('ada', 'huge', turns(1203, 0, 'line'));
    const doc = JSON.parse((await t.inject('/api/sessions/huge/export?agentId=ada&format=json')).body);
    expect(doc.messages).toHaveLength(1203);
    expect(doc.messages.map((m: any) => m.seq)).toEqual(Array.from({ length: 1203 }, (_, i) => i + 1));
  });

  it('answers 404 for an unknown session or agent and 400 for a bad format or a missing agent', async () => {
    const session = await t.request('/api/sessions/absent/export?agentId=ada');
    expect([session.status, session.body.error]).toEqual([404, 'chat_session_not_found']);
    const agent = await t.request('/api/sessions/exported/export?agentId=ghost');
    expect([agent.status, agent.body.error]).toEqual([404, 'agent_not_found']);
    expect((await t.request('/api/sessions/exported/export?agentId=ada&format=pdf')).status).toBe(400);
    expect((await t.request('/api/sessions/exported/export')).status).toBe(400);
  });
});
