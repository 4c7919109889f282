import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenMayRead } from '../../kernel/auth/token-gate.js';
import { projectRoot } from '../../kernel/config.js';
import { RouteTable } from '../../kernel/http/route-table.js';
import { checkManifest } from '../../kernel/mods/manifest-schema.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

let t: TestKernel;
let token: string;
let tokenId: string;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics'] });
  const created = await t.request(json('POST', '/api/settings/api-tokens', { name: 'grafana', scopes: ['diagnostics:read'] }));
  expect(created.status).toBe(201);
  token = created.body.token;
  tokenId = created.body.record.id;
});
afterAll(() => t?.close());

const bearer = (url: string, method = 'GET', value = token) =>
  t.request({ method: method as 'GET', url, headers: { authorization: `Bearer ${value}`, 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{}' });

describe('creating tokens', () => {
  it('shows the token once and stores only its SHA-256 and a 12-character prefix', async () => {
    expect(token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    const list = await t.request('/api/settings/api-tokens');
    expect(JSON.stringify(list.body)).not.toContain(token);
    const listed = list.body.tokens.find((x: { id: string }) => x.id === tokenId);
    expect(listed).toMatchObject({ name: 'grafana', prefix: token.slice(0, 12), scopes: ['diagnostics:read'], status: 'active' });
    const row = await t.kernel.database.knex('svc_api_tokens').where({ id: tokenId }).first();
    expect(row.hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('lists the supported scopes beside the tokens', async () => {
    const list = await t.request('/api/settings/api-tokens');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ ok: true, supportedScopes: ['diagnostics:read'] });
    expect(Array.isArray(list.body.tokens)).toBe(true);
  });

  it('creates a token without scopes when scopes is omitted (or empty); it reads nothing', async () => {
    for (const body of [{ name: 'no scopes' }, { name: 'empty scopes', scopes: [] }]) {
      const res = await t.request(json('POST', '/api/settings/api-tokens', body));
      expect(res.status, body.name).toBe(201);
      expect(res.body.record).toMatchObject({ name: body.name, scopes: [], status: 'active' });
      expect((await bearer('/api/status', 'GET', res.body.token)).status, body.name).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `/api/settings/api-tokens/${res.body.record.id}` })).status).toBe(200);
    }
  });

  it.each([
    [{ scopes: ['admin'] }, 'api_token_scope_invalid'],
    [{ scopes: ['diagnostics:read', 'diagnostics:read'] }, 'api_token_scope_invalid'],
    [{ scopes: 'diagnostics:read' }, 'request_validation_failed'],
    [{ scopes: ['diagnostics:read'], expiresAt: '2001-01-01T00:00:00Z' }, 'api_token_expiry_invalid'],
    [{ scopes: ['diagnostics:read'], expiresAt: 'tomorrow' }, 'request_validation_failed'],
    [{ scopes: ['diagnostics:read'], name: 'x'.repeat(121) }, 'request_validation_failed'],
  ])('refuses %o with 400', async (body, code) => {
    const res = await t.request(json('POST', '/api/settings/api-tokens', body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
  });
});

describe('using tokens', () => {
  it('reads the allowlisted diagnostics with authenticated:false and records the use', async () => {
    for (const url of ['/api/health', '/api/status', '/api/metrics', '/metrics', '/api/diagnostics/sql', '/api/diagnostics/inventory', '/api/diagnostics/mods', '/api/status?agentId=x']) {
      expect((await bearer(url)).status, url).toBe(200);
    }
    const row = await t.kernel.database.knex('svc_api_tokens').where({ id: tokenId }).first();
    expect(row.last_used_at).not.toBeNull();
  });

  it('never mutates, manages tokens or reaches routes outside the allowlist', async () => {
    for (const [url, method] of [
      ['/api/mod-management/health/disable', 'POST'],
      ['/api/settings/api-tokens', 'GET'],
      ['/api/settings/api-tokens', 'POST'],
      ['/api/settings/ui-auth', 'GET'],
      ['/api/mods', 'GET'],
      ['/api/openapi.json', 'GET'],
    ] as const) {
      const res = await bearer(url, method);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toBe('api_token_forbidden');
    }
  });

  it('refuses path and query tricks around the allowlist', async () => {
    for (const url of [
      '/api/status/',
      '/api/diagnostics//sql',
      '/api/traces/..%2Fsettings',
      '/api/traces/%2e%2e/settings',
      '/api/sessions/a/b',
      '/api/sessions/',
      '/api/mods?next=/api/status',
      '/api/diagnostics/mods/x/jobs/..',
      '/api/traces/x/../../settings/api-tokens',
    ]) {
      const res = await bearer(url);
      expect(res.status, url).toBe(403);
    }
  });

  it('judges an escaped spelling by the path the router matches', async () => {
    // `%73` is `s`: the same resource as /api/status, so the same answer; an escaped slash stays a different path.
    expect((await bearer('/api/%73tatus')).status).toBe(200);
    expect((await bearer('/api/diagnostics%2Fsql')).status).toBe(403);
  });

  it('refuses a token with a valid prefix and a wrong body', async () => {
    const forged = `${token.slice(0, 12)}${'A'.repeat(token.length - 12)}`;
    expect((await bearer('/api/status', 'GET', forged)).status).toBe(403);
  });

  it('refuses a revoked and an expired token', async () => {
    const second = await t.request(json('POST', '/api/settings/api-tokens', { scopes: ['diagnostics:read'], expiresAt: new Date(Date.now() + 1500).toISOString() }));
    expect((await bearer('/api/status', 'GET', second.body.token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600)); // past its expiry, though it was just verified
    expect((await bearer('/api/status', 'GET', second.body.token)).status).toBe(403);
    expect((await t.request('/api/settings/api-tokens')).body.tokens.find((x: { id: string }) => x.id === second.body.record.id).status).toBe('expired');

    const revoked = await t.request({ method: 'DELETE', url: `/api/settings/api-tokens/${tokenId}` });
    expect(revoked.status).toBe(200);
    expect(revoked.body.token.status).toBe('revoked');
    expect((await bearer('/api/status')).status).toBe(403);
  });

  it('404s an unknown token id and 400s a malformed one', async () => {
    const unknown = await t.request({ method: 'DELETE', url: '/api/settings/api-tokens/00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('api_token_not_found');
    expect((await t.request({ method: 'DELETE', url: '/api/settings/api-tokens/not-a-uuid' })).status).toBe(400);
  });
});

describe('the token allowlist', () => {
  // Every system mod's routes, as the router holds them: the flag on the matched entry decides.
  const table = new RouteTable();
  const modsDir = path.join(projectRoot, 'system-mods');
  for (const id of readdirSync(modsDir)) {
    const file = path.join(modsDir, id, 'mod.json');
    if (existsSync(file)) table.declare(id, (JSON.parse(readFileSync(file, 'utf8')) as ModManifest).contributes?.routes ?? []);
  }
  const mayRead = (pathname: string) => tokenMayRead(table.find('GET', pathname)?.entry, pathname);

  // The spec's list, as far as a route serves it today (Forge, session context and archive
  // routes declare `tokenRead` when they arrive; until then no route matches those paths).
  it.each([
    '/api/health',
    '/api/status',
    '/api/metrics',
    '/metrics',
    '/api/diagnostics/inventory',
    '/api/diagnostics/sql',
    '/api/diagnostics/mods',
    '/api/diagnostics/mods/exec-gateway/pending',
    '/api/diagnostics/mods/exec-gateway/jobs',
    '/api/diagnostics/mods/m/jobs/Job_1-a',
    '/api/agents',
    '/api/agent-status',
    '/api/sessions',
    '/api/sessions/default',
    '/api/chat/runs/active',
    '/api/traces',
    '/api/traces/run-1',
    '/api/traces/run-1/authority',
  ])('admits %s', (pathname) => expect(mayRead(pathname)).toBe(true));

  it.each([
    '/api/sessions/a/b',
    '/api/chat',
    '/api/settings/api-tokens',
    '/api/mods/x',
    '/api/archive/other',
    '/api/healthz',
    '/api/traces/',
    '/api/traces/a%2Fb',
    '/api/agents/ada',
    '/api/agents/ada/profile-documents',
    '/api/diagnostics/mods/x/jobs/..',
    '/api/sessions/.',
    '/api/models',
    '/metrics/',
    '/metrics/x',
    '/api/metrics/x',
  ])('refuses %s', (pathname) => expect(mayRead(pathname)).toBe(false));

  // The spec's segment rules, on routes whose owners flag them: the flag alone does not widen the table.
  it.each([
    '/api/sessions/default/export',
    '/api/sessions/a/export?format=json',
    '/api/diagnostics/forge/jobs/not-a-uuid',
    '/api/diagnostics/forge/jobs/0f8fad5b-d9cb-469f-a165-70867728950',
    '/api/diagnostics/forge/jobs/0f8fad5b-d9cb-469f-a165-70867728950ez',
    '/api/diagnostics/mods/Bad_Mod/jobs',
    '/api/diagnostics/mods/m/jobs/a.b',
  ])('refuses %s although its route sets tokenRead', (url) => {
    const pathname = url.split('?')[0]!;
    expect(table.find('GET', pathname)?.entry.tokenRead).toBe(true);
    expect(mayRead(pathname)).toBe(false);
  });

  it.each(['/api/diagnostics/forge/jobs/0f8fad5b-d9cb-469f-a165-70867728950e', '/api/diagnostics/forge/jobs/0F8FAD5B-D9CB-469F-A165-70867728950E', '/api/archive/runs/r-1', '/api/archive/sessions/s-1'])(
    "admits %s (the spec's segment pattern)",
    (pathname) => expect(mayRead(pathname)).toBe(true),
  );

  it("refuses a path outside the spec's table even when its route sets tokenRead", () => {
    const own = new RouteTable();
    own.declare('m', [
      { id: 'r', method: 'GET', path: '/api/mods/m/report', tokenRead: true },
      { id: 'x', method: 'GET', path: '/api/agents-export', tokenRead: true },
    ]);
    for (const pathname of ['/api/mods/m/report', '/api/agents-export']) expect(tokenMayRead(own.find('GET', pathname)?.entry, pathname), pathname).toBe(false);
  });

  it('refuses tokenRead on a route that is not GET', () => {
    const problems = checkManifest(
      { id: 'm', name: 'M', version: '1.0.0', entry: 'src/index.ts', contributes: { routes: [{ id: 'w', method: 'POST', path: '/api/mods/m/w', tokenRead: true }] } },
      { folderName: 'm', kernelVersion: '0.1.0', hookNames: [] },
    );
    expect(problems).toEqual(['route w is POST; only GET routes may set tokenRead']);
  });
});
