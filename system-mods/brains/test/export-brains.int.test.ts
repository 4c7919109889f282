/**
 * The `brains` export category through the export mod's routes: Brain records of one kernel
 * import into a fresh one (no vectors in the bundle: the target indexes them with its own
 * embeddings model, here the fake OpenAI-compatible server), each conflict policy, agent
 * references that follow the agents category's renames, refused items, a failed import that
 * leaves the records as they were, and an export too large to import refused whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';
import { until } from '../../../test/kits/until.js';
import { bagOfWordsEmbedder, startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { MAX_CONTENT } from '../src/services/record-rules.js';
import { editBundle, exportBundle, importBundle, previewImport } from '../../../test/kits/export-calls.js';

const MODS = ['health', 'agents', 'brains', 'model-connections', 'provider-openai', 'export'];

let fake: FakeOpenAi;
let source: TestKernel;
let target: TestKernel;
let bundle: string;
const ids: Record<string, string> = {};

async function ok(t: TestKernel, method: string, url: string, body?: unknown, status = 200): Promise<any> {
  const res = await t.request(json(method, url, body));
  if (res.status !== status) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function boot(): Promise<TestKernel> {
  const t = await startTestKernel({ mods: MODS, modSources: [FIXTURE_MODS] });
  expect((await t.request(json('POST', '/api/mod-management/tool-caller/enable'))).body.mod.status).toBe('loaded');
  return t;
}

const exportText = (t: TestKernel, categories = ['agents', 'brains']) => exportBundle(t, { categories });

const preview = previewImport;
const edit = editBundle;
const brainsOf = (text: string) => JSON.parse(text).categories.brains.items as any[];

/** An agent's active records as the API answers them, without the installation-local revision and provenance (runs of that installation). */
async function records(t: TestKernel, agentId: string) {
  const body = await ok(t, 'GET', `/api/brains?agentId=${agentId}&limit=1000`);
  return body.items.map(({ revision: _revision, provenance: _provenance, ...rest }: any) => rest).sort((a: any, b: any) => a.id.localeCompare(b.id));
}

