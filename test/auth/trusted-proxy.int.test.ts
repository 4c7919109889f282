import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { configFromEnv } from '../helpers.js';

describe('trusted-proxy mode', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health', 'diagnostics'], config: configFromEnv({ SVC_UI_AUTH_MODE: 'trusted-proxy', SVC_UI_AUTH_TRUSTED_PROXIES: '127.0.0.1,::1,10.1.1.1' }) });
  });
  afterAll(() => t?.close());

  const from = (remoteAddress: string, headers: Record<string, string> = {}) => t.request({ url: '/api/auth/validate', remoteAddress, headers });

  it('admits an allowed peer with a nonblank identity, IPv4-mapped or not', async () => {
    for (const peer of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.1.1.1']) {
      const res = await from(peer, { 'x-forwarded-user': 'alice' });
      expect(res.status, peer).toBe(200);
      expect(res.body).toMatchObject({ authenticated: true, user: 'alice', via: 'trusted-proxy' });
    }
  });

  it('refuses another peer, even one claiming an allowed address in X-Forwarded-For', async () => {
    const res = await from('10.1.1.2', { 'x-forwarded-user': 'alice', 'x-forwarded-for': '127.0.0.1' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('proxy_not_allowed');
    expect((await from('10.1.1.10', { 'x-forwarded-user': 'alice' })).body.error).toBe('proxy_not_allowed'); // no prefix matching
  });

  it('refuses a missing or blank identity from an allowed peer', async () => {
    for (const headers of [{}, { 'x-forwarded-user': '   ' }] as Record<string, string>[]) {
      const res = await from('127.0.0.1', headers);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('missing_proxy_user');
    }
  });
});

describe('trusted-proxy mode with a custom identity header', () => {
  it('reads only the configured header', async () => {
    const t = await startTestKernel({ mods: ['health'], config: configFromEnv({ SVC_UI_AUTH_MODE: 'trusted-proxy', SVC_UI_AUTH_PROXY_HEADER: 'X-Auth-User' }) });
    try {
      expect((await t.request({ url: '/api/auth/validate', remoteAddress: '127.0.0.1', headers: { 'x-auth-user': 'bob' } })).body.user).toBe('bob');
      expect((await t.request({ url: '/api/auth/validate', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-user': 'bob' } })).body.error).toBe('missing_proxy_user');
    } finally {
      await t.close();
    }
  });
});
