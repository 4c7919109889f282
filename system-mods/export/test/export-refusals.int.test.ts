/**
 * What an export or import refuses: a wrong password, a changed bundle, a missing confirmation
 * (400 with the preview, nothing written), wrong types, missing fields, oversized bundles,
 * unknown categories, items their category refuses, and bearer tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { boot, exportText, importBundle, PASSWORD, preview, seedSource, type Booted } from './export-kit.js';

let fake: FakeOpenAi;
let source: Booted;
let target: Booted;
let sealed: string;
let plain: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  source = await boot();
  target = await boot();
  await seedSource(source.t, fake.baseUrl);
  sealed = await exportText(source.t, { password: PASSWORD });
  plain = await exportText(source.t);
});

afterAll(async () => {
  await source?.close();
  await target?.close();
  await fake?.close();
});

const edit = (text: string, change: (bundle: any) => void) => {
  const bundle = JSON.parse(text);
  change(bundle);
  return JSON.stringify(bundle);
};

/** Nothing of the bundle reached the target. */
async function expectUntouched() {
  expect((await target.t.request('/api/agents')).body.agents).toEqual([]);
  expect((await target.t.request('/api/settings/model-connections')).body.connections).toEqual([]);
  expect((await target.t.request('/api/task-board/projects')).body.projects).toEqual([]);
}

