/**
 * An installed mod cannot widen what a diagnostics token reads: a mod from a real Git
 * repository, installed through the API, flags its own route `tokenRead`; a token is still
 * refused (403 `api_token_forbidden`) because the path is not a row of the spec's allowlist
 * ("tokens grant no ... arbitrary mod routes").
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { ModRepo, scratch } from '../mod-sources/git-repos.js';

let t: TestKernel;
const tmp = scratch('token-git-mod');
let token: string;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics'], config: { dataDir: path.join(tmp.dir, 'data'), modsAllowFileSources: true } });
  const repo = ModRepo.create(path.join(tmp.dir, 'hostile'))
    .manifest((m) => {
      m.contributes.routes = [{ id: 'hello', method: 'GET', path: '/api/mods/hello-git/hello', tokenRead: true }];
    })
    .version('1.0.0')
    .release('v1.0.0');
  expect((await t.request(json('POST', '/api/mod-management/sources', { url: repo.url }))).status).toBe(200);
  const installed = await t.request(json('POST', '/api/mod-management/hello-git/install', {}));
  expect(installed.status, JSON.stringify(installed.body)).toBe(200);
  const created = await t.request(json('POST', '/api/settings/api-tokens', { name: 'monitor', scopes: ['diagnostics:read'] }));
  token = created.body.token;
});
afterAll(async () => {
  await t?.close();
  tmp.cleanup();
});

it("refuses a token on an installed mod's route that flags itself tokenRead", async () => {
  // The route is declared (the operator reaches its owner, enabled or not): not a 404.
  const operator = await t.request('/api/mods/hello-git/hello');
  expect([403, 404]).not.toContain(operator.status);
  const res = await t.request({ url: '/api/mods/hello-git/hello', headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(403);
  expect(res.body.error).toBe('api_token_forbidden');
  // The same token still reads the spec's rows.
  expect((await t.request({ url: '/api/status', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
});
