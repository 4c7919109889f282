/**
 * The `schedules` export category through the export mod's routes: job definitions of one kernel
 * import into a fresh one (without their run history, enabled flags kept and said in the
 * preview), each conflict policy, owner agents that follow the agents category's renames,
 * refused items, and a failed import that leaves the jobs as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { MAX_PROMPT } from '../src/schemas/scheduled-jobs.schema.js';
import { KERNEL_MODS } from './kit.js';
import { editBundle, exportBundle, importBundle, previewImport } from '../../../test/kits/export-calls.js';

const MODS = [...KERNEL_MODS, 'export'];

let source: TestKernel;
let target: TestKernel;
let bundle: string;

async function ok(t: TestKernel, method: string, url: string, body?: unknown, status = 200): Promise<any> {
  const res = await t.request(json(method, url, body));
  if (res.status !== status) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const exportText = (t: TestKernel) => exportBundle(t, { categories: ['agents', 'schedules'] });

const preview = previewImport;
const edit = editBundle;
const schedulesOnly = () => edit(bundle, (b) => (b.categories = { schedules: b.categories.schedules }));
const report = (res: any) => res.body.applied.find((a: any) => a.id === 'schedules').report;
/** The definitions, as the API answers them. */
const definitions = async (t: TestKernel) =>
  (await ok(t, 'GET', '/api/scheduled-jobs')).jobs
    .map((j: any) => ({ id: j.id, agentId: j.agentId, name: j.name, prompt: j.prompt, cron: j.cron, timezone: j.timezone, sessionId: j.sessionId, enabled: j.enabled }))
    .sort((a: any, b: any) => a.id.localeCompare(b.id));
const job = async (t: TestKernel, id: string) => (await ok(t, 'GET', `/api/scheduled-jobs/${id}`)).job;

beforeAll(async () => {
  source = await startTestKernel({ mods: MODS });
  for (const id of ['ada', 'bob']) await ok(source, 'POST', '/api/agents', { id, name: id.toUpperCase() }, 201);
  await ok(source, 'POST', '/api/scheduled-jobs', { id: 'digest', agentId: 'ada', name: 'Digest', prompt: 'Summarise the day', cron: '0 9 * * 1-5', timezone: 'Europe/Berlin', sessionId: 'digests' }, 201);
  await ok(source, 'POST', '/api/scheduled-jobs', { id: 'weekly', agentId: 'bob', name: 'Weekly', prompt: 'Plan the week', cron: '30 7 * * MON', enabled: false }, 201);
  // A run in the history: it belongs to this installation and stays behind.
  await source.kernel.database.knex('schedules_runs').insert({ job_id: 'digest', trigger: 'manual', status: 'completed' });
  bundle = await exportText(source);
  target = await startTestKernel({ mods: MODS });
});

afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('export', () => {
  it('lists the definitions after agents, without run history or computed times', async () => {
    const catalog = await ok(source, 'GET', '/api/export/catalog');
    expect(catalog.categories.find((c: any) => c.id === 'schedules')).toMatchObject({ modId: 'schedules', dependsOn: ['agents'] });
    expect(JSON.parse(bundle).categories.schedules.items).toEqual([
      { id: 'digest', agentId: 'ada', name: 'Digest', prompt: 'Summarise the day', cron: '0 9 * * 1-5', timezone: 'Europe/Berlin', sessionId: 'digests', enabled: true },
      { id: 'weekly', agentId: 'bob', name: 'Weekly', prompt: 'Plan the week', cron: '30 7 * * MON', timezone: null, sessionId: 'default', enabled: false },
    ]);
  });
});

describe('into a fresh kernel', () => {
  it('creates the same jobs, enabled as exported (and the preview says which will run), with no history', async () => {
    const seen = await preview(target, { bundle });
    expect(seen.status).toBe(200);
    expect(seen.body.preview.categories.map((c: any) => c.id)).toEqual(['agents', 'schedules']);
    expect(seen.body.preview.categories[1].changes).toEqual([
      { id: 'digest', label: 'Digest (enabled: runs on its schedule once imported)', action: 'create' },
      { id: 'weekly', label: 'Weekly (disabled)', action: 'create' },
    ]);
    const res = await importBundle(target, { bundle });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ complete: true, failed: null });
    expect(report(res).created).toEqual(['digest', 'weekly']);
    expect(await definitions(target)).toEqual(await definitions(source));

    // The next occurrence is one after the import, in the job's zone; a disabled job has none.
    const digest = await job(target, 'digest');
    expect(Date.parse(digest.nextAt)).toBeGreaterThan(Date.now() - 60_000);
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(digest.nextAt));
    expect(wall).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 09:00$/);
    expect(await job(target, 'weekly')).toMatchObject({ nextAt: null, effectiveTimezone: 'UTC' });
    expect((await ok(target, 'GET', '/api/scheduled-jobs/digest/runs')).runs).toEqual([]);

    const again = await importBundle(target, { bundle });
    expect(report(again)).toMatchObject({ created: [], updated: [], unchanged: ['digest', 'weekly'] });
  });
});