describe('secrets', () => {
  it('a wrong password is 400 import_password_invalid, in preview and import', async () => {
    for (const [call, extra] of [
      [preview, {}],
      [importBundle, { confirm: true }],
    ] as const) {
      const res = await call(target.t, { bundle: sealed, password: 'not the right password', ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('import_password_invalid');
      expect(res.body.message).not.toContain('not the right password');
    }
    await expectUntouched();
  });

  it('a changed ciphertext or a changed record of a sealed bundle is 400 import_bundle_tampered', async () => {
    const flipped = edit(sealed, (b) => {
      const data = Buffer.from(b.secrets.data, 'base64');
      data[0] = data[0]! ^ 1;
      b.secrets.data = data.toString('base64');
    });
    const renamed = edit(sealed, (b) => (b.categories.agents.items[0].name = 'Eve'));
    for (const bundle of [flipped, renamed]) {
      const res = await importBundle(target.t, { bundle, password: PASSWORD, confirm: true });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('import_bundle_tampered');
    }
    await expectUntouched();
  });

  it('key derivation parameters past the bounds are refused before any work (400 import_bundle_invalid)', async () => {
    for (const kdf of [{ N: 2 ** 30 }, { N: 1000 }, { r: 64 }, { p: 100 }]) {
      const hostile = edit(sealed, (b) => Object.assign(b.secrets.kdf, kdf));
      const res = await preview(target.t, { bundle: hostile, password: PASSWORD });
      expect(res.status, JSON.stringify(kdf)).toBe(400);
      expect(res.body.error).toBe('import_bundle_invalid');
    }
  });

  it('a password shorter than 12 characters is refused', async () => {
    const res = await source.t.request(json('POST', '/api/export', { password: 'short' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('export_password_too_short');
  });

  it('bearer tokens never export or import', async () => {
    const created = await source.t.request(json('POST', '/api/settings/api-tokens', { name: 'metrics', scopes: ['diagnostics:read'] }));
    expect(created.status).toBe(201);
    const headers = { authorization: `Bearer ${created.body.token}`, 'content-type': 'application/json' };
    for (const [method, url] of [
      ['GET', '/api/export/catalog'],
      ['POST', '/api/export'],
      ['POST', '/api/export/import/preview'],
      ['POST', '/api/export/import'],
    ] as const) {
      const res = await source.t.request({ method, url, headers, payload: method === 'GET' ? undefined : '{}' });
      expect(res.status, url).toBe(403);
      expect(res.body.error).toBe('api_token_forbidden');
    }
  });
});

describe('confirmation', () => {
  it('without confirm: true the import is 400 import_confirmation_required with the preview, and nothing is written', async () => {
    for (const body of [{ bundle: plain }, { bundle: plain, confirm: false }]) {
      const res = await importBundle(target.t, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('import_confirmation_required');
      expect(res.body.preview.categories.find((c: any) => c.id === 'agents').changes).toEqual([{ id: 'ada', label: 'Ada', action: 'create' }]);
    }
    await expectUntouched();
  });
});

describe('request shape', () => {
  it('wrong types and missing fields are 400 export_request_invalid', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['/api/export', { categories: 'agents' }],
      ['/api/export', { password: 12345678901234 }],
      ['/api/export', { format: 'zip' }],
      ['/api/export/import/preview', {}],
      ['/api/export/import/preview', { bundle: 42 }],
      ['/api/export/import', { bundle: plain, confirm: 'yes' }],
      ['/api/export/import', { bundle: plain, confirm: true, conflictPolicy: 'merge' }],
      ['/api/export/import', { bundle: plain, confirm: true, categories: [] }],
    ];
    for (const [url, body] of cases) {
      const res = await target.t.request(json('POST', url, body));
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.body.error).toBe('export_request_invalid');
    }
    await expectUntouched();
  });

  it('a bundle that is not an svc export is 400 import_bundle_invalid', async () => {
    for (const bundle of ['not json', '[]', JSON.stringify({ format: 'other', version: 1 }), edit(plain, (b) => (b.version = 2)), edit(plain, (b) => (b.categories.agents.items = 'x'))]) {
      const res = await preview(target.t, { bundle });
      expect(res.status, bundle.slice(0, 40)).toBe(400);
      expect(res.body.error).toBe('import_bundle_invalid');
    }
  });

  it('a bundle over 25 MiB is 413 import_bundle_too_large', async () => {
    const huge = edit(plain, (b) => (b.categories.skills.items[0].content = 'x'.repeat(25 * 1024 * 1024)));
    const res = await importBundle(target.t, { bundle: huge, confirm: true });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('import_bundle_too_large');
    await expectUntouched();
  });

  it('an unknown category: refused when asked for, reported and skipped when the bundle has it', async () => {
    const asked = await source.t.request(json('POST', '/api/export', { categories: ['agents', 'recipes'] }));
    expect(asked.status).toBe(400);
    expect(asked.body.error).toBe('export_category_unknown');
    const selected = await importBundle(target.t, { bundle: plain, confirm: true, categories: ['recipes'] });
    expect(selected.status).toBe(400);
    expect(selected.body.error).toBe('export_category_unknown');

    const extra = edit(plain, (b) => {
      const skills = { ...b.categories.skills, items: b.categories.skills.items.filter((i: any) => i.kind === 'skill') };
      b.categories = { recipes: { title: 'Recipes', items: [{ id: 'soup' }], secretNames: [] }, skills };
    });
    const seen = await preview(target.t, { bundle: extra });
    expect(seen.body.preview.unknownCategories).toEqual([{ id: 'recipes', title: 'Recipes', items: 1 }]);
    const res = await importBundle(target.t, { bundle: extra, confirm: true });
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([{ id: 'recipes', reason: 'unknown_category' }]);
    expect(res.body.applied.map((a: any) => a.id)).toEqual(['skills']);
    expect((await target.t.request({ method: 'DELETE', url: '/api/settings/skills/tidy' })).status).toBe(200);
  });

  it('an item its category refuses is 400 import_item_invalid before anything is written', async () => {
    const cases = [
      edit(plain, (b) => (b.categories.agents.items[0].name = 7)),
      edit(plain, (b) => delete b.categories.agents.items[0].name),
      edit(plain, (b) => (b.categories.agents.items[0].id = '../etc')),
      edit(plain, (b) => b.categories.skills.items.push({ ...b.categories.skills.items[0] })),
      edit(plain, (b) => (b.categories['task-board'].items[0].kind = 'board')),
    ];
    for (const bundle of cases) {
      const res = await importBundle(target.t, { bundle, confirm: true });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('import_item_invalid');
    }
    await expectUntouched();
  });
});
