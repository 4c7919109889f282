import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';

describe('health without a smoke token configured', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health'] });
  });
  afterAll(() => t?.close());

  it.each(['/health', '/api/health'])('%s answers the exact public projection', async (url) => {
    const res = await t.request(url);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['buildIdentity', 'ok', 'runtime', 'version']);
    expect(res.body).toMatchObject({ ok: true, runtime: 'svc', version: t.kernel.runtimeInfo.version });
    expect(res.body.buildIdentity).toMatch(/^sha256:[0-9a-f]{32}$/);
  });

  it('accepts the optional agentId query and never echoes a token when none is configured', async () => {
    const res = await t.inject({ url: '/health?agentId=main', headers: { 'x-svc-smoke-token': 'anything' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-smoke-token']).toBeUndefined();
  });

  it('rejects an oversized agentId', async () => {
    const res = await t.request(`/health?agentId=${'a'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('request_validation_failed');
  });
});

describe('health with a smoke token configured', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await startTestKernel({ mods: ['health'], config: { smokeToken: 'smoke-123' } });
  });
  afterAll(() => t?.close());

  it('echoes the token only when the header matches', async () => {
    const match = await t.inject({ url: '/api/health', headers: { 'x-svc-smoke-token': 'smoke-123' } });
    expect(match.headers['x-svc-smoke-token']).toBe('smoke-123');
    for (const wrong of ['smoke-12', 'smoke-1234', 'SMOKE-123', '']) {
      const res = await t.inject({ url: '/api/health', headers: { 'x-svc-smoke-token': wrong } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-svc-smoke-token']).toBeUndefined();
      expect(res.body).not.toContain('smoke-123');
    }
  });
});
