/**
 * The `sessions` export category: chat sessions written by real turns (fake model, real SSE) in
 * one kernel, exported and imported into another; each conflict policy, the refusals, a failed
 * import that leaves the target as it was, and the size bound of an export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BUNDLE_BYTES } from '../../export/src/contract.js';
import { chatRequest, startChatKit, textAnswer, type ChatKit } from '../../../test/kits/chat-kit.js';
import { json } from '../../../test/helpers.js';
import { exportBundle, importBundle as importInto, previewImport } from '../../../test/kits/export-calls.js';

let source: ChatKit;
let target: ChatKit;
/** The source's full export (no password: nothing is sealed, so a test may edit it). */
let bundleText: string;

const exportText = (kit: ChatKit, body: Record<string, unknown> = {}) => exportBundle(kit.t, body);
const importBundle = (kit: ChatKit, body: Record<string, unknown>) => importInto(kit.t, body);
const preview = (kit: ChatKit, body: Record<string, unknown>) => previewImport(kit.t, body);

/** The bundle with only the sessions category, its items passed through `edit`. */
function sessionsBundle(edit: (items: any[]) => any[] = (items) => items): string {
  const bundle = JSON.parse(bundleText);
  bundle.categories = { sessions: { ...bundle.categories.sessions, items: edit(structuredClone(bundle.categories.sessions.items)) } };
  return JSON.stringify(bundle);
}
const adaOnly = (items: any[]) => items.filter((i) => i.agentId === 'ada');