const tool = (t: TestKernel, name: string, agentId: string, input: unknown) => t.request(json('POST', '/api/mods/tool-caller/invoke', { tool: `mod.brains.${name}`, agentId, input }));

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.embedder = bagOfWordsEmbedder(64);
  source = await boot();
  for (const id of ['ada', 'bob']) await ok(source, 'POST', '/api/agents', { id, name: id.toUpperCase() }, 201);
  ids.deploy = (await ok(source, 'POST', '/api/brains?agentId=ada', { title: 'Deploy schedule', content: 'Production deploys happen on Tuesday afternoons.', sourceRefs: ['run:r1', 'card:c9'] }, 201)).id;
  ids.coffee = (await ok(source, 'POST', '/api/brains?agentId=ada', { title: 'Coffee', content: 'The team prefers oat milk in coffee.' }, 201)).id;
  const gone = await ok(source, 'POST', '/api/brains?agentId=ada', { title: 'Obsolete', content: 'Removed before the export.' }, 201);
  await ok(source, 'DELETE', `/api/brains/${gone.id}?agentId=ada`, { expectedRevision: 1 });
  ids.gone = gone.id;
  const saved = await tool(source, 'brain_save', 'bob', { title: 'Parking', content: 'Visitors park in lot B behind the building.' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  ids.parking = saved.body.output.id;
  bundle = await exportText(source);

  target = await boot();
  const connection = await ok(target, 'POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, apiKey: 'sk-test-export-brains-0123456789' }, 201);
  await ok(target, 'PUT', '/api/settings/brain-embeddings', { enabled: true, connectionId: connection.connection.id, model: 'embed-small' });
});

afterAll(async () => {
  await source?.close();
  await target?.close();
  await fake?.close();
});

describe('export', () => {
  it('lists the brains category after agents, with active records only and no vectors', async () => {
    const catalog = await ok(source, 'GET', '/api/export/catalog');
    expect(catalog.categories.find((c: any) => c.id === 'brains')).toMatchObject({ modId: 'brains', dependsOn: ['agents'] });
    const items = brainsOf(bundle);
    expect(items.map((i) => i.id).sort()).toEqual([`ada/${ids.deploy}`, `ada/${ids.coffee}`, `bob/${ids.parking}`].sort());
    const deploy = items.find((i) => i.recordId === ids.deploy);
    const stored = await ok(source, 'GET', `/api/brains/${ids.deploy}?agentId=ada`);
    expect(deploy).toEqual({
      id: `ada/${ids.deploy}`,
      agentId: 'ada',
      recordId: ids.deploy,
      title: 'Deploy schedule',
      content: 'Production deploys happen on Tuesday afternoons.',
      sourceRefs: ['run:r1', 'card:c9'],
      operatorOwned: true,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    });
    expect(items.find((i) => i.recordId === ids.parking)).toMatchObject({ agentId: 'bob', operatorOwned: false });
    expect(bundle).not.toContain('Obsolete');
  });
});

describe('into a fresh kernel', () => {
  it('creates the same records, which the target indexes with its own model and finds', async () => {
    const seen = await preview(target, { bundle });
    expect(seen.status).toBe(200);
    const ordered = seen.body.preview.categories.map((c: any) => c.id);
    expect(ordered).toEqual(['agents', 'brains']);
    expect(seen.body.preview.categories[1].changes).toContainEqual({ id: `ada/${ids.deploy}`, label: 'Deploy schedule', action: 'create' });

    const res = await importBundle(target, { bundle });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ complete: true, failed: null });
    expect(res.body.applied[1].report.created.sort()).toEqual(
      brainsOf(bundle)
        .map((i) => i.id)
        .sort(),
    );
    for (const agent of ['ada', 'bob']) expect(await records(target, agent)).toEqual(await records(source, agent));
    // Revision 1 here: the revision counts this installation's writes; its history says it was imported.
    expect((await ok(target, 'GET', `/api/brains/${ids.deploy}?agentId=ada`)).revision).toBe(1);
    expect((await ok(target, 'GET', `/api/brains/${ids.deploy}/revisions?agentId=ada`)).items).toEqual([expect.objectContaining({ revision: 1, author: 'import', provenance: null })]);

    const status = await until(
      () => ok(target, 'GET', '/api/settings/brain-embeddings'),
      (s) => s.pending === 0 && s.indexed === 3,
      'the imported records to be indexed',
      60_000,
    );
    expect(status).toMatchObject({ total: 3, indexed: 3, failed: 0 });
    const found = await tool(target, 'brain_search', 'ada', { query: 'when do production deploys happen' });
    expect(found.body.output.retrieval).toEqual({ mode: 'hybrid' });
    expect(found.body.output.items[0]).toMatchObject({ id: ids.deploy, title: 'Deploy schedule' });
    expect(found.body.output.items[0].similarity).toBeGreaterThan(0.3);

    const again = await importBundle(target, { bundle });
    expect(again.body.applied[1].report).toMatchObject({ created: [], updated: [], unchanged: expect.arrayContaining([`ada/${ids.deploy}`, `bob/${ids.parking}`]) });
  });
});

