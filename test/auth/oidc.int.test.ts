/**
 * OIDC mode end to end over real HTTP: the kernel listens on a loopback port, a real
 * OpenID Provider (test/peers/oidc-provider.ts) runs on another, and the test plays the
 * browser with `fetch` (manual redirects) and a small cookie jar.
 */
import { randomBytes } from 'node:crypto';
import { parseSetCookie, type SetCookie } from 'cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type UiAuthEnv } from '../../kernel/config.js';
import { signValue } from '../../kernel/auth/signed-cookie.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { freePort } from '../e2e/server-process.js';
import { startOidcProvider, type OidcPeer } from '../peers/oidc-provider.js';

const CLIENT_ID = 'svc-test-client';
const CLIENT_SECRET = randomBytes(24).toString('base64url');
const STATE = 'svc_oidc_state';
const SESSION = 'svc_oidc_session';

const ALICE = { sub: 'alice-sub', email: 'Alice@Example.test', email_verified: true };
const BOB = { sub: 'bob-sub', email: 'bob@example.test', email_verified: true };
const MALLORY = { sub: 'mallory-sub', email: 'mallory@elsewhere.test', email_verified: true };
const UNVERIFIED = { sub: 'carol-sub', email: 'carol@example.test', email_verified: false };

/** What a browser keeps: cookies by host (ports share cookies) and path. */
class CookieJar {
  private readonly cookies = new Map<string, { host: string; path: string; name: string; value: string }>();

  /** Stores the response's cookies; returns them parsed (raw values). */
  store(url: string, res: Response): SetCookie[] {
    const { hostname, pathname } = new URL(url);
    const parsed = res.headers.getSetCookie().map((line) => parseSetCookie(line, { decode: (v) => v }));
    for (const cookie of parsed) {
      const path = cookie.path ?? (pathname.slice(0, pathname.lastIndexOf('/')) || '/');
      const key = `${hostname} ${path} ${cookie.name}`;
      const expired = cookie.maxAge !== undefined ? cookie.maxAge <= 0 : cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { host: hostname, path, name: cookie.name, value: cookie.value ?? '' });
    }
    return parsed;
  }

  header(url: string): string | undefined {
    const { hostname, pathname } = new URL(url);
    const matching = [...this.cookies.values()].filter((c) => c.host === hostname && (pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)));
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  set(host: string, name: string, value: string): void {
    this.cookies.set(`${host} / ${name}`, { host, path: '/', name, value });
  }

  delete(name: string): void {
    for (const [key, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(key);
  }
}

interface Sent {
  res: Response;
  cookies: SetCookie[];
  body: any;
}

/** One browser request: manual redirects, cookies from and into the jar. */
async function send(jar: CookieJar, url: string, init: { method?: string; json?: unknown } = {}): Promise<Sent> {
  const headers: Record<string, string> = {};
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });
  const cookies = jar.store(url, res);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { res, cookies, body };
}

const location = (sent: Sent, base: string) => new URL(sent.res.headers.get('location') ?? '', base);
const cookieNamed = (sent: Sent, name: string) => sent.cookies.find((c) => c.name === name);

interface Login {
  jar: CookieJar;
  /** The svc's answer to `/auth/oidc/login`. */
  start: Sent;
  /** The provider's authorization URL. */
  authorize: URL;
  /** Where the provider sent the browser back to. */
  callbackUrl: string;
  /** The svc's answer to the callback. */
  callback: Sent;
}

/**
 * Signs in as `user` through the whole redirect chain. `beforeCallback` may change the jar
 * just before the browser arrives back at the svc callback.
 */
