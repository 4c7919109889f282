/**
 * Two kernels on one PostgreSQL database share a provider login: when both need a fresh access
 * token at once, the token endpoint is asked exactly once (the refresh runs under an advisory lock
 * keyed by the login; the second process re-reads the credential after the lock and uses the
 * token the first one got), and both processes' model calls carry that token.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, testDatabase, type DatabaseOptions, type TestKernel } from '../../../sdk/testing/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { B, MODS, PEER_CLIENTS, peerSettings, post, setSettings } from './kit.js';

let db: DatabaseOptions;
let a: TestKernel;
let b: TestKernel;
let peer: OAuthPeer;
let openai: FakeOpenAi;

beforeAll(async () => {
  [peer, openai] = await Promise.all([startOAuthPeer(PEER_CLIENTS), startFakeOpenAi()]);
  db = await testDatabase();
  a = await startTestKernel({ mods: MODS, database: db });
  await setSettings(a, peerSettings(peer, { apiBaseUrlB: openai.baseUrl }));
  b = await startTestKernel({ mods: MODS, database: db });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await Promise.all([peer?.close(), openai?.close()]);
});

const discover = (t: TestKernel, connectionId: string) => post(t, '/api/settings/model-connections/discover', { connectionId });
const modelAuths = () => openai.requests.filter((r) => r.path === '/v1/models').map((r) => r.headers.authorization);

/** A new provider-b login through A whose token is inside the refresh skew (300 s by default): its next use refreshes. */
async function signInExpiring(): Promise<{ connectionId: string; token: string }> {
  peer.accessTokenTtl = 60;
  const login = (await post(a, `${B}/start`, {})).body.login;
  const done = await post(a, `${B}/${login.id}/submit-code`, { callbackUrl: await peer.authorize(login.authorizeUrl) });
  expect(done.body.login.status).toBe('done');
  peer.accessTokenTtl = 3600;
  return { connectionId: done.body.login.connectionId as string, token: peer.issued.accessTokens.at(-1)! };
}

it('refreshes a login exactly once when two processes need a fresh token at the same time', async () => {
  // Several rounds: either process may take the lock first.
  for (let round = 0; round < 3; round += 1) {
    const { connectionId, token: signedIn } = await signInExpiring();
    const refreshes = peer.count('/oauth/token', 'refresh_token');
    const calls = modelAuths().length;
    const [fromA, fromB] = await Promise.all([discover(a, connectionId), discover(b, connectionId)]);
    expect(fromA.status, JSON.stringify(fromA.body)).toBe(200);
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(200);
    expect(peer.count('/oauth/token', 'refresh_token')).toBe(refreshes + 1);
    const fresh = peer.issued.accessTokens.at(-1)!;
    expect(fresh).not.toBe(signedIn);
    expect(modelAuths().slice(calls)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
  }
}, 90_000);