describe('conflicts', () => {
  const brainsOnly = () => edit(bundle, (b) => (b.categories = { brains: b.categories.brains }));
  const report = (res: any) => res.body.applied.find((a: any) => a.id === 'brains').report;

  it('skip keeps the record here; replace writes the bundle’s; rename adds it under a new id', async () => {
    const here = await ok(target, 'GET', `/api/brains/${ids.coffee}?agentId=ada`);
    await ok(target, 'PUT', `/api/brains/${ids.coffee}?agentId=ada`, { title: 'Coffee', content: 'Black, no sugar.', expectedRevision: here.revision });

    const seen = await preview(target, { bundle: brainsOnly(), conflictPolicy: 'rename' });
    const brains = seen.body.preview.categories[0];
    expect(brains.conflicts).toEqual([{ id: `ada/${ids.coffee}`, label: 'Coffee', reason: 'differs in content, updatedAt' }]);
    expect(brains.changes).toContainEqual({ id: `ada/${ids.coffee}`, label: 'Coffee', action: 'rename', newId: `ada/${ids.coffee}-2` });

    const skipped = await importBundle(target, { bundle: brainsOnly(), conflictPolicy: 'skip' });
    expect(report(skipped).skipped).toEqual([`ada/${ids.coffee}`]);
    expect((await ok(target, 'GET', `/api/brains/${ids.coffee}?agentId=ada`)).content).toBe('Black, no sugar.');

    const renamed = await importBundle(target, { bundle: brainsOnly(), conflictPolicy: 'rename' });
    expect(report(renamed).renamed).toEqual([{ from: `ada/${ids.coffee}`, to: `ada/${ids.coffee}-2` }]);
    expect((await ok(target, 'GET', `/api/brains/${ids.coffee}?agentId=ada`)).content).toBe('Black, no sugar.');
    expect((await ok(target, 'GET', `/api/brains/${ids.coffee}-2?agentId=ada`)).content).toBe('The team prefers oat milk in coffee.');

    const replaced = await importBundle(target, { bundle: brainsOnly(), conflictPolicy: 'replace' });
    expect(report(replaced).updated).toEqual([`ada/${ids.coffee}`]);
    const after = await ok(target, 'GET', `/api/brains/${ids.coffee}?agentId=ada`);
    expect(after).toMatchObject({ content: 'The team prefers oat milk in coffee.', revision: here.revision + 2 });
  });

  it('replace revives a record deleted here; skip leaves the tombstone', async () => {
    const here = await ok(target, 'GET', `/api/brains/${ids.parking}?agentId=bob`);
    await ok(target, 'DELETE', `/api/brains/${ids.parking}?agentId=bob`, { expectedRevision: here.revision });
    const seen = await preview(target, { bundle: brainsOnly(), conflictPolicy: 'skip' });
    expect(seen.body.preview.categories[0].conflicts).toEqual([{ id: `bob/${ids.parking}`, label: 'Parking', reason: 'differs in deleted, operatorOwned, updatedAt' }]);
    await importBundle(target, { bundle: brainsOnly(), conflictPolicy: 'skip' });
    expect((await target.request(`/api/brains/${ids.parking}?agentId=bob`)).status).toBe(404);
    const replaced = await importBundle(target, { bundle: brainsOnly(), conflictPolicy: 'replace' });
    expect(report(replaced).updated).toEqual([`bob/${ids.parking}`]);
    expect(await ok(target, 'GET', `/api/brains/${ids.parking}?agentId=bob`)).toMatchObject({ content: 'Visitors park in lot B behind the building.', operatorOwned: false, deleted: false });
  });

  it('records follow their agent when the agents category renames it', async () => {
    await ok(target, 'PATCH', '/api/agents/bob', { name: 'Robert' });
    const res = await importBundle(target, { bundle, conflictPolicy: 'rename' });
    expect(res.body.complete).toBe(true);
    expect(res.body.applied[0].report.renamed).toEqual([{ from: 'bob', to: 'bob-2' }]);
    expect(report(res).created).toEqual([`bob/${ids.parking}`]);
    expect((await records(target, 'bob-2')).map((r: any) => ({ id: r.id, agentId: r.agentId, title: r.title }))).toEqual([{ id: ids.parking, agentId: 'bob-2', title: 'Parking' }]);
    await until(
      () => ok(target, 'GET', '/api/settings/brain-embeddings'),
      (s) => s.pending === 0 && s.indexed === s.total,
      'the new records to be indexed',
      60_000,
    );
  });
});

