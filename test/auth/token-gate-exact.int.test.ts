/**
 * The diagnostics token gate matches the spec's allowlist exactly, on the real kernel with the
 * chat and Forge mods: a route its owner flags for tokens is still refused (403
 * `api_token_forbidden`) when the path is not a row of the table, before the route validates
 * its parameters or runs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';

let t: TestKernel;
let token: string;
beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'diagnostics', 'agents', 'chat', 'forge'] });
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  const created = await t.request(json('POST', '/api/settings/api-tokens', { name: 'monitor', scopes: ['diagnostics:read'] }));
  expect(created.status).toBe(201);
  token = created.body.token;
});
afterAll(() => t?.close());

const withToken = (url: string) => t.request({ url, headers: { authorization: `Bearer ${token}` } });

it('refuses a session export to a token, though the route is flagged tokenRead and serves the operator', async () => {
  const url = '/api/sessions/default/export?agentId=ada&format=json';
  const operator = await t.request(url);
  expect(operator.status).not.toBe(403);
  const res = await withToken(url);
  expect(res.status).toBe(403);
  expect(res.body.error).toBe('api_token_forbidden');
  // The one-segment row of the table still reads.
  expect((await withToken('/api/sessions/default?agentId=ada')).status).not.toBe(403);
});

it('refuses a Forge diagnostics job id that is not 36 of [0-9a-f-] before the route validates it', async () => {
  expect((await t.request('/api/diagnostics/forge/jobs/not-a-uuid')).status).toBe(400); // what the operator gets: validation
  for (const url of ['/api/diagnostics/forge/jobs/not-a-uuid', '/api/diagnostics/forge/jobs/0f8fad5b-d9cb-469f-a165-70867728950z']) {
    const res = await withToken(url);
    expect(res.status, url).toBe(403);
    expect(res.body.error, url).toBe('api_token_forbidden');
  }
  // A well-formed id in either case passes the gate: the job simply does not exist.
  for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', '0F8FAD5B-D9CB-469F-A165-70867728950E']) {
    const res = await withToken(`/api/diagnostics/forge/jobs/${id}`);
    expect(res.status, id).toBe(404);
  }
  expect((await withToken('/api/diagnostics/forge/jobs')).status).toBe(200);
});
