/**
 * The sign-in settings (the kernel's) travel through the settings mod's `ui-auth` category: with
 * the bundle password the Basic password hash moves and the same credentials sign in on the
 * new installation; without it the category fails as the settings route would (it would lock
 * everyone out) and the installation stays open. The contract publishes the routes' schemas.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel } from '../../../sdk/testing/index.js';
import { basicHeader, json } from '../../../test/helpers.js';
import { boot, PASSWORD, type Booted } from './export-kit.js';

const USER = 'ops';
const SIGN_IN = 'sign-in password 0123';

let source: Booted;
let sealed: string;
let plain: string;

const authed = (extra: Record<string, string> = {}) => ({ authorization: basicHeader(USER, SIGN_IN), ...extra });

async function exportAs(body: Record<string, unknown>): Promise<string> {
  const res = await source.t.inject({ ...json('POST', '/api/export', body), headers: authed({ 'content-type': 'application/json' }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

beforeAll(async () => {
  source = await boot();
  const put = await source.t.request(json('PUT', '/api/settings/ui-auth', { mode: 'basic', basic: { username: USER, password: SIGN_IN } }));
  expect(put.status).toBe(200);
  expect((await source.t.inject('/api/export/catalog')).statusCode).toBe(401);
  sealed = await exportAs({ categories: ['ui-auth'], password: PASSWORD });
  plain = await exportAs({ categories: ['ui-auth'] });
});

afterAll(() => source?.close());

describe('the ui-auth category', () => {
  it('carries the password hash only sealed', () => {
    const bundle = JSON.parse(sealed);
    expect(bundle.categories['ui-auth'].items).toEqual([expect.objectContaining({ id: 'ui-auth', mode: 'basic', basic: { username: USER } })]);
    expect(bundle.categories['ui-auth'].secretNames).toEqual(['ui-auth/basicPasswordHash']);
    expect(sealed).not.toMatch(/scrypt\$|\$argon|pbkdf2/i);
    expect(sealed).not.toContain(SIGN_IN);
    expect(JSON.parse(plain).secrets).toBeUndefined();
  });

  it('with the password: the same credentials sign in on the new installation', async () => {
    const target = await boot();
    try {
      const res = await target.t.request(json('POST', '/api/export/import', { bundle: sealed, password: PASSWORD, confirm: true }));
      expect(res.status).toBe(200);
      expect(res.body.applied).toEqual([expect.objectContaining({ id: 'ui-auth', report: expect.objectContaining({ created: ['ui-auth'] }), missingSecrets: [] })]);
      expect((await target.t.inject('/api/agents')).statusCode).toBe(401);
      expect((await target.t.inject({ url: '/api/agents', headers: authed() })).statusCode).toBe(200);
    } finally {
      await target.close();
    }
  });

  it('without the password: the category fails (it would lock everyone out) and the installation stays open', async () => {
    const target = await boot();
    try {
      const res = await target.t.request(json('POST', '/api/export/import', { bundle: plain, confirm: true }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ complete: false, applied: [], failed: { id: 'ui-auth', code: 'ui_auth_would_lock_out' } });
      expect((await target.t.inject('/api/agents')).statusCode).toBe(200);
    } finally {
      await target.close();
    }
  });
});

it('publishes the request and response schemas in the API contract', async () => {
  const target = await boot();
  try {
    const doc = (await target.t.request('/api/openapi.json')).body;
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body('/api/export').properties)).toEqual(['categories', 'password']);
    expect(body('/api/export/import/preview').required).toEqual(['bundle']);
    expect(Object.keys(body('/api/export/import').properties)).toEqual(expect.arrayContaining(['bundle', 'password', 'conflictPolicy', 'categories', 'confirm']));
    expect(Object.keys(doc.paths['/api/export/import'].post.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(doc.paths['/api/export/catalog'].get.responses['200']).toBeDefined();
  } finally {
    await target.close();
  }
});

describe('the kernel service behind it', () => {
  // The settings mod (a system mod) receives it: the tests above go through it.
  it('is refused to a mod outside the system roots, whatever capability it lists', async () => {
    const t = await startTestKernel({ mods: ['health'], modSources: [{ root: path.join(import.meta.dirname, 'fixtures', 'mods'), system: false }] });
    try {
      const res = await t.request(json('POST', '/api/mod-management/ui-auth-reader/enable'));
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('mod_service_unknown');
      expect(res.body.message).toContain('core.ui-auth-transfer');
    } finally {
      await t.close();
    }
  });
});