describe('refusals', () => {
  const item = (change: (i: any) => void) => edit(bundle, (b) => change(b.categories.brains.items[0]));
  const total = async () => (await ok(target, 'GET', '/api/settings/brain-embeddings')).total;

  it('wrong types, missing fields and oversized values are 400 import_item_invalid before anything is written', async () => {
    const before = await total();
    const cases = [
      item((i) => (i.title = 7)),
      item((i) => delete i.content),
      item((i) => (i.content = 'x'.repeat(MAX_CONTENT + 1))),
      item((i) => (i.title = '   ')),
      item((i) => (i.sourceRefs = ['r'.repeat(2001)])),
      item((i) => (i.createdAt = 'yesterday')),
      item((i) => (i.embedding = [0.1, 0.2])),
    ];
    for (const text of cases) {
      const res = await importBundle(target, { bundle: text, categories: ['brains'] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('import_item_invalid');
    }
    expect(await total()).toBe(before);
  });

  it('an unknown agent, an id that is not <agent>/<record>, or a write the database refuses fails the category and leaves the records as they were', async () => {
    const before = await records(target, 'ada');
    const indexedBefore = await total();
    // A valid new record first, so a failure after its write shows the rollback.
    const withNew = (change: (i: any) => void) =>
      edit(bundle, (b) => {
        const fresh = { ...b.categories.brains.items[0], recordId: 'fresh-record', id: 'ada/fresh-record', title: 'Fresh' };
        const bad = { ...b.categories.brains.items[0], recordId: 'bad-record', id: 'ada/bad-record' };
        change(bad);
        b.categories = { brains: { ...b.categories.brains, items: [fresh, bad] } };
      });
    for (const [text, code, reason] of [
      [withNew((i) => Object.assign(i, { agentId: 'ghost', id: 'ghost/bad-record' })), 'import_item_invalid', 'agent ghost does not exist here'],
      [withNew((i) => (i.id = 'ada/other-record')), 'import_item_invalid', 'the id must be <agentId>/<recordId>'],
      // PostgreSQL text cannot hold NUL: the insert fails after the first record was written.
      [withNew((i) => (i.title = 'nul \u0000 inside')), 'import_category_failed', 'could not be imported'],
    ] as const) {
      const res = await importBundle(target, { bundle: text });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ complete: false, failed: { id: 'brains', code } });
      expect(res.body.failed.message).toContain(reason);
      expect((await target.request('/api/brains/fresh-record?agentId=ada')).status).toBe(404);
    }
    expect(await records(target, 'ada')).toEqual(before);
    expect(await total()).toBe(indexedBefore);
  });

  it('an export whose records pass the 25 MiB an import reads is refused whole', async () => {
    const knex = source.kernel.database.knex;
    const base = Date.now();
    const rows = Array.from({ length: 270 }, (_, n) => ({
      agent_id: 'bob',
      id: `bulk-${String(n).padStart(4, '0')}`,
      title: `Bulk ${n}`,
      content: 'x'.repeat(MAX_CONTENT),
      source_refs: '[]',
      revision: 1,
      operator_owned: true,
      created_at: new Date(base),
      updated_at: new Date(base),
    }));
    for (let i = 0; i < rows.length; i += 30) await knex('brains_records').insert(rows.slice(i, i + 30));
    try {
      const res = await source.inject(json('POST', '/api/export', { categories: ['agents', 'brains'] }));
      expect(res.statusCode).toBe(413);
      expect(JSON.parse(res.body).error).toBe('brain_export_too_large');
      expect(JSON.parse(await exportText(source, ['agents'])).categories.agents.items).toHaveLength(2);
    } finally {
      await knex('brains_records').where('id', 'like', 'bulk-%').delete();
    }
    expect(brainsOf(await exportText(source))).toHaveLength(3);
  });
});

describe('many records', () => {
  it('imports hundreds of records in one transaction, indexes them all, and renames without collisions', async () => {
    const template = brainsOf(bundle)[0];
    const many = Array.from({ length: 600 }, (_, n) => {
      const recordId = `many${String(n).padStart(4, '0')}`;
      return { ...template, id: `ada/${recordId}`, recordId, title: `Note ${n}`, content: `Remember item number ${n} of the inventory.` };
    });
    const text = edit(bundle, (b) => (b.categories = { brains: { ...b.categories.brains, items: many } }));
    const res = await importBundle(target, { bundle: text });
    expect(res.body).toMatchObject({ complete: true });
    expect(res.body.applied[0].report.created).toHaveLength(600);
    expect((await ok(target, 'GET', '/api/brains?agentId=ada&query=inventory&limit=1000')).items).toHaveLength(600);
    await until(
      () => ok(target, 'GET', '/api/settings/brain-embeddings'),
      (s) => s.pending === 0 && s.indexed === s.total && s.failed === 0,
      'every imported record to be indexed',
      120_000,
    );

    // `many0000` and `many0000-2` share a stem: each conflicting one gets its own free id.
    const twins = [many[0], { ...many[0], id: 'ada/many0000-2', recordId: 'many0000-2' }].map((i) => ({ ...i, content: 'Changed elsewhere.' }));
    const first = await importBundle(target, { bundle: edit(text, (b) => (b.categories.brains.items = [twins[1]])) });
    expect(first.body.applied[0].report.created).toEqual(['ada/many0000-2']);
    const renamed = await importBundle(target, { bundle: edit(text, (b) => (b.categories.brains.items = twins.map((t) => ({ ...t, content: 'Changed again.' })))), conflictPolicy: 'rename' });
    expect(renamed.body.applied[0].report.renamed).toEqual([
      { from: 'ada/many0000', to: 'ada/many0000-3' },
      { from: 'ada/many0000-2', to: 'ada/many0000-4' },
    ]);
  });
});