async function login(base: string, peer: OidcPeer, user: typeof ALICE, options: { returnTo?: string; beforeCallback?: (jar: CookieJar) => void } = {}): Promise<Login> {
  const jar = new CookieJar();
  peer.setUser(user);
  const start = await send(jar, `${base}/auth/oidc/login?returnTo=${encodeURIComponent(options.returnTo ?? '/')}`);
  expect(start.res.status).toBe(302);
  const authorize = location(start, base);
  let url = authorize;
  for (let hop = 0; url.origin !== new URL(base).origin; hop++) {
    if (hop > 10) throw new Error('too many provider redirects');
    const step = await send(jar, url.href);
    expect([302, 303], `provider answered ${step.res.status} at ${url.pathname}: ${JSON.stringify(step.body)}`).toContain(step.res.status);
    url = location(step, url.href);
  }
  expect(url.pathname).toBe('/auth/oidc/callback');
  options.beforeCallback?.(jar);
  const callback = await send(jar, url.href);
  return { jar, start, authorize, callbackUrl: url.href, callback };
}

function decodeSigned(value: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(value.slice(0, value.indexOf('.')), 'base64url').toString('utf8')) as Record<string, unknown>;
}

const insecureCookieFlags = { basicSessionSeconds: 43_200, basicInsecureCookies: false, oidcInsecureCookies: true } satisfies Partial<UiAuthEnv>;

let peer: OidcPeer;
let envPort: number;
let settingsPort: number;

beforeAll(async () => {
  // The callback URLs are registered with the provider before the kernels start.
  envPort = await freePort();
  do settingsPort = await freePort();
  while (settingsPort === envPort);
  peer = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [envPort, settingsPort].map((port) => `http://127.0.0.1:${port}/auth/oidc/callback`),
  });
  expect([envPort, settingsPort]).not.toContain(Number(new URL(peer.issuer).port));
});
afterAll(() => peer?.close());

