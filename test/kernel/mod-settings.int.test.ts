/** `GET/PUT /api/mod-management/{modId}/settings`: a mod's settings through its manifest schema. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health'], modSources: [FIXTURE_MODS] });
  expect((await t.request(json('POST', '/api/mod-management/echo-mod/enable'))).status).toBe(200);
});
afterAll(() => t?.close());

describe('mod settings', () => {
  it('reads the defaults and the schema, replaces the document, and the mod sees it at once', async () => {
    const initial = await t.request('/api/mod-management/echo-mod/settings');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ ok: true, modId: 'echo-mod', settings: { greeting: 'hello' }, schema: { properties: { greeting: { maxLength: 20 } } } });

    const saved = await t.request(json('PUT', '/api/mod-management/echo-mod/settings', { greeting: 'howdy' }));
    expect(saved.body.settings).toEqual({ greeting: 'howdy' });
    expect((await t.request('/api/mods/echo-mod/settings')).body.settings).toEqual({ greeting: 'howdy' });
    expect((await t.request('/api/mod-management/echo-mod/settings')).body.settings).toEqual({ greeting: 'howdy' });
  });

  it('refuses documents the schema refuses and leaves the stored one as it was', async () => {
    for (const body of [{ greeting: 'x'.repeat(21) }, { greeting: 42 }, { unknown: true }]) {
      const res = await t.request(json('PUT', '/api/mod-management/echo-mod/settings', body));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('mod_settings_invalid');
    }
    expect((await t.request(json('PUT', '/api/mod-management/echo-mod/settings', [1, 2]))).status).toBe(400);
    expect((await t.request('/api/mod-management/echo-mod/settings')).body.settings).toEqual({ greeting: 'howdy' });
  });

  it('answers 404 for an unknown mod and 400 for a malformed id', async () => {
    expect((await t.request('/api/mod-management/no-such-mod/settings')).body.error).toBe('mod_not_found');
    expect((await t.request('/api/mod-management/Bad_Id/settings')).status).toBe(400);
  });
});