describe('conflicts', () => {
  it('skip keeps the job here; rename adds the bundle’s under a new id; replace writes it', async () => {
    await ok(target, 'PATCH', '/api/scheduled-jobs/digest', { prompt: 'Summarise the week', enabled: false });
    const seen = await preview(target, { bundle: schedulesOnly(), conflictPolicy: 'rename' });
    expect(seen.body.preview.categories[0].conflicts).toEqual([{ id: 'digest', label: 'Digest (enabled: runs on its schedule once imported)', reason: 'differs in enabled, prompt' }]);
    expect(seen.body.preview.categories[0].changes[0]).toMatchObject({ id: 'digest', action: 'rename', newId: 'digest-2' });

    expect(report(await importBundle(target, { bundle: schedulesOnly(), conflictPolicy: 'skip' })).skipped).toEqual(['digest']);
    expect(await job(target, 'digest')).toMatchObject({ prompt: 'Summarise the week', enabled: false });

    expect(report(await importBundle(target, { bundle: schedulesOnly(), conflictPolicy: 'rename' })).renamed).toEqual([{ from: 'digest', to: 'digest-2' }]);
    expect(await job(target, 'digest-2')).toMatchObject({ agentId: 'ada', prompt: 'Summarise the day', enabled: true, timezone: 'Europe/Berlin' });
    expect((await job(target, 'digest-2')).nextAt).not.toBeNull();
    expect(await job(target, 'digest')).toMatchObject({ prompt: 'Summarise the week', enabled: false });

    expect(report(await importBundle(target, { bundle: schedulesOnly(), conflictPolicy: 'replace' })).updated).toEqual(['digest']);
    const replaced = await job(target, 'digest');
    expect(replaced).toMatchObject({ prompt: 'Summarise the day', enabled: true });
    expect(replaced.nextAt).not.toBeNull();
  });

  it('a job follows its owner when the agents category renames the agent', async () => {
    await ok(target, 'PATCH', '/api/agents/bob', { name: 'Robert' });
    const res = await importBundle(target, { bundle, conflictPolicy: 'rename' });
    expect(res.body.complete).toBe(true);
    expect(res.body.applied[0].report.renamed).toEqual([{ from: 'bob', to: 'bob-2' }]);
    // `weekly` here belongs to bob; the bundle's now belongs to bob-2: a conflict, renamed.
    expect(report(res).renamed).toEqual([{ from: 'weekly', to: 'weekly-2' }]);
    expect(await job(target, 'weekly-2')).toMatchObject({ agentId: 'bob-2', enabled: false });
    expect(await job(target, 'weekly')).toMatchObject({ agentId: 'bob' });
  });
});

describe('refusals', () => {
  const item = (change: (i: any) => void) => edit(schedulesOnly(), (b) => change(b.categories.schedules.items[0]));

  it('wrong types, missing fields and oversized values are 400 import_item_invalid before anything is written', async () => {
    const before = await definitions(target);
    const cases = [
      item((i) => (i.name = 7)),
      item((i) => delete i.enabled),
      item((i) => delete i.cron),
      item((i) => (i.prompt = 'p'.repeat(MAX_PROMPT + 1))),
      item((i) => (i.cron = '*'.repeat(201))),
      item((i) => (i.name = '  ')),
      item((i) => (i.nextAt = '2040-01-01T00:00:00Z')),
    ];
    for (const text of cases) {
      for (const res of [await preview(target, { bundle: text }), await importBundle(target, { bundle: text, conflictPolicy: 'replace' })]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('import_item_invalid');
      }
    }
    expect(await definitions(target)).toEqual(before);
  });

  it('an unknown agent, a cron or zone this runtime refuses, or a write the database refuses fails the category and leaves the jobs as they were', async () => {
    const before = await definitions(target);
    // A valid new job first, so a failure after its write shows the rollback.
    const withNew = (change: (i: any) => void) =>
      edit(schedulesOnly(), (b) => {
        const fresh = { ...b.categories.schedules.items[0], id: 'fresh-job' };
        const bad = { ...b.categories.schedules.items[0], id: 'bad-job' };
        change(bad);
        b.categories.schedules.items = [fresh, bad];
      });
    for (const [text, code, reason] of [
      [withNew((i) => (i.agentId = 'ghost')), 'import_item_invalid', 'agent ghost does not exist here'],
      [withNew((i) => (i.cron = '61 * * * *')), 'import_item_invalid', 'item bad-job: cron minute'],
      [withNew((i) => (i.timezone = 'Mars/Olympus')), 'import_item_invalid', 'Mars/Olympus is not an IANA time zone name'],
      // PostgreSQL text cannot hold NUL: the insert fails after the first job was written.
      [withNew((i) => (i.prompt = 'nul \u0000 inside')), 'import_category_failed', 'could not be imported'],
    ] as const) {
      const res = await importBundle(target, { bundle: text });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ complete: false, failed: { id: 'schedules', code } });
      expect(res.body.failed.message).toContain(reason);
      expect((await target.request('/api/scheduled-jobs/fresh-job')).status).toBe(404);
    }
    expect(await definitions(target)).toEqual(before);
  });
});
