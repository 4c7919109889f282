/**
 * Tokens, authorization codes and PKCE verifiers never reach a response or a log line: the
 * kernel runs with a trace-level logger into memory through every provider-login path (both
 * sign-in flows, refused and replayed codes, the CLI import, model calls with the token, a
 * refresh, a refused refresh, usage), and then every value the OAuth server issued or received
 * as a secret is searched for in all answers and all log output.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { A, B, CLIENT_A, codeHashState, MODS, PEER_CLIENTS, peerSettings } from './kit.js';

const lines: string[] = [];
const answers: string[] = [];
let t: TestKernel;
let kernel: TestKernel['kernel'];
let peer: OAuthPeer;
let openai: FakeOpenAi;
let dir: string;

async function request(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await t.inject(method === 'GET' || method === 'DELETE' ? { method: method as 'GET', url } : json(method, url, body ?? {}));
  answers.push(res.body);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'svc-no-secrets-'));
  [peer, openai] = await Promise.all([startOAuthPeer(PEER_CLIENTS), startFakeOpenAi()]);
  t = await startTestKernel({ mods: MODS, logs: { level: 'trace', line: (text) => lines.push(text) } });
  kernel = t.kernel;
  const cliFile = path.join(dir, 'cli.json');
  const minted = peer.mint(CLIENT_A);
  writeFileSync(cliFile, JSON.stringify({ claudeAiOauth: { accessToken: minted.accessToken, refreshToken: minted.refreshToken, expiresAt: Date.now() + 3_600_000 } }));
  const saved = await t.inject({
    method: 'PUT',
    url: '/api/mod-management/provider-logins/settings',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(peerSettings(peer, { cliCredentialPath: cliFile, apiBaseUrlA: 'http://127.0.0.1:9/v1', apiBaseUrlB: openai.baseUrl })),
  });
  if (saved.statusCode !== 200) throw new Error(`settings refused: ${saved.body}`);
});
afterAll(async () => {
  await kernel?.close();
  await Promise.all([peer?.close(), openai?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

it('puts no token, code or verifier in any answer or log line', async () => {
  // provider-b: a code redeemed once, then replayed on another login (the server then revokes what it issued).
  const first = (await request('POST', `${B}/start`)).body.login;
  const firstCallback = new URL(await peer.authorize(first.authorizeUrl));
  expect((await request('POST', `${B}/${first.id}/submit-code`, { callbackUrl: firstCallback.toString() })).status).toBe(200);
  expect((await request('POST', `${B}/${first.id}/submit-code`, { callbackUrl: firstCallback.toString() })).status).toBe(409);
  const replay = (await request('POST', `${B}/start`)).body.login;
  const stolen = new URL(firstCallback);
  stolen.searchParams.set('state', new URL(replay.authorizeUrl).searchParams.get('state')!);
  expect((await request('POST', `${B}/${replay.id}/submit-code`, { callbackUrl: stolen.toString() })).status).toBe(400);

  // provider-b again: a refused state, a denied authorization, then a good code (it replaces the first login).
  const b = (await request('POST', `${B}/start`)).body.login;
  const callback = new URL(await peer.authorize(b.authorizeUrl));
  const wrongState = new URL(callback);
  wrongState.searchParams.set('state', 'forged');
  expect((await request('POST', `${B}/${b.id}/submit-code`, { callbackUrl: wrongState.toString() })).status).toBe(400);
  peer.denyNext();
  expect((await request('POST', `${B}/${b.id}/submit-code`, { callbackUrl: await peer.authorize(b.authorizeUrl) })).status).toBe(400);
  // Its token expires in a second: the calls below refresh it, and it expires once refreshing is refused.
  peer.accessTokenTtl = 1;
  expect((await request('POST', `${B}/${b.id}/submit-code`, { callbackUrl: callback.toString() })).status).toBe(200);
  await request('GET', `${B}/${b.id}`);

  // code-cli: code#state, import.
  const a = (await request('POST', `${A}/start`)).body.login;
  expect((await request('POST', `${A}/${a.id}/submit-code`, { code: codeHashState(await peer.authorize(a.authorizeUrl)) })).status).toBe(200);
  expect((await request('POST', `${A}/${a.id}/import`, {})).status).toBe(200);

  // The CLI credential: status and import.
  await request('GET', '/api/settings/model-connections/cli-credential');
  expect((await request('POST', '/api/settings/model-connections/import-cli-credential', {})).status).toBe(200);

  // Model calls with the token, a refresh, usage, then a refused refresh.
  expect((await request('POST', '/api/settings/model-connections/discover', { connectionId: 'openai' })).status).toBe(200);
  expect((await request('POST', '/api/settings/model-connections/discover', { connectionId: 'openai' })).status).toBe(200);
  const usageA = await request('GET', '/api/provider-a/oauth/usage?force=true');
  expect(usageA.status, JSON.stringify(usageA.body)).toBe(200);
  const usageB = await request('GET', '/api/provider-b/oauth/usage');
  expect(usageB.status, JSON.stringify(usageB.body)).toBe(200);
  peer.revokeRefreshTokens();
  const linked = (await request('GET', '/api/settings/model-connections/provider-credentials')).body.credentials.find((c: { connectionId: string }) => c.connectionId === 'openai');
  const expiresAt = Date.parse(linked.expiresAt);
  expect(expiresAt).toBeLessThan(Date.now() + 2_000);
  while (Date.now() <= expiresAt) await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await request('POST', '/api/settings/model-connections/discover', { connectionId: 'openai' })).status).toBe(502);
  expect((await request('GET', '/api/provider-b/oauth/usage?force=true')).status).toBe(409);
  await request('GET', '/api/settings/model-connections/provider-credentials');
  await request('GET', '/api/settings/model-connections');

  const verifiers = peer.requests.map((r) => r.body.code_verifier).filter((v): v is string => typeof v === 'string');
  const secrets = [...peer.issued.codes, ...peer.issued.accessTokens, ...peer.issued.refreshTokens, ...verifiers];
  expect(peer.issued.codes.length).toBeGreaterThanOrEqual(3);
  expect(peer.issued.accessTokens.length).toBeGreaterThanOrEqual(4);
  expect(verifiers.length).toBeGreaterThanOrEqual(3);
  const log = lines.join('');
  expect(log).toContain('provider login token refresh failed'); // failures were logged, without the secrets
  expect(lines.length).toBeGreaterThan(20);
  const everything = answers.join('\n');
  for (const secret of secrets) {
    expect(everything, 'an answer').not.toContain(secret);
    expect(log, 'the log').not.toContain(secret);
  }
});
