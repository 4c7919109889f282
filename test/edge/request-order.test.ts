/**
 * One test per step of the request order, each proving the step's position: host policy →
 * origin / content type → auth routes → public health → bearer tokens (never falling back) →
 * interactive mode → dispatch.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { basicHeader, configFromEnv, cookiesFrom, json } from '../helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({
    mods: ['health', 'diagnostics'],
    config: configFromEnv({
      SVC_UI_ALLOWED_HOSTS: 'svc.test:8080,localhost:80',
      SVC_UI_ALLOWED_ORIGINS: 'https://console.example.com',
      SVC_UI_AUTH_MODE: 'basic',
      SVC_UI_AUTH_BASIC_USERNAME: 'admin',
      SVC_UI_AUTH_BASIC_PASSWORD: 'correct horse',
    }),
  });
});
afterAll(() => t?.close());

const host = { host: 'svc.test:8080' };

describe('1. host authority policy comes first', () => {
  it('refuses another authority even for public health', async () => {
    const res = await t.request({ url: '/health', headers: { host: 'evil.test:8080' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('host_not_allowed');
    expect((await t.request({ url: '/health', headers: host })).status).toBe(200);
  });

  it('refuses a malformed authority', async () => {
    const res = await t.request({ url: '/health', headers: { host: 'svc.test:8080/x' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('host_malformed');
  });

  it('refuses an absolute-form target that would override the checked authority', async () => {
    const url = await t.kernel.listen();
    const { port } = new URL(url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('GET http://evil.test/health HTTP/1.1\r\nHost: svc.test:8080\r\nConnection: close\r\n\r\n');
      });
      let data = '';
      socket.on('data', (c) => (data += c));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain('absolute_target_not_allowed');
  });
});

describe('1b. browser origin and content type, for /api/ and /auth/', () => {
  it('refuses a foreign Origin on /api/health before health is served', async () => {
    const res = await t.request({ url: '/api/health', headers: { ...host, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('browser_origin_not_allowed');
  });

  it.each(['null', 'http://svc.test:8080.evil.example', 'http://svc.test:8080/path', 'file://svc.test:8080', 'http://user@svc.test:8080'])('refuses Origin %s', async (origin) => {
    const res = await t.request({ url: '/api/health', headers: { ...host, origin } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('browser_origin_not_allowed');
  });

  it('echoes an allowed origin with Vary and credentials, never *', async () => {
    for (const origin of ['http://svc.test:8080', 'https://svc.test:8080', 'https://console.example.com']) {
      const res = await t.inject({ url: '/api/health', headers: { ...host, origin } });
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers.vary).toContain('Origin');
    }
  });

  it('completes an accepted preflight with 204 before authentication, and refuses a cross-site one', async () => {
    const ok = await t.inject({
      method: 'OPTIONS',
      url: '/api/status',
      headers: { ...host, origin: 'https://console.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-methods']).toContain('POST');
    const bad = await t.request({ method: 'OPTIONS', url: '/api/status', headers: { ...host, origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(bad.status).toBe(403);
    expect(bad.body.error).toBe('browser_origin_not_allowed');
  });

  it('requires application/json for mutations before authentication, except a bodyless DELETE', async () => {
    const res = await t.request({ method: 'POST', url: '/api/mod-management/health/disable', headers: { ...host, 'content-type': 'text/plain' }, payload: 'x' });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('application_json_required');
    const noType = await t.request({ method: 'POST', url: '/auth/logout', headers: host });
    expect(noType.status).toBe(415);
    const del = await t.request({ method: 'DELETE', url: '/api/settings/api-tokens/00000000-0000-4000-8000-000000000000', headers: host });
    expect(del.status).toBe(401); // passed the content-type check, stopped by authentication
    const delWithBody = await t.request({ method: 'DELETE', url: '/api/settings/api-tokens/x', headers: { ...host, 'content-type': 'text/plain' }, payload: 'x' });
    expect(delWithBody.status).toBe(415);
  });
});

describe('2–3. auth routes and public health come before authentication', () => {
  it('serves discovery, session and health without credentials in basic mode', async () => {
    expect((await t.request({ url: '/api/auth/discovery', headers: host })).body).toEqual({ ok: true, mode: 'basic', enabled: true });
    expect((await t.request({ url: '/api/auth/session', headers: host })).body).toMatchObject({ ok: true, authenticated: false });
    expect((await t.request({ url: '/api/health', headers: host })).status).toBe(200);
    expect((await t.request({ url: '/api/status', headers: host })).status).toBe(401);
  });
});

describe('4–5. a presented bearer token never falls back', () => {
  it('refuses a bad token even alongside a valid Basic session cookie', async () => {
    const login = await t.inject({ url: '/api/status', headers: { ...host, authorization: basicHeader('admin', 'correct horse') } });
    expect(login.statusCode).toBe(200);
    const cookie = cookiesFrom(login.headers['set-cookie']);
    expect((await t.inject({ url: '/api/status', headers: { ...host, cookie } })).statusCode).toBe(200);
    const res = await t.request({ url: '/api/status', headers: { ...host, cookie, authorization: 'Bearer svc_not-a-real-token' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('api_token_forbidden');
  });

  it('ignores an empty bearer token and applies the interactive mode', async () => {
    const res = await t.request({ url: '/api/status', headers: { ...host, authorization: 'Bearer ' } });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Basic realm="svc"');
  });
});

describe('6–7. interactive mode, then dispatch', () => {
  it('authenticates before an unknown route is revealed as unknown', async () => {
    expect((await t.request({ url: '/api/no-such-route', headers: host })).status).toBe(401);
    const res = await t.request({ url: '/api/no-such-route', headers: { ...host, authorization: basicHeader('admin', 'correct horse') } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('route_not_found');
  });

  it('reads no body before authentication', async () => {
    const res = await t.request({ ...json('POST', '/api/mod-management/health/disable', {}), headers: { ...host, 'content-type': 'application/json' }, payload: '{not json' });
    expect(res.status).toBe(401); // invalid JSON would be 400 if the body had been parsed first
  });
});
