import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { hashPassword } from '../../kernel/auth/password-hash.js';
import { basicHeader, configFromEnv, json } from '../helpers.js';

describe('ui-auth settings', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'diagnostics'] });
  });
  afterAll(() => t?.close());

  it('starts in mode none from the defaults', async () => {
    const res = await t.request('/api/settings/ui-auth');
    expect(res.status).toBe(200);
    expect(res.body.config).toMatchObject({
      mode: 'none',
      basic: { username: null, passwordSet: false },
      oidc: { clientSecretSet: false },
      trustedProxy: { allowedProxies: ['127.0.0.1', '::1'], identityHeader: 'x-forwarded-user' },
    });
    expect(res.body.effective).toMatchObject({ mode: 'none', source: 'default' });
  });

  it.each([
    [{ mode: 'basic', basic: { username: 'admin' } }, 'ui_auth_would_lock_out'],
    [{ mode: 'oidc', oidc: { issuer: 'https://id.example', clientId: 'svc' } }, 'ui_auth_would_lock_out'],
    [{ mode: 'trusted-proxy', trustedProxy: { allowedProxies: [] } }, 'ui_auth_would_lock_out'],
    [{ mode: 'magic' }, 'request_validation_failed'],
    [{ basic: { username: 'admin', password: '   ' } }, 'request_validation_failed'],
    [{ basic: { username: 'ad:min', password: 'x' } }, 'request_validation_failed'],
    [{ oidc: { issuer: 'ftp://id.example' } }, 'request_validation_failed'],
    [{ basic: { password: 42 } }, 'request_validation_failed'],
    [{ unknown: true }, 'request_validation_failed'],
  ])('refuses %o and saves nothing', async (body, code) => {
    const res = await t.request(json('PUT', '/api/settings/ui-auth', body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await t.request('/api/settings/ui-auth')).body.config.mode).toBe('none');
    expect(await t.kernel.database.knex('svc_secrets').where({ owner: 'kernel' }).whereLike('name', 'ui-auth.%')).toHaveLength(0);
  });

  it('saves basic mode with a write-only password encrypted at rest', async () => {
    const res = await t.request(json('PUT', '/api/settings/ui-auth', { mode: 'basic', basic: { username: 'admin', password: 'a long secret password' }, oidc: { clientSecret: 'oidc-secret-value' } }));
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('a long secret password');
    expect(text).not.toContain('oidc-secret-value');
    expect(text).not.toContain('scrypt$');
    expect(res.body.config.basic).toEqual({ username: 'admin', passwordSet: true });
    expect(res.body.config.oidc.clientSecretSet).toBe(true);
    expect(res.body.effective).toMatchObject({ mode: 'basic', source: 'database', configured: true });
    const rows = await t.kernel.database.knex('svc_secrets').where({ owner: 'kernel' });
    expect(JSON.stringify(rows)).not.toContain('oidc-secret-value');
    expect(JSON.stringify(rows)).not.toContain('scrypt$');

    expect((await t.request('/api/settings/ui-auth')).status).toBe(401);
    const authed = await t.request({ url: '/api/settings/ui-auth', headers: { authorization: basicHeader('admin', 'a long secret password') } });
    expect(authed.status).toBe(200);
    expect(authed.body.config.mode).toBe('basic');
  });

  it.each([
    ['a 5-character password', 'pw123'],
    ['an 11-character password', 'elevenchars'],
    ['11 characters spelled with 22 UTF-16 units', '\u{1F511}'.repeat(11)],
  ])('refuses %s with ui_auth_password_too_short and keeps the saved password', async (_name, password) => {
    const headers = { authorization: basicHeader('admin', 'a long secret password'), 'content-type': 'application/json' };
    const res = await t.request({ method: 'PUT', url: '/api/settings/ui-auth', headers, payload: JSON.stringify({ basic: { password } }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ui_auth_password_too_short');
    expect(res.body.message).toContain('at least 12 characters');
    expect(JSON.stringify(res.body)).not.toContain(password);
    expect((await t.request({ url: '/api/status', headers: { authorization: basicHeader('admin', password) } })).status).toBe(401);
    expect((await t.request({ url: '/api/status', headers })).status).toBe(200);
  });

  it('takes a value shaped like a password hash as a clear password, never as the hash itself', async () => {
    const headers = { authorization: basicHeader('admin', 'a long secret password'), 'content-type': 'application/json' };
    // The stored hash of "short": sent as the password, it must not make "short" the password.
    const hashOfShort = await hashPassword('short');
    const res = await t.request({ method: 'PUT', url: '/api/settings/ui-auth', headers, payload: JSON.stringify({ basic: { password: hashOfShort } }) });
    expect(res.status).toBe(200);
    expect((await t.request({ url: '/api/status', headers: { authorization: basicHeader('admin', 'short') } })).status).toBe(401);
    const withHashText = { authorization: basicHeader('admin', hashOfShort), 'content-type': 'application/json' };
    expect((await t.request({ url: '/api/status', headers: withHashText })).status).toBe(200);
    const back = await t.request({ method: 'PUT', url: '/api/settings/ui-auth', headers: withHashText, payload: JSON.stringify({ basic: { password: 'a long secret password' } }) });
    expect(back.status).toBe(200);
  });

  it('keeps the stored password when a later PUT omits it', async () => {
    const headers = { authorization: basicHeader('admin', 'a long secret password'), 'content-type': 'application/json' };
    const res = await t.request({ method: 'PUT', url: '/api/settings/ui-auth', headers, payload: JSON.stringify({ trustedProxy: { identityHeader: 'X-User' } }) });
    expect(res.status).toBe(200);
    expect(res.body.config.trustedProxy.identityHeader).toBe('x-user');
    expect((await t.request({ url: '/api/status', headers })).status).toBe(200);
  });
});

describe('environment over saved settings', () => {
  it('reports the mode from the environment as its source', async () => {
    const t = await startTestKernel({ mods: ['health'], config: configFromEnv({ SVC_UI_AUTH_MODE: 'trusted-proxy' }) });
    try {
      const res = await t.request({ url: '/api/settings/ui-auth', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-user': 'ops' } });
      expect(res.body.effective).toMatchObject({ mode: 'trusted-proxy', source: 'env' });
      expect(res.body.effective.envOverrides).toContain('mode');
    } finally {
      await t.close();
    }
  });
});
