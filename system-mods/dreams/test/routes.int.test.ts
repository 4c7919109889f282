/**
 * The Dream routes through the whole server: diary by day and phase (JSON and markdown), the
 * operator's entries, consolidation into DREAM_MEMORY through the fake model (applied with
 * provenance and restorable, or held for review; refusals leave the document alone; the Dream
 * settings' own model asked, the cycles cited), receipts, a cycle started over HTTP, refusals (wrong type,
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

describe('Dream memory', () => {
  const completions = () => kit.fake.requests.filter((r) => r.path === '/v1/chat/completions');
  const dreamMemory = async (agentId = 'ada') =>
    ((await kit.t.request(`/api/agents/${agentId}/profile-documents`)).body.documents as Array<{ kind: string; markdown: string }>).find((d) => d.kind === 'DREAM_MEMORY')?.markdown;
  const revisions = async () => (await kit.t.request('/api/agents/ada/profile-documents/DREAM_MEMORY/revisions')).body.revisions as Array<Record<string, any>>;
  const decide = (id: string, action: string) => kit.t.request(json('PATCH', '/api/agents/ada/profile-documents/DREAM_MEMORY/revisions', { id, action }));

  it('rewrites DREAM_MEMORY through the Dream model from the latest entries, with provenance, the previous version restorable', async () => {
    const before = await dreamMemory();
    const entries = (await kit.t.request('/api/agents/ada/dream-diary?limit=2')).body.entries as Array<{ id: string; date: string }>;
    kit.fake.chat(textAnswer('```markdown\n# What I remember\n\n- Ada keeps a garden.\n```'));
    const res = await post('/api/agents/ada/dream-memory/consolidate', { limit: 2, generatedAt: '2040-02-01T00:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, generatedAt: '2040-02-01T00:00:00.000Z', entries: 2, status: 'applied', markdown: '# What I remember\n\n- Ada keeps a garden.' });
    expect(res.body.revision).toMatchObject({
      kind: 'DREAM_MEMORY',
      status: 'applied',
      source: 'dream',
      provenance: {
        diaryEntryIds: [entries[1]!.id, entries[0]!.id],
        cycleIds: [],
        runIds: [expect.any(String)],
        days: { from: '2020-01-02', to: entries[0]!.date },
        model: { model: 'gpt-test' },
        generatedAt: '2040-02-01T00:00:00.000Z',
      },
    });
    expect(await dreamMemory()).toBe('# What I remember\n\n- Ada keeps a garden.');

    // The model was shown the two entries and the document as untrusted data, not the older note.
    const asked = completions().at(-1)!.body.messages.at(-1).content as string;
    expect(asked).toContain('<untrusted-diary>');
    expect(asked).toContain('"content":"A light one"');
    expect(asked).not.toContain('First note');
    expect(asked).toContain(JSON.stringify({ markdown: before }));
    // Its run is traced like a cycle's, in a Dream session that later cycles do not read.
    const trace = await kit.t.request(`/api/traces/${res.body.revision.provenance.runIds[0]}?agentId=ada`);
    expect(trace.status).toBe(200);

    const history = await revisions();
    expect(history.map((r) => [r.status, r.source])).toEqual([
      ['applied', 'dream'],
      ['applied', 'earlier'],
    ]);
    expect(history[1]!.markdown).toBe(before);
    const restored = await decide(history[1]!.id, 'restore');
    expect(restored.status).toBe(200);
    expect(await dreamMemory()).toBe(before);
  });

  it('holds the new memory for review when the Dream settings ask, and applies it only when accepted', async () => {
    expect((await kit.t.request(json('PUT', '/api/agents/ada/dream-settings', { reviewMemory: true }))).status).toBe(200);
    try {
      const before = await dreamMemory();
      kit.fake.chat(textAnswer('Older proposal'));
      const first = await post('/api/agents/ada/dream-memory/consolidate', {});
      expect(first.body).toMatchObject({ status: 'pending', revision: { status: 'pending', markdown: 'Older proposal' } });
      kit.fake.chat(textAnswer('Newer proposal'));
      const second = await post('/api/agents/ada/dream-memory/consolidate', {});
      expect(second.body.status).toBe('pending');
      expect(await dreamMemory()).toBe(before);
      // A newer proposal supersedes the older one.
      const listed = await revisions();
      expect(listed.slice(0, 2).map((r) => [r.markdown, r.status])).toEqual([
        ['Newer proposal', 'pending'],
        ['Older proposal', 'superseded'],
      ]);
      const stale = await decide(first.body.revision.id, 'accept');
      expect([stale.status, stale.body.error]).toEqual([409, 'agent_profile_revision_conflict']);

      const accepted = await decide(second.body.revision.id, 'accept');
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ markdown: 'Newer proposal', revision: { status: 'applied', source: 'dream', provenance: { proposedRevisionId: second.body.revision.id } } });
      expect(await dreamMemory()).toBe('Newer proposal');

      kit.fake.chat(textAnswer('Unwanted proposal'));
      const third = await post('/api/agents/ada/dream-memory/consolidate', {});
      const rejected = await decide(third.body.revision.id, 'reject');
      expect(rejected.body).toMatchObject({ markdown: 'Newer proposal', revision: { status: 'rejected' } });
      expect(await dreamMemory()).toBe('Newer proposal');
    } finally {
      await kit.t.request(json('PUT', '/api/agents/ada/dream-settings', { reviewMemory: false }));
    }
  });

  it('refuses without a model, with an empty diary and when the model fails, leaving DREAM_MEMORY as it was', async () => {
    const before = await dreamMemory();
    const empty = await post('/api/agents/gone/dream-memory/consolidate', {});
    expect([empty.status, empty.body.error]).toEqual([409, 'dream_memory_diary_empty']);

    expect((await post('/api/agents', { id: 'bare', name: 'Bare' })).status).toBe(201);
    await post('/api/agents/bare/dream-diary', { content: 'A note' });
    const bareBefore = await dreamMemory('bare');
    const unconfigured = await post('/api/agents/bare/dream-memory/consolidate', {});
    expect([unconfigured.status, unconfigured.body.error]).toEqual([400, 'dream_memory_model_not_configured']);
    expect(await dreamMemory('bare')).toBe(bareBefore);

    kit.fake.chat({ status: 400, json: { error: { message: 'no memories today' } } });
    const failed = await post('/api/agents/ada/dream-memory/consolidate', {});
    expect([failed.status, failed.body.error]).toEqual([500, 'dream_memory_model_failed']);
    kit.fake.chat(textAnswer('   '));
    const blank = await post('/api/agents/ada/dream-memory/consolidate', {});
    expect([blank.status, blank.body.error]).toEqual([500, 'dream_memory_model_failed']);
    expect(await dreamMemory()).toBe(before);
    expect((await revisions()).filter((r) => r.status === 'pending')).toEqual([]);
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

describe("Dream memory through the Dream settings' own model", () => {
  it('asks the model the Dream settings name (not the chat model) and cites the cycles whose diary it read', async () => {
    const created = await post('/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: kit.fake.baseUrl, models: [{ id: 'dreamer', enabled: true }] });
    expect(created.status).toBe(201);
    const connectionId = created.body.connection.id as string;
    expect((await kit.t.request(json('PUT', '/api/agents/ada/dream-settings', { modelConnectionId: connectionId, model: 'dreamer' }))).status).toBe(200);
    try {
      const cycleId = (await kit.t.request('/api/agents/ada/dream-cycle')).body.cycles[0].id as string;
      const entries = (await kit.t.request('/api/agents/ada/dream-diary?limit=5')).body.entries as Array<{ id: string; cycleId: string | null }>;
      expect(entries.some((e) => e.cycleId === cycleId)).toBe(true);
      kit.fake.chat(textAnswer('# Dream memory\n\n- Tomatoes were planted.'));
      const res = await post('/api/agents/ada/dream-memory/consolidate', { limit: 5 });
      expect(res.status).toBe(200);
      const asked = kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
      expect(asked.body.model).toBe('dreamer');
      expect(res.body.revision.provenance).toMatchObject({
        diaryEntryIds: entries.map((e) => e.id).reverse(),
        cycleIds: [cycleId],
        model: { connectionId, model: 'dreamer' },
      });
      // The run is the Dream memory's own, in a Dream session, with the Dream model.
      const trace = (await kit.t.request(`/api/traces/${res.body.revision.provenance.runIds[0]}?agentId=ada`)).body.trace;
      expect(trace).toMatchObject({ sessionId: expect.stringMatching(/^dream-memory-/), origin: { kind: 'dream' } });

      // Its connection gone, the Dream model is unusable: refused, nothing written, no fallback to the chat model.
      expect((await kit.t.request({ method: 'DELETE', url: `/api/settings/model-connections/${connectionId}` })).status).toBe(200);
      const calls = kit.fake.requests.length;
      const unusable = await post('/api/agents/ada/dream-memory/consolidate', {});
      expect([unusable.status, unusable.body.error]).toEqual([400, 'dream_memory_model_unusable']);
      expect(kit.fake.requests.length).toBe(calls);
      const doc = (await kit.t.request('/api/agents/ada/profile-documents')).body.documents.find((d: { kind: string }) => d.kind === 'DREAM_MEMORY');
      expect(doc.markdown).toBe('# Dream memory\n\n- Tomatoes were planted.');
    } finally {
      expect((await kit.t.request(json('PUT', '/api/agents/ada/dream-settings', { modelConnectionId: null, model: null }))).status).toBe(200);
    }
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

    // Once under a loaded CI run this answered 500; the body says with which error code.
    const deleted = await kit.t.request({ method: 'DELETE', url: '/api/agents/gone' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await count()).toEqual([0, 0, 0]);
    expect((await kit.t.request('/api/agents/ada/dream-diary')).body.entries.length).toBeGreaterThan(0);
  });
});
