import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { FIXTURE_MODS, json } from '../../../test/helpers.js';

let t: TestKernel;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics', 'api-docs'], modSources: [FIXTURE_MODS] });
});
afterAll(() => t?.close());

const operations = (doc: { paths: Record<string, Record<string, unknown>> }) => Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));

describe('the OpenAPI contract', () => {
  it('lists every route of every enabled mod and the kernel, from the validating schemas', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const ops = operations(res.body);
    for (const op of ['GET /health', 'GET /api/health', 'GET /api/status', 'GET /api/diagnostics/mods/{modId}/jobs/{jobId}', 'GET /api/mods', 'POST /api/mod-management/{modId}/enable', 'GET /api/openapi.json']) {
      expect(ops).toContain(op);
    }
    const job = res.body.paths['/api/diagnostics/mods/{modId}/jobs/{jobId}'].get;
    expect(job.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['path:modId', 'path:jobId']);
    expect(job.parameters[1].schema.pattern).toBe('^[A-Za-z0-9_-]+$');
    expect(res.body.paths['/health'].get['x-svc-public']).toBe(true);
    expect(res.body['x-svc-error-codes'].mod_not_found).toBe(404);
    expect(res.body['x-svc-error-codes'].diagnostics_mod_not_found).toBe(404); // a mod's own catalogue
  });

  it('adds a mod when enabled and drops it when disabled', async () => {
    const before = operations((await t.request('/api/openapi.json')).body);
    expect(before).not.toContain('POST /api/mods/echo-mod/items');
    await t.request(json('POST', '/api/mod-management/echo-mod/enable'));
    const enabled = (await t.request('/api/openapi.json')).body;
    expect(operations(enabled)).toContain('POST /api/mods/echo-mod/items');
    expect(enabled.paths['/api/mods/echo-mod/items'].post.requestBody.content['application/json'].schema.required).toEqual(['name']);
    await t.request(json('POST', '/api/mod-management/echo-mod/disable'));
    expect(operations((await t.request('/api/openapi.json')).body)).not.toContain('POST /api/mods/echo-mod/items');
  });
});

describe('the API explorer', () => {
  it('serves the page with a strict CSP and local assets only', async () => {
    const page = await t.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const src of page.body.matchAll(/(?:src|href)="(docs\/[^"]+)"/g)) {
      const asset = await t.inject(`/api/${src[1]}`);
      expect(asset.statusCode, src[1]).toBe(200);
    }
  });

  it('refuses assets outside the allowlist and traversal attempts', async () => {
    for (const url of ['/api/docs/package.json', '/api/docs/..%2Fpackage.json', '/api/docs/index.html']) {
      const res = await t.inject(url);
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await t.request('/api/docs/nope.js')).body.error).toBe('docs_asset_not_found');
  });
});
