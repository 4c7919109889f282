/**
 * The Dream routes through the whole server: diary by day and phase (JSON and markdown), the
 * operator's entries, consolidation, receipts, a cycle started over HTTP, refusals (wrong type,
 * missing or unknown field, oversized entry, unknown agent) and an agent's deletion removing the
 * mod's rows. The routes live beside the agents mod's own `/api/agents/{agentId}/…` ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { prose, startDreamKit, textAnswer, until, type DreamKit } from './kit.js';

let kit: DreamKit;

beforeAll(async () => {
  kit = await startDreamKit(['ada', 'gone']);
});
afterAll(async () => {
  await kit?.close();
});

const post = (url: string, body: unknown) => kit.t.request(json('POST', url, body));

describe('the diary', () => {
  it('appends operator entries and lists them by day and phase, newest first', async () => {
    const a = await post('/api/agents/ada/dream-diary', { content: 'First note', date: '2020-01-01' });
    expect(a.status).toBe(201);
    expect(a.body.entry).toMatchObject({ agentId: 'ada', date: '2020-01-01', phase: 'note', content: 'First note', source: 'operator', cycleId: null });
    await post('/api/agents/ada/dream-diary', { content: 'A light one', date: '2020-01-02', phase: 'light' });
    await post('/api/agents/ada/dream-diary', { content: 'Today' });

    const all = await kit.t.request('/api/agents/ada/dream-diary');
    expect(all.body.entries.map((e: { content: string }) => e.content)).toEqual(['Today', 'A light one', 'First note']);
    const day = await kit.t.request('/api/agents/ada/dream-diary?date=2020-01-02');
    expect(day.body.entries.map((e: { content: string }) => e.content)).toEqual(['A light one']);
    const notes = await kit.t.request('/api/agents/ada/dream-diary?phase=note&limit=1');
    expect(notes.body.entries.map((e: { content: string }) => e.content)).toEqual(['Today']);
    const md = await kit.t.request('/api/agents/ada/dream-diary?format=markdown&date=2020-01-02');
    expect(md.body.markdown).toBe('# Dream diary of ada\n\n## 2020-01-02\n\n### Light (operator)\n\nA light one\n');
  });

  it('consolidates the latest entries into one markdown document', async () => {
    const res = await post('/api/agents/ada/dream-memory/consolidate', { limit: 2, generatedAt: '2040-02-01T00:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, generatedAt: '2040-02-01T00:00:00.000Z', entries: 2 });
    expect(res.body.markdown).toContain('# Dream memory of ada (generated 2040-02-01T00:00:00.000Z)');
    expect(res.body.markdown).not.toContain('First note');
  });

  it('refuses malformed requests with dream_request_invalid and unknown agents with 404', async () => {
    const refused = [
      await post('/api/agents/ada/dream-diary', { content: 42 }),
      await post('/api/agents/ada/dream-diary', {}),
      await post('/api/agents/ada/dream-diary', { content: 'x'.repeat(4001) }),
      await post('/api/agents/ada/dream-diary', { content: '   ' }),
      await post('/api/agents/ada/dream-diary', { content: 'ok', mood: 'happy' }),
      await post('/api/agents/ada/dream-diary', { content: 'ok', phase: 'nightmare' }),
      await kit.t.request('/api/agents/ada/dream-diary?limit=0'),
      await kit.t.request('/api/agents/ada/dream-diary?date=yesterday'),
      await post('/api/agents/ada/dream-cycle', { limit: 'many' }),
      await post('/api/agents/ada/dream-cycle', { generatedAt: 'soon' }),
      await post('/api/agents/ada/dream-memory/consolidate', { limit: 501 }),
      await kit.t.request('/api/agents/ada/dream-cycle?limit=201'),
    ];
    expect(refused.map((r) => [r.status, r.body.error])).toEqual(refused.map(() => [400, 'dream_request_invalid']));
    for (const res of [
      await kit.t.request('/api/agents/nobody/dream-diary'),
      await post('/api/agents/nobody/dream-diary', { content: 'hi' }),
      await post('/api/agents/nobody/dream-memory/consolidate', {}),
      await kit.t.request('/api/agents/nobody/dream-cycle'),
      await post('/api/agents/nobody/dream-cycle', {}),
    ]) {
      expect([res.status, res.body.error]).toEqual([404, 'agent_not_found']);
    }
    // The agents mod's own routes beside them still answer.
    expect((await kit.t.request('/api/agents/ada/dream-settings')).status).toBe(200);
  });
});

describe('cycles over HTTP', () => {
  it('starts a cycle with 202, refuses a second with 409, and lists the receipt', async () => {
    await kit.t.request(json('POST', '/api/chat', { agentId: 'ada', sessionId: 'talk', message: 'We planted tomatoes', noCallModel: true }));
    kit.fake.chat({ ...textAnswer(prose(120, 'light')), delayMs: 50 });
    kit.fake.chat(textAnswer(prose(120, 'deep')));
    kit.fake.chat(textAnswer(JSON.stringify({ diary: prose(110, 'rem'), items: [{ title: 'Tomatoes', content: 'They planted tomatoes', citations: [{ sessionId: 'talk', seq: 1 }] }] })));
    const started = await post('/api/agents/ada/dream-cycle', {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ ok: true, cycleId: started.body.cycle.id, cycle: { status: 'running', trigger: 'manual' } });
    const second = await post('/api/agents/ada/dream-cycle', {});
    expect([second.status, second.body.error]).toEqual([409, 'dream_cycle_in_progress']);

    const done = await until(
      async () => (await kit.t.request('/api/agents/ada/dream-cycle')).body.cycles[0],
      (c) => c.status !== 'running',
      'the cycle to end',
    );
    expect(done).toMatchObject({ id: started.body.cycleId, status: 'completed' });
    // Without a candidate store the items are listed in the receipt only.
    expect(done.phases[2].items).toMatchObject({ proposed: 0, candidatesUnavailable: true, list: [{ title: 'Tomatoes', citations: [{ sessionId: 'talk', seq: 1 }] }] });
    const rem = await kit.t.request('/api/agents/ada/dream-diary?phase=rem');
    expect(rem.body.entries[0]).toMatchObject({ source: 'dream', cycleId: started.body.cycleId });
  });
});

describe('deleting an agent', () => {
  it('removes its diary, receipts and checkpoints', async () => {
    await post('/api/agents/gone/dream-diary', { content: 'Before I go' });
    await kit.t.request(json('POST', '/api/chat', { agentId: 'gone', sessionId: 's', message: 'hello', noCallModel: true }));
    kit.fake.chat(textAnswer(prose(120, 'l')));
    kit.fake.chat(textAnswer(prose(120, 'd')));
    kit.fake.chat(textAnswer(JSON.stringify({ diary: prose(110, 'r'), items: [] })));
    const started = await post('/api/agents/gone/dream-cycle', {});
    await until(
      async () => (await kit.t.request('/api/agents/gone/dream-cycle')).body.cycles[0].status,
      (s) => s !== 'running',
      'the cycle to end',
    );
    const count = async () => Promise.all(['dreams_diary', 'dreams_cycles', 'dreams_checkpoints'].map(async (table) => Number((await kit.knex(table).where({ agent_id: 'gone' }).count({ n: '*' }))[0]!.n)));
    expect((await count()).every((n) => n > 0)).toBe(true);
    expect(started.status).toBe(202);

    expect((await kit.t.request({ method: 'DELETE', url: '/api/agents/gone' })).status).toBe(200);
    expect(await count()).toEqual([0, 0, 0]);
    expect((await kit.t.request('/api/agents/ada/dream-diary')).body.entries.length).toBeGreaterThan(0);
  });
});
