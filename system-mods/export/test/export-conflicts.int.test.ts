/**
 * Conflict policies (skip, replace, rename with references rewritten) and a category failing
 * mid-way: the ones before it stay applied, its own transaction is rolled back, the rest are
 * not attempted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { boot, DOCUMENTS, exportText, importBundle, PASSWORD, preview, seedSource, type Booted } from './export-kit.js';

let fake: FakeOpenAi;
let source: Booted;
let bundle: string;
let seeded: Awaited<ReturnType<typeof seedSource>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  source = await boot();
  seeded = await seedSource(source.t, fake.baseUrl);
  bundle = await exportText(source.t, { password: PASSWORD });
});

afterAll(async () => {
  await source?.close();
  await fake?.close();
});

/** A fresh kernel holding its own agent `ada` (another name and documents). */
async function targetWithAda(): Promise<Booted> {
  const target = await boot();
  expect((await target.t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada Lovelace' }))).status).toBe(201);
  const documents = DOCUMENTS.map((d) => ({ ...d, markdown: `${d.markdown}\nlocal` }));
  expect((await target.t.request(json('PUT', '/api/agents/ada/profile-documents', { documents }))).status).toBe(200);
  return target;
}

const agentsOf = async (t: Booted['t']) => (await t.request('/api/agents')).body.agents.map((a: any) => ({ id: a.id, name: a.name }));
const tasksOf = async (t: Booted['t']) => (await t.request('/api/task-board/tasks')).body.tasks.map((x: any) => ({ title: x.title, assignedAgentId: x.assignedAgentId }));
const report = (body: any, id: string) => body.applied.find((a: any) => a.id === id)?.report;

describe('conflict policies', () => {
  it('preview names the conflict and what each policy would do', async () => {
    const target = await targetWithAda();
    try {
      for (const [policy, change] of [
        ['skip', { action: 'skip' }],
        ['replace', { action: 'update' }],
        ['rename', { action: 'rename', newId: 'ada-2' }],
      ] as const) {
        const res = await preview(target.t, { bundle, password: PASSWORD, conflictPolicy: policy });
        const agents = res.body.preview.categories.find((c: any) => c.id === 'agents');
        expect(agents.conflicts).toEqual([{ id: 'ada', label: 'Ada', reason: expect.stringContaining('name') }]);
        expect(agents.changes).toEqual([{ id: 'ada', label: 'Ada', ...change }]);
      }
      expect(await agentsOf(target.t)).toEqual([{ id: 'ada', name: 'Ada Lovelace' }]);
    } finally {
      await target.close();
    }
  });

  it('skip keeps the record here', async () => {
    const target = await targetWithAda();
    try {
      const res = await importBundle(target.t, { bundle, password: PASSWORD, confirm: true, conflictPolicy: 'skip' });
      expect(res.status).toBe(200);
      expect(report(res.body, 'agents')).toMatchObject({ created: [], skipped: ['ada'] });
      expect(await agentsOf(target.t)).toEqual([{ id: 'ada', name: 'Ada Lovelace' }]);
      expect((await target.t.request('/api/agents/ada/profile-documents')).body.documents[0].markdown).toMatch(/local$/);
      expect(await tasksOf(target.t)).toEqual([{ title: 'Write notes', assignedAgentId: 'ada' }]);
    } finally {
      await target.close();
    }
  });

  it("replace writes the bundle's record over it", async () => {
    const target = await targetWithAda();
    try {
      const res = await importBundle(target.t, { bundle, password: PASSWORD, confirm: true, conflictPolicy: 'replace' });
      expect(report(res.body, 'agents')).toMatchObject({ updated: ['ada'] });
      expect(await agentsOf(target.t)).toEqual([{ id: 'ada', name: 'Ada' }]);
      expect((await target.t.request('/api/agents/ada/profile-documents')).body.documents).toEqual(DOCUMENTS);
      expect((await target.t.request('/api/agents/ada/model-selection')).body.selection).toEqual({ connectionId: seeded.connectionId, model: 'gpt-test', reasoningEffort: 'off', temperature: 0.7 });
    } finally {
      await target.close();
    }
  });

  it('rename creates the record under a new id and the task board follows it', async () => {
    const target = await targetWithAda();
    try {
      const res = await importBundle(target.t, { bundle, password: PASSWORD, confirm: true, conflictPolicy: 'rename' });
      expect(report(res.body, 'agents')).toMatchObject({ renamed: [{ from: 'ada', to: 'ada-2' }] });
      expect(await agentsOf(target.t)).toEqual([
        { id: 'ada', name: 'Ada Lovelace' },
        { id: 'ada-2', name: 'Ada' },
      ]);
      expect((await target.t.request('/api/agents/ada-2/profile-documents')).body.documents).toEqual(DOCUMENTS);
      expect(await tasksOf(target.t)).toEqual([{ title: 'Write notes', assignedAgentId: 'ada-2' }]);
      expect((await target.t.request('/api/agents/ada-2/skills')).body.assigned).toEqual(['tidy']);
      expect((await target.t.request('/api/agents/ada/skills')).body.assigned).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

describe('a failing category', () => {
  it('leaves the categories before it applied and its own writes rolled back', async () => {
    const target = await boot();
    try {
      const broken = JSON.parse(await exportText(source.t));
      // The project is written first; the task naming a project that exists nowhere then fails the category.
      broken.categories['task-board'].items.push({ id: 'orphan', kind: 'task', projectId: 'nowhere', title: 'Lost', status: 'todo', priority: 'normal' });
      const res = await importBundle(target.t, { bundle: JSON.stringify(broken), confirm: true });
      expect(res.status).toBe(200);
      expect(res.body.complete).toBe(false);
      expect(res.body.failed).toMatchObject({ id: 'task-board', code: 'import_item_invalid' });
      expect(res.body.applied.map((a: any) => a.id)).toEqual(['mcp', 'model-connections', 'agents', 'operator-settings', 'sessions', 'skills']);
      expect(res.body.skipped).toEqual([{ id: 'ui-auth', reason: 'not_attempted' }]);
      expect(await agentsOf(target.t)).toEqual([{ id: 'ada', name: 'Ada' }]);
      expect((await target.t.request('/api/task-board/projects')).body.projects).toEqual([]);
      expect((await target.t.request('/api/task-board/tasks')).body.tasks).toEqual([]);
      expect(seeded.projectId).toBeTruthy();
    } finally {
      await target.close();
    }
  });
});