describe('oidc mode configured from the environment', () => {
  let t: TestKernel;
  let base: string;

  beforeAll(async () => {
    t = await startTestKernel({
      mods: ['health', 'diagnostics'],
      config: {
        port: envPort,
        uiAuth: {
          ...insecureCookieFlags,
          mode: 'oidc',
          oidcIssuer: peer.issuer,
          oidcClientId: CLIENT_ID,
          oidcClientSecret: CLIENT_SECRET,
          oidcRedirectUri: `http://127.0.0.1:${envPort}/auth/oidc/callback`,
          oidcAllowedDomains: ['example.test'],
        },
      },
    });
    base = await t.kernel.listen();
  });
  afterAll(() => t?.close());

  it('redirects an unauthenticated page request to the login route and answers an API request 401 with a login URL', async () => {
    const jar = new CookieJar();
    const page = await send(jar, `${base}/`);
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get('location')).toBe('/auth/oidc/login?returnTo=%2F');

    const api = await send(jar, `${base}/api/status`);
    expect(api.res.status).toBe(401);
    expect(api.body.error).toBe('unauthenticated');
    expect(api.body.loginUrl).toBe('/auth/oidc/login?returnTo=%2F');

    const session = await send(jar, `${base}/api/auth/session`);
    expect(session.res.status).toBe(200);
    expect(session.body).toMatchObject({ mode: 'oidc', enabled: true, authenticated: false });
  });

  it('signs in through the provider with state, nonce and S256 PKCE, and the session cookie then admits API requests', async () => {
    const { jar, start, authorize, callback } = await login(base, peer, ALICE, { returnTo: '/agents?tab=1' });

    // The authorization request.
    expect(authorize.origin).toBe(peer.issuer);
    const params = authorize.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(`${base}/auth/oidc/callback`);
    expect(params.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(start.res.headers.get('cache-control')).toBe('no-store');
    const stateCookie = cookieNamed(start, STATE);
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', maxAge: 600 });
    expect(stateCookie?.secure).not.toBe(true); // oidcInsecureCookies: plain HTTP
    expect(decodeSigned(stateCookie!.value!)).toMatchObject({ state: params.get('state'), nonce: params.get('nonce') });

    // The callback.
    expect(callback.res.status, JSON.stringify(callback.body)).toBe(302);
    expect(callback.res.headers.get('location')).toBe('/agents?tab=1');
    expect(cookieNamed(callback, STATE)?.maxAge).toBe(0);
    const sessionCookie = cookieNamed(callback, SESSION);
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
    expect(sessionCookie!.maxAge).toBeGreaterThan(0);
    expect(sessionCookie!.maxAge).toBeLessThanOrEqual(8 * 3600);
    expect(jar.get(STATE)).toBeUndefined();

    // Signed in.
    const status = await send(jar, `${base}/api/status`);
    expect(status.res.status).toBe(200);
    const session = await send(jar, `${base}/api/auth/session`);
    expect(session.body).toMatchObject({ mode: 'oidc', authenticated: true, via: 'oidc', user: 'alice@example.test' });
    const validate = await send(jar, `${base}/api/auth/validate`);
    expect(validate.res.status).toBe(200);
    expect(validate.body).toMatchObject({ authenticated: true, via: 'oidc', user: 'alice@example.test' });
  });

  it('returns only to a same-site path after login, whatever returnTo asked for', async () => {
    // A browser resolves Location relative to the page and drops tabs and newlines first.
    for (const returnTo of ['//evil.example/steal', '/\\evil.example/steal', '/\t/evil.example/steal', 'https://evil.example/steal']) {
      const { callback } = await login(base, peer, BOB, { returnTo });
      expect(callback.res.status, returnTo).toBe(302);
      const target = callback.res.headers.get('location')!;
      expect(new URL(target, base).origin, returnTo).toBe(new URL(base).origin);
      expect(target, returnTo).toBe('/');
    }
  });

  it('refuses a callback whose login-state nonce differs from the one the provider got', async () => {
    const { callback } = await login(base, peer, ALICE, {
      beforeCallback: (jar) => {
        const login = decodeSigned(jar.get(STATE)!);
        jar.delete(STATE);
        jar.set('127.0.0.1', STATE, signValue({ ...login, nonce: 'not-the-nonce-the-provider-got' }, CLIENT_SECRET));
      },
    });
    expect(callback.res.status).toBe(401);
    expect(callback.body.error).toBe('oidc_login_failed');
    expect(cookieNamed(callback, SESSION)).toBeUndefined();
    expect(cookieNamed(callback, STATE)?.maxAge).toBe(0); // the failed login state is cleared
  });

  it('refuses a callback carrying the login-state cookie of another sign-in (state mismatch)', async () => {
    const other = new CookieJar();
    expect((await send(other, `${base}/auth/oidc/login?returnTo=%2F`)).res.status).toBe(302);
    const otherState = other.get(STATE)!;
    const { callback } = await login(base, peer, ALICE, {
      beforeCallback: (jar) => {
        jar.delete(STATE);
        jar.set('127.0.0.1', STATE, otherState);
      },
    });
    expect(callback.res.status).toBe(401);
    expect(callback.body.error).toBe('oidc_login_failed');
    expect(cookieNamed(callback, SESSION)).toBeUndefined();
  });

  it('refuses to redeem an authorization code a second time', async () => {
    let stateCookie = '';
    const first = await login(base, peer, ALICE, { beforeCallback: (jar) => (stateCookie = jar.get(STATE)!) });
    expect(first.callback.res.status).toBe(302);
    const replayJar = new CookieJar();
    replayJar.set('127.0.0.1', STATE, stateCookie);
    const replay = await send(replayJar, first.callbackUrl);
    expect(replay.res.status).toBe(401);
    expect(replay.body.error).toBe('oidc_login_failed');
    expect(cookieNamed(replay, SESSION)).toBeUndefined();
  });

  it('accepts an ID token re-signed by the provider key with unchanged claims (the tampering peer itself is sound)', async () => {
    peer.tamperNextIdToken((claims) => claims);
    const { callback } = await login(base, peer, ALICE);
    expect(callback.res.status, JSON.stringify(callback.body)).toBe(302);
    expect(cookieNamed(callback, SESSION)?.value).toBeTruthy();
  });

  it('refuses an ID token issued for another audience', async () => {
    peer.tamperNextIdToken((claims) => ({ ...claims, aud: 'someone-else' }));
    const { callback } = await login(base, peer, ALICE);
    expect(callback.res.status).toBe(401);
    expect(callback.body.error).toBe('oidc_login_failed');
    expect(cookieNamed(callback, SESSION)).toBeUndefined();
  });

  it('refuses an unverified email when an allowlist is set, and an email outside the allowed domains', async () => {
    for (const user of [UNVERIFIED, MALLORY]) {
      const { callback } = await login(base, peer, user);
      expect(callback.res.status).toBe(401);
      expect(callback.body.error).toBe('oidc_login_failed');
      expect(cookieNamed(callback, SESSION)).toBeUndefined();
    }
  });

  it('refuses a callback that arrives without the login-state cookie', async () => {
    const { callback } = await login(base, peer, ALICE, { beforeCallback: (jar) => jar.delete(STATE) });
    expect(callback.res.status).toBe(401);
    expect(callback.body.error).toBe('oidc_login_failed');
    expect(cookieNamed(callback, SESSION)).toBeUndefined();
  });

  it('refuses a session cookie whose payload or signature was altered', async () => {
    const { jar, callback } = await login(base, peer, ALICE);
    expect(callback.res.status).toBe(302);
    const value = jar.get(SESSION)!;
    const [body, mac] = value.split('.') as [string, string];
    const payload = decodeSigned(value);
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, email: 'root@example.test', exp: (payload.exp as number) + 3600 })).toString('base64url');
    const flippedMac = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`; // the first character is all signature bits
    for (const forged of [`${forgedBody}.${mac}`, `${body}.${flippedMac}`, body]) {
      const other = new CookieJar();
      other.set('127.0.0.1', SESSION, forged);
      const status = await send(other, `${base}/api/status`);
      expect(status.res.status).toBe(401);
      expect(status.body.error).toBe('unauthenticated');
      expect((await send(other, `${base}/api/auth/session`)).body.authenticated).toBe(false);
    }
    expect((await send(jar, `${base}/api/status`)).res.status).toBe(200); // the genuine cookie still works
  });

  it('clears both OIDC cookies on logout', async () => {
    const { jar } = await login(base, peer, ALICE);
    const copy = jar.get(SESSION)!;
    const other = await login(base, peer, ALICE); // another browser: a session of its own
    const logout = await send(jar, `${base}/auth/logout`, { method: 'POST', json: {} });
    expect(logout.res.status).toBe(200);
    // The session itself ended: a copy of its cookie no longer signs in; the other browser's still does.
    const stolen = new CookieJar();
    stolen.set('127.0.0.1', SESSION, copy);
    expect((await send(stolen, `${base}/api/status`)).res.status).toBe(401);
    expect((await send(stolen, `${base}/api/auth/session`)).body.authenticated).toBe(false);
    expect((await send(other.jar, `${base}/api/status`)).res.status).toBe(200);
    for (const name of [STATE, SESSION]) {
      expect(cookieNamed(logout, name)).toMatchObject({ value: '', maxAge: 0, path: '/', httpOnly: true });
    }
    expect(jar.get(SESSION)).toBeUndefined();
    const after = await send(jar, `${base}/api/status`);
    expect(after.res.status).toBe(401);
    expect(after.body.error).toBe('unauthenticated');
  });
});

describe('oidc mode configured through the settings route', () => {
  let t: TestKernel;
  let base: string;

  beforeAll(async () => {
    // No mode or OIDC client in the environment: env values would override the saved ones.
    t = await startTestKernel({ mods: ['health', 'diagnostics'], config: { port: settingsPort, uiAuth: { ...insecureCookieFlags } } });
    base = await t.kernel.listen();
  });
  afterAll(() => t?.close());

  it('ends an existing session when the allowlist it was granted under is changed', async () => {
    const anonymous = new CookieJar();
    const configure = await send(anonymous, `${base}/api/settings/ui-auth`, {
      method: 'PUT',
      json: {
        mode: 'oidc',
        oidc: {
          issuer: peer.issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          redirectUri: `${base}/auth/oidc/callback`,
          allowedEmails: ['alice@example.test'],
        },
      },
    });
    expect(configure.res.status, JSON.stringify(configure.body)).toBe(200);
    expect((await send(anonymous, `${base}/api/status`)).res.status).toBe(401);

    const { jar, callback } = await login(base, peer, ALICE);
    expect(callback.res.status, JSON.stringify(callback.body)).toBe(302);
    expect((await send(jar, `${base}/api/status`)).res.status).toBe(200);

    // Alice, still signed in, replaces herself with Bob on the allowlist.
    const revoke = await send(jar, `${base}/api/settings/ui-auth`, { method: 'PUT', json: { oidc: { allowedEmails: ['bob@example.test'] } } });
    expect(revoke.res.status, JSON.stringify(revoke.body)).toBe(200);

    const refused = await send(jar, `${base}/api/status`);
    expect(refused.res.status).toBe(401);
    expect(refused.body.error).toBe('unauthenticated');
    expect((await send(jar, `${base}/api/auth/session`)).body.authenticated).toBe(false);

    // Alice cannot sign in again; Bob can.
    const again = await login(base, peer, ALICE);
    expect(again.callback.res.status).toBe(401);
    expect(again.callback.body.error).toBe('oidc_login_failed');
    const bob = await login(base, peer, BOB);
    expect(bob.callback.res.status).toBe(302);
    expect((await send(bob.jar, `${base}/api/status`)).res.status).toBe(200);
  });
});

describe('oidc mode without a client secret', () => {
  let t: TestKernel;

  beforeAll(async () => {
    t = await startTestKernel({
      mods: ['health', 'diagnostics'],
      config: { uiAuth: { ...insecureCookieFlags, mode: 'oidc', oidcIssuer: peer.issuer, oidcClientId: CLIENT_ID } },
    });
  });
  afterAll(() => t?.close());

  it('answers 503 auth_not_configured for API, page and login requests', async () => {
    for (const url of ['/api/status', '/', '/auth/oidc/login?returnTo=%2F', '/auth/oidc/callback?code=x&state=y']) {
      const res = await t.request(url);
      expect(res.status, url).toBe(503);
      expect(res.body.error, url).toBe('auth_not_configured');
    }
  });
});

describe('the default callback URL (no redirect URI configured)', () => {
  const kernels: TestKernel[] = [];
  afterAll(() => Promise.all(kernels.map((k) => k.close())));

  async function loginLocation(trustedProxies: string[], headers: Record<string, string>): Promise<URL> {
    const t = await startTestKernel({
      mods: ['health'],
      config: {
        port: 0,
        // The proxy's public name must be listed: a forwarded host passes the same host policy as Host.
        http: { ...loadConfig({}).http, trustedProxies, allowedHosts: ['svc.example.test'] },
        uiAuth: { ...insecureCookieFlags, mode: 'oidc', oidcIssuer: peer.issuer, oidcClientId: CLIENT_ID, oidcClientSecret: CLIENT_SECRET, oidcAllowedDomains: ['example.test'] },
      },
    });
    kernels.push(t);
    const base = await t.kernel.listen();
    const res = await fetch(`${base}/auth/oidc/login?returnTo=%2F`, { redirect: 'manual', headers });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  it('is the forwarded https address behind a trusted proxy', async () => {
    const location = await loginLocation(['127.0.0.1'], { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'svc.example.test' });
    expect(location.searchParams.get('redirect_uri')).toBe('https://svc.example.test/auth/oidc/callback');
  });

  it('ignores forwarded headers from a peer that is not a trusted proxy', async () => {
    const location = await loginLocation(['10.9.9.9'], { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example.test' });
    expect(location.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/oidc\/callback$/);
  });
});
