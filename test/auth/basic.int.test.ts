import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../kernel/auth/password-hash.js';
import { signValue } from '../../kernel/auth/signed-cookie.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { basicHeader, configFromEnv, cookiesFrom, json } from '../helpers.js';

const PASSWORD = 'pa:ss:word with colons';

describe('basic mode configured from the environment', () => {
  let t: TestKernel;
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword(PASSWORD);
    t = await startTestKernel({
      mods: ['health', 'diagnostics'],
      config: configFromEnv({ SVC_UI_AUTH_MODE: 'basic', SVC_UI_AUTH_BASIC_USERNAME: 'admin', SVC_UI_AUTH_BASIC_PASSWORD_HASH: hash }),
    });
  });
  afterAll(() => t?.close());

  it('challenges with WWW-Authenticate when no credentials are sent', async () => {
    const res = await t.request('/api/status');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthenticated');
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="svc"/);
  });

  it.each([
    ['a wrong password', basicHeader('admin', 'pa:ss')],
    ['a wrong username', basicHeader('root', PASSWORD)],
    ['no colon', `Basic ${Buffer.from('admin').toString('base64')}`],
    ['not base64', 'Basic !!!'],
  ])('refuses %s', async (_name, authorization) => {
    const res = await t.request({ url: '/api/status', headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBeDefined();
  });

  it('accepts a password containing colons and issues a signed session cookie', async () => {
    const res = await t.inject({ url: '/api/status', headers: { authorization: basicHeader('admin', PASSWORD) } });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^hc_basic_session=[^;]+;/);
    for (const flag of ['Max-Age=43200', 'Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']) expect(cookie).toContain(flag);
    const withCookie = await t.inject({ url: '/api/status', headers: { cookie: cookiesFrom(res.headers['set-cookie']) } });
    expect(withCookie.statusCode).toBe(200);
    expect(String(withCookie.headers['set-cookie'])).toMatch(/^hc_basic_session=/); // refreshed on each success
    const session = await t.request({ url: '/api/auth/session', headers: { cookie: cookiesFrom(res.headers['set-cookie']) } });
    expect(session.body).toMatchObject({ authenticated: true, user: 'admin', via: 'basic' });
  });

  it('refuses tampered, expired, foreign-user and wrongly keyed cookies', async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const good = signValue({ u: 'admin', exp: future, sid: 'a-session-id' }, hash);
    expect((await t.inject({ url: '/api/status', headers: { cookie: `hc_basic_session=${good}` } })).statusCode).toBe(200);
    const [body, mac] = good.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ u: 'admin', exp: future + 999999, sid: 'a-session-id' })).toString('base64url')}.${mac}`;
    const expired = signValue({ u: 'admin', exp: Math.floor(Date.now() / 1000) - 1, sid: 'a-session-id' }, hash);
    const otherUser = signValue({ u: 'mallory', exp: future, sid: 'a-session-id' }, hash);
    const otherKey = signValue({ u: 'admin', exp: future, sid: 'a-session-id' }, await hashPassword(PASSWORD)); // same password, different hash
    const noSessionId = signValue({ u: 'admin', exp: future }, hash); // signed before sessions had ids
    const oversizedId = signValue({ u: 'admin', exp: future, sid: 'x'.repeat(65) }, hash);
    const wrongTypeId = signValue({ u: 'admin', exp: future, sid: 42 }, hash);
    for (const value of [tampered, `${body}.`, expired, otherUser, otherKey, noSessionId, oversizedId, wrongTypeId, 'garbage']) {
      const res = await t.request({ url: '/api/status', headers: { cookie: `hc_basic_session=${value}` } });
      expect(res.status, value).toBe(401);
    }
  });

  it('signs the session out for good: its cookie, a copy, and one a late response set again no longer sign in', async () => {
    const authorization = basicHeader('admin', PASSWORD);
    const login = await t.inject({ url: '/api/status', headers: { authorization } });
    const session = cookiesFrom(login.headers['set-cookie']);
    // A request sent before the sign-out is answered after it, with the session's refreshed cookie.
    const inFlight = await t.inject({ url: '/api/status', headers: { cookie: session } });
    expect(inFlight.statusCode).toBe(200);
    const lateCookie = cookiesFrom(inFlight.headers['set-cookie']);
    // A second sign-in (another browser) is a session of its own.
    const other = cookiesFrom((await t.inject({ url: '/api/status', headers: { authorization } })).headers['set-cookie']);

    const logout = await t.inject({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'application/json', cookie: session }, payload: '{}' });
    expect(logout.statusCode).toBe(200);
    for (const cookie of [session, lateCookie]) {
      const res = await t.request({ url: '/api/status', headers: { cookie } });
      expect(res.status).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined(); // nothing refreshed
      expect((await t.request({ url: '/api/auth/session', headers: { cookie } })).body).toMatchObject({ authenticated: false });
    }
    expect((await t.request({ url: '/api/status', headers: { cookie: other } })).status).toBe(200);
    // Signing out again, or with no cookie or a forged one, is harmless.
    for (const cookie of [session, 'hc_basic_session=garbage', undefined]) {
      const again = await t.inject({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: '{}' });
      expect(again.statusCode).toBe(200);
    }
    const [row] = await t.kernel.database.knex('svc_auth_revoked_sessions').select('sid', 'expires_at');
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 43_000_000); // a full cookie lifetime (12 h)
  });

  it('answers the UI page with the Basic challenge too', async () => {
    const res = await t.inject('/');
    expect([401, 404]).toContain(res.statusCode);
  });
});

describe('basic mode configured through settings', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'diagnostics'], config: configFromEnv({ SVC_UI_AUTH_BASIC_INSECURE_COOKIES: 'true' }) });
  });
  afterAll(() => t?.close());

  it('invalidates old cookies when the password or the username changes', async () => {
    const put = await t.request(json('PUT', '/api/settings/ui-auth', { mode: 'basic', basic: { username: 'admin', password: 'first password' } }));
    expect(put.status).toBe(200);
    const login = await t.inject({ url: '/api/status', headers: { authorization: basicHeader('admin', 'first password') } });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).not.toContain('Secure');
    const oldCookie = cookiesFrom(login.headers['set-cookie']);

    const change = await t.request({ ...json('PUT', '/api/settings/ui-auth', { basic: { password: 'second password' } }), headers: { 'content-type': 'application/json', cookie: oldCookie } });
    expect(change.status).toBe(200);
    expect((await t.request({ url: '/api/status', headers: { cookie: oldCookie } })).status).toBe(401);

    const relogin = await t.inject({ url: '/api/status', headers: { authorization: basicHeader('admin', 'second password') } });
    const secondCookie = cookiesFrom(relogin.headers['set-cookie']);
    const rename = await t.request({ ...json('PUT', '/api/settings/ui-auth', { basic: { username: 'operator' } }), headers: { 'content-type': 'application/json', cookie: secondCookie } });
    expect(rename.status).toBe(200);
    expect((await t.request({ url: '/api/status', headers: { cookie: secondCookie } })).status).toBe(401);
    expect((await t.request({ url: '/api/status', headers: { authorization: basicHeader('operator', 'second password') } })).status).toBe(200);
  });

  it('clears the Basic cookie on logout', async () => {
    const res = await t.inject({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    for (const name of ['hc_basic_session', 'svc_oidc_state', 'svc_oidc_session']) {
      expect(cookies.find((c) => c.startsWith(`${name}=`))).toContain('Max-Age=0');
    }
  });

  it('makes the browser ask for the password again after signing out, even while it re-sends the one it keeps', async () => {
    const authorization = basicHeader('operator', 'second password');
    const login = await t.inject({ url: '/api/status', headers: { authorization } });
    expect(login.statusCode).toBe(200);
    const session = cookiesFrom(login.headers['set-cookie']);

    const logout = await t.inject({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'application/json', cookie: session }, payload: '{}' });
    expect(logout.statusCode).toBe(200);
    const set = ([] as string[]).concat(logout.headers['set-cookie'] as string[]);
    const marker = set.find((c) => c.startsWith('svc_signed_out='));
    expect(marker).toMatch(/^svc_signed_out=1;/);
    expect(marker).toContain('HttpOnly');

    // The browser comes back with the signed-out mark and its remembered password: challenged once, the mark cleared.
    const again = await t.inject({ url: '/api/status', headers: { authorization, cookie: 'svc_signed_out=1' } });
    expect(again.statusCode).toBe(401);
    expect(again.headers['www-authenticate']).toMatch(/^Basic realm="svc"/);
    expect(String(again.headers['set-cookie'])).toMatch(/^svc_signed_out=; Max-Age=0/);
    // The password typed into the browser's prompt then signs in.
    const typed = await t.inject({ url: '/api/status', headers: { authorization } });
    expect(typed.statusCode).toBe(200);
    // A valid session cookie is not affected by the mark.
    expect((await t.inject({ url: '/api/status', headers: { cookie: `${cookiesFrom(typed.headers['set-cookie'])}; svc_signed_out=1` } })).statusCode).toBe(200);
    const who = await t.request({ url: '/api/auth/session', headers: { cookie: cookiesFrom(typed.headers['set-cookie']) } });
    expect(who.body).toMatchObject({ mode: 'basic', authenticated: true, user: 'operator', via: 'basic' });
  });
});

describe('basic mode without a password', () => {
  it('answers 503 auth_not_configured', async () => {
    const t = await startTestKernel({ mods: ['health', 'diagnostics'], config: configFromEnv({ SVC_UI_AUTH_MODE: 'basic', SVC_UI_AUTH_BASIC_USERNAME: 'admin' }) });
    try {
      const res = await t.request('/api/status');
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('auth_not_configured');
      expect((await t.request('/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('basic mode throttles repeated failures', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({
      mods: ['health', 'diagnostics'],
      config: configFromEnv({ SVC_UI_AUTH_MODE: 'basic', SVC_UI_AUTH_BASIC_USERNAME: 'admin', SVC_UI_AUTH_BASIC_PASSWORD_HASH: await hashPassword(PASSWORD) }),
    });
  });
  afterAll(() => t?.close());
  const from = (remoteAddress: string, user: string, password: string) => t.request({ url: '/api/status', remoteAddress, headers: { authorization: basicHeader(user, password) } });

  it('answers 429 auth_throttled with Retry-After after five failures from a peer, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.1', 'mallory', `guess ${i}`)).status).toBe(401);
    const throttled = await from('10.0.0.1', 'mallory', 'guess 5');
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe('auth_throttled');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(30);
    const rightPassword = await from('10.0.0.1', 'admin', PASSWORD);
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body.error).toBe('auth_throttled');
  });

  it('does not throttle another peer for failures on another username', async () => {
    expect((await from('10.0.0.2', 'admin', PASSWORD)).status).toBe(200);
    // The same /64 is one peer: an IPv6 host cannot rotate addresses around the throttle.
    for (let i = 0; i < 5; i++) expect((await from(`2001:db8::${i + 1}`, `user${i}`, 'wrong')).status).toBe(401);
    expect((await from('2001:db8::ff', 'admin', PASSWORD)).status).toBe(429);
    expect((await from('2001:db9::1', 'admin', PASSWORD)).status).toBe(200);
  });

  it('throttles a username that failed from many peers, and a success clears its counter', async () => {
    for (let i = 0; i < 4; i++) expect((await from(`10.1.0.${i}`, 'admin', 'wrong')).status).toBe(401);
    expect((await from('10.1.1.1', 'admin', PASSWORD)).status).toBe(200); // clears admin
    for (let i = 0; i < 4; i++) expect((await from(`10.2.0.${i}`, 'admin', 'wrong')).status).toBe(401);
    expect((await from('10.2.1.0', 'admin', 'wrong')).status).toBe(401); // the fifth failure for admin
    const blocked = await from('10.2.1.1', 'admin', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