async function turn(kit: ChatKit, agentId: string, sessionId: string, message: string, answer: string) {
  kit.fake.chat(textAnswer([answer]));
  const res = await kit.t.request(chatRequest({ agentId, sessionId, message }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** What the model was sent last: role and content of each message. */
const lastModelMessages = (kit: ChatKit) => (kit.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body.messages as any[]).map((m) => ({ role: m.role, content: m.content }));

const transcript = async (kit: ChatKit, sessionId: string, agentId = 'ada') => {
  const res = await kit.t.request(`/api/sessions/${encodeURIComponent(sessionId)}?agentId=${agentId}&limit=500`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const contents = (body: any) => body.messages.map((m: any) => [m.role, m.content]);

/** Every session and message row of a kernel, for "nothing changed". */
async function snapshot(kit: ChatKit) {
  const knex = kit.t.kernel.database.knex;
  return {
    sessions: await knex('chat_sessions').select('agent_id', 'session_id', 'title', 'archived', 'message_count', 'generation').orderBy(['agent_id', 'session_id']),
    messages: await knex('chat_messages').select('agent_id', 'session_id', 'seq', 'generation', 'role', 'content').orderBy(['agent_id', 'session_id', 'seq']),
  };
}

beforeAll(async () => {
  [source, target] = await Promise.all([startChatKit({ agents: ['ada', 'bob'], mods: ['export'] }), startChatKit({ agents: ['ada'], mods: ['export'] })]);
  await turn(source, 'ada', 'planning', 'Where is the zebra budget draft?', 'The zebra budget draft is in the shared folder.');
  await turn(source, 'ada', 'planning', 'And the quokka report?', 'The quokka report is on the desk.');
  expect((await source.t.request(json('PATCH', '/api/sessions/planning', { agentId: 'ada', title: 'Budget talk' }))).status).toBe(200);
  await turn(source, 'ada', 'two-topics', 'First topic: walrus.', 'Walrus noted.');
  expect((await source.t.request(json('POST', '/api/sessions/two-topics/reset', { agentId: 'ada' }))).status).toBe(200);
  await turn(source, 'ada', 'two-topics', 'Second topic: narwhal.', 'Narwhal noted.');
  await turn(source, 'bob', 'notes', 'Remind me of the meeting.', 'I will.');
  // A message with a kept attachment, in an archived session.
  const knex = source.t.kernel.database.knex;
  await knex('chat_sessions').insert({ agent_id: 'ada', session_id: 'files/2026', title: 'Files', archived: true, message_count: 1 });
  await knex('chat_messages').insert({
    agent_id: 'ada',
    session_id: 'files/2026',
    seq: 1,
    generation: 0,
    run_id: 'run-files',
    role: 'user',
    content: 'See the attached plan.',
    meta: JSON.stringify({ attachments: [{ name: 'plan.pdf', type: 'application/pdf', size: 1234, reference: 'attachments/2026/plan-abc.pdf' }] }),
  });
  bundleText = await exportText(source);
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('export', () => {
  it('is listed in the catalog after the agents it refers to', async () => {
    const res = await source.t.request('/api/export/catalog');
    expect(res.body.categories.find((c: any) => c.id === 'sessions')).toMatchObject({ modId: 'chat', dependsOn: ['agents'], title: 'Chat sessions' });
  });

  it('holds each session with the messages of its current generation, in order, without attachment files', async () => {
    const items = JSON.parse(bundleText).categories.sessions.items as any[];
    expect(items.map((i) => i.id)).toEqual(['ada/files/2026', 'ada/planning', 'ada/two-topics', 'bob/notes']);
    const planning = items.find((i) => i.id === 'ada/planning');
    expect(planning).toMatchObject({ agentId: 'ada', sessionId: 'planning', title: 'Budget talk', archived: false, olderMessagesLeftOut: 0, filesLeftOut: 0 });
    expect(planning.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'Where is the zebra budget draft?'],
      ['assistant', 'The zebra budget draft is in the shared folder.'],
      ['user', 'And the quokka report?'],
      ['assistant', 'The quokka report is on the desk.'],
    ]);
    const twoTopics = items.find((i) => i.id === 'ada/two-topics');
    expect(twoTopics.olderMessagesLeftOut).toBe(2);
    expect(twoTopics.messages.map((m: any) => m.content)).toEqual(['Second topic: narwhal.', 'Narwhal noted.']);
    const files = items.find((i) => i.id === 'ada/files/2026');
    expect(files).toMatchObject({ archived: true, filesLeftOut: 1 });
    expect(files.messages[0].meta).toEqual({ attachments: [{ name: 'plan.pdf', type: 'application/pdf', size: 1234 }] });
  });
});

describe('import into another kernel', () => {
  it('creates the sessions: messages in order, searchable, and the next turn continues them', async () => {
    const bundle = sessionsBundle(adaOnly);
    const seen = await preview(target, { bundle });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.preview.categories[0]).toMatchObject({ id: 'sessions', summary: { create: 3, update: 0, unchanged: 0, skip: 0, rename: 0 } });
    const res = await importBundle(target, { bundle });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ complete: true, failed: null });
    expect(res.body.applied[0].report.created).toEqual(['ada/files/2026', 'ada/planning', 'ada/two-topics']);

    for (const id of ['planning', 'two-topics', 'files/2026']) {
      const here = await transcript(target, id);
      const there = JSON.parse(bundleText).categories.sessions.items.find((i: any) => i.id === `ada/${id}`);
      expect(contents(here)).toEqual(there.messages.map((m: any) => [m.role, m.content]));
      expect(here.messages.map((m: any) => m.seq)).toEqual(there.messages.map((_: unknown, i: number) => i + 1));
      expect(here.messages.map((m: any) => m.createdAt)).toEqual(there.messages.map((m: any) => m.createdAt));
    }
    expect((await transcript(target, 'files/2026')).session).toMatchObject({ title: 'Files', archived: true });

    const found = await target.t.request('/api/session/search?q=quokka&agentId=ada');
    expect(found.status).toBe(200);
    expect(found.body.results.map((h: any) => [h.sessionId, h.role])).toEqual(
      expect.arrayContaining([
        ['planning', 'user'],
        ['planning', 'assistant'],
      ]),
    );

    await turn(target, 'ada', 'two-topics', 'What was the topic?', 'Narwhal.');
    const sent = lastModelMessages(target).filter((m) => m.role !== 'system');
    expect(sent).toEqual([
      { role: 'user', content: 'Second topic: narwhal.' },
      { role: 'assistant', content: 'Narwhal noted.' },
      { role: 'user', content: 'What was the topic?' },
    ]);
  });

  it('the same bundle again changes nothing', async () => {
    const bundle = sessionsBundle((items) => adaOnly(items).filter((i) => i.sessionId !== 'two-topics'));
    const seen = await preview(target, { bundle, conflictPolicy: 'replace' });
    expect(seen.body.preview.categories[0].summary).toMatchObject({ create: 0, unchanged: 2, update: 0 });
    const res = await importBundle(target, { bundle, conflictPolicy: 'replace' });
    expect(res.body.applied[0].report.unchanged).toEqual(['ada/files/2026', 'ada/planning']);
  });
});

describe('conflicts', () => {
  const planningOnly = () => sessionsBundle((items) => items.filter((i) => i.id === 'ada/planning'));

  beforeAll(async () => {
    // The target's own turn: planning differs from the bundle now, and (on the embedded
    // database) its context history is kept in memory.
    await turn(target, 'ada', 'planning', 'Local only: the pelican memo?', 'Local only: pelican memo filed.');
  });

  it('skip leaves the session here as it is', async () => {
    const before = await snapshot(target);
    const seen = await preview(target, { bundle: planningOnly(), conflictPolicy: 'skip' });
    expect(seen.body.preview.categories[0].changes).toEqual([{ id: 'ada/planning', label: 'Budget talk', action: 'skip' }]);
    expect(seen.body.preview.categories[0].conflicts[0]).toMatchObject({ id: 'ada/planning', reason: 'differs in messages' });
    const res = await importBundle(target, { bundle: planningOnly(), conflictPolicy: 'skip' });
    expect(res.body.applied[0].report.skipped).toEqual(['ada/planning']);
    expect(await snapshot(target)).toEqual(before);
  });

  it('rename imports a copy under a free session id', async () => {
    const seen = await preview(target, { bundle: planningOnly(), conflictPolicy: 'rename' });
    expect(seen.body.preview.categories[0].changes).toEqual([{ id: 'ada/planning', label: 'Budget talk', action: 'rename', newId: 'ada/planning-2' }]);
    const res = await importBundle(target, { bundle: planningOnly(), conflictPolicy: 'rename' });
    expect(res.body.applied[0].report.renamed).toEqual([{ from: 'ada/planning', to: 'ada/planning-2' }]);
    expect(contents(await transcript(target, 'planning-2'))).toHaveLength(4);
    expect(contents(await transcript(target, 'planning'))).toHaveLength(6);
  });

  it('replace puts the bundle messages in place, and the next turn sees them, not the kept history', async () => {
    const res = await importBundle(target, { bundle: planningOnly(), conflictPolicy: 'replace' });
    expect(res.body.applied[0].report.updated).toEqual(['ada/planning']);
    const here = await transcript(target, 'planning');
    expect(contents(here).map(([, c]: string[]) => c)).not.toContain('Local only: the pelican memo?');
    expect(here.messages.map((m: any) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(here.session.messageCount).toBe(4);
    expect((await target.t.request('/api/session/search?q=pelican&agentId=ada&sessionId=planning')).body.results).toEqual([]);

    await turn(target, 'ada', 'planning', 'Where was the draft?', 'In the shared folder.');
    expect(lastModelMessages(target).filter((m) => m.role !== 'system')).toEqual([
      { role: 'user', content: 'Where is the zebra budget draft?' },
      { role: 'assistant', content: 'The zebra budget draft is in the shared folder.' },
      { role: 'user', content: 'And the quokka report?' },
      { role: 'assistant', content: 'The quokka report is on the desk.' },
      { role: 'user', content: 'Where was the draft?' },
    ]);
  });

  it('follows an agent the agents category renamed in the same import', async () => {
    const bundle = JSON.parse(bundleText);
    const ada = bundle.categories.agents.items.find((a: any) => a.id === 'ada');
    ada.modelSelections = { chat: { connectionId: target.connectionId, model: 'gpt-test' }, archiveSummary: null };
    ada.name = 'Ada from elsewhere';
    const text = JSON.stringify({
      ...bundle,
      categories: { agents: { ...bundle.categories.agents, items: [ada] }, sessions: { ...bundle.categories.sessions, items: bundle.categories.sessions.items.filter((i: any) => i.id === 'ada/two-topics') } },
    });
    const res = await importBundle(target, { bundle: text, conflictPolicy: 'rename' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ complete: true });
    expect(res.body.applied.map((a: any) => a.id)).toEqual(['agents', 'sessions']);
    expect(res.body.applied[0].report.renamed).toEqual([{ from: 'ada', to: 'ada-2' }]);
    expect(res.body.applied[1].report.renamed).toEqual([{ from: 'ada/two-topics', to: 'ada-2/two-topics' }]);
    expect(contents(await transcript(target, 'two-topics', 'ada-2'))).toEqual([
      ['user', 'Second topic: narwhal.'],
      ['assistant', 'Narwhal noted.'],
    ]);
  });
});

describe('refusals', () => {
  it('an agent that does not exist here fails the category, and what it wrote before is rolled back', async () => {
    const before = await snapshot(target);
    // A new session of ada first (it would be created), then bob's, whose agent is unknown here.
    const bundle = sessionsBundle((items) => [{ ...items.find((i) => i.id === 'ada/planning'), id: 'ada/fresh', sessionId: 'fresh' }, items.find((i) => i.id === 'bob/notes')]);
    const res = await importBundle(target, { bundle });
    expect(res.status).toBe(200);
    expect(res.body.complete).toBe(false);
    expect(res.body.failed).toMatchObject({ id: 'sessions', code: 'import_item_invalid' });
    expect(res.body.failed.message).toContain('bob');
    expect(await snapshot(target)).toEqual(before);
  });

  it('an item of the wrong type, with a missing field or an oversized value is 400 import_item_invalid', async () => {
    const before = await snapshot(target);
    const cases: Array<(items: any[]) => void> = [
      (items) => (items[0].archived = 'yes'),
      (items) => delete items[0].messages,
      (items) => (items[0].title = 'x'.repeat(201)),
      (items) => (items[0].messages[0].role = 'system'),
    ];
    for (const edit of cases) {
      const bundle = sessionsBundle((items) => {
        const picked = items.filter((i) => i.id === 'ada/planning');
        edit(picked);
        return picked;
      });
      for (const call of [preview, importBundle]) {
        const res = await call(target, { bundle });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error).toBe('import_item_invalid');
      }
    }
    // An id that does not name its session: the preview refuses it; an import fails the category.
    const misnamed = sessionsBundle((items) => items.filter((i) => i.id === 'ada/planning').map((i) => ({ ...i, id: 'ada/somewhere-else' })));
    const seen = await preview(target, { bundle: misnamed });
    expect(seen.status).toBe(400);
    expect(seen.body).toMatchObject({ error: 'import_item_invalid' });
    const res = await importBundle(target, { bundle: misnamed });
    expect(res.body.failed).toMatchObject({ id: 'sessions', code: 'import_item_invalid' });
    expect(await snapshot(target)).toEqual(before);
  });
});

describe('size', () => {
  it('an export past the largest bundle an import reads is refused with 413, naming the limit', async () => {
    const knex = source.t.kernel.database.knex;
    const createdAt = new Date('2026-03-01T00:00:00.000Z');
    const chunk = 'large '.repeat(Math.ceil(MAX_BUNDLE_BYTES / 6 / 6));
    await knex('chat_sessions').insert({ agent_id: 'ada', session_id: 'huge', message_count: 7 });
    await knex('chat_messages').insert(Array.from({ length: 7 }, (_, i) => ({ agent_id: 'ada', session_id: 'huge', seq: i + 1, generation: 0, run_id: 'run-huge', role: 'user', content: chunk, created_at: createdAt })));
    try {
      for (const body of [{}, { categories: ['sessions'] }]) {
        const res = await source.t.request(json('POST', '/api/export', body));
        expect(res.status).toBe(413);
        expect(res.body.error).toBe('chat_sessions_export_too_large');
        expect(res.body.message).toContain(String(MAX_BUNDLE_BYTES));
      }
      // Without the sessions the rest still exports.
      expect(JSON.parse(await exportText(source, { categories: ['agents'] })).categories.agents.items).toHaveLength(2);
    } finally {
      await knex('chat_messages').where({ agent_id: 'ada', session_id: 'huge' }).delete();
      await knex('chat_sessions').where({ agent_id: 'ada', session_id: 'huge' }).delete();
    }
  });

  it('a bundle whose items fit but whose file would not is refused with 413 export_bundle_too_large', async () => {
    const measured = (JSON.parse(await exportText(source, { categories: ['sessions'] })).categories.sessions.items as any[])
      .flatMap((i) => i.messages)
      .reduce((sum: number, m: unknown) => sum + Buffer.byteLength(JSON.stringify(m)), 0);
    const knex = source.t.kernel.database.knex;
    const createdAt = new Date('2026-03-01T00:00:00.000Z');
    const overhead = Buffer.byteLength(JSON.stringify({ role: 'user', content: '', meta: {}, runId: 'run-near', createdAt: createdAt.toISOString() }));
    // Six messages that bring the sessions' items to 200 bytes under the limit: the file's
    // indentation and the other categories take more than that.
    const room = MAX_BUNDLE_BYTES - measured - 200 - 6 * overhead;
    const sizes = Array.from({ length: 6 }, (_, i) => Math.floor(room / 6) + (i === 0 ? room % 6 : 0));
    await knex('chat_sessions').insert({ agent_id: 'ada', session_id: 'near', message_count: 6 });
    await knex('chat_messages').insert(sizes.map((size, i) => ({ agent_id: 'ada', session_id: 'near', seq: i + 1, generation: 0, run_id: 'run-near', role: 'user', content: 'n'.repeat(size), created_at: createdAt })));
    try {
      const res = await source.t.request(json('POST', '/api/export', {}));
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('export_bundle_too_large');
      expect(res.body.message).toContain(String(MAX_BUNDLE_BYTES));
    } finally {
      await knex('chat_messages').where({ agent_id: 'ada', session_id: 'near' }).delete();
      await knex('chat_sessions').where({ agent_id: 'ada', session_id: 'near' }).delete();
    }
  });
});
