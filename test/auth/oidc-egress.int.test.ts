/**
 * The OIDC issuer goes through the egress guard: an issuer naming a link-local or metadata
 * address (any spelling) is refused when saved, and discovery refuses a name that resolves to
 * one, or loopback when SVC_EGRESS_ALLOW_LOOPBACK is false, with `egress_address_refused`.
 * (The sign-in flows through the guard against a real provider are in oidc.int.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

const CLIENT = { oidcClientId: 'svc-test-client', oidcClientSecret: randomBytes(24).toString('base64url'), basicSessionSeconds: 3600, basicInsecureCookies: true, oidcInsecureCookies: true };

describe('saving an issuer', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health'] });
  });
  afterAll(() => t?.close());

  it.each(['http://169.254.169.254/', 'http://[::ffff:169.254.169.254]/', 'http://2852039166/', 'http://0xa9fea9fe/', 'https://0251.0376.0251.0376/realms/x', 'https://[fe80::1]/', 'http://[fd00:ec2::254]/'])(
    'refuses %s',
    async (issuer) => {
      const res = await t.request(json('PUT', '/api/settings/ui-auth', { oidc: { issuer } }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toBe('egress_address_refused');
      expect((await t.request('/api/settings/ui-auth')).body.saved?.oidc?.issuer ?? null).toBeNull();
    },
  );

  it('accepts an issuer named by host name (checked when connecting)', async () => {
    const res = await t.request(json('PUT', '/api/settings/ui-auth', { oidc: { issuer: 'https://login.example.test/' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('discovery', () => {
  let kernels: TestKernel[] = [];
  afterAll(async () => {
    await Promise.all(kernels.map((k) => k.close()));
    kernels = [];
  });

  const login = async (t: TestKernel) => t.request({ method: 'GET', url: '/auth/oidc/login', headers: { host: '127.0.0.1' } });

  it('refuses an issuer whose name resolves to the metadata address', async () => {
    const t = await startTestKernel({
      mods: ['health'],
      config: { uiAuth: { ...CLIENT, mode: 'oidc', oidcIssuer: 'https://metadata.test:8443' } },
      egress: { resolve: async () => [{ address: '169.254.169.254', family: 4 }] },
    });
    kernels.push(t);
    const res = await login(t);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', host: 'metadata.test', address: '169.254.169.254', kind: 'metadata' });
  });

  it.each(['http://127.0.0.1:8080/', 'http://localhost:8080/'])('refuses loopback issuer %s when SVC_EGRESS_ALLOW_LOOPBACK=false', async (issuer) => {
    const t = await startTestKernel({
      mods: ['health'],
      config: { uiAuth: { ...CLIENT, mode: 'oidc', oidcIssuer: issuer }, egress: { allowLoopback: false, allowPrivate: true } },
    });
    kernels.push(t);
    const res = await login(t);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'egress_address_refused', kind: 'loopback' });
  });
});
