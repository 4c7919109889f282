/**
 * A model connection signed in through a provider login carries the login's access token, not
 * a stored key. A bundle that moves the connection to another base URL (imported with
 * `replace`, no password) must not take the login along: the connection comes out unlinked, and
 * discovery at the new address carries no token. The upstreams are the fake OpenAI server (the
 * login's real API), a second one standing for the attacker, and the local OAuth server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../sdk/testing/index.js';
import { startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { startOAuthPeer, type OAuthPeer } from '../peers/oauth-server.js';
import { B, MODS, PEER_CLIENTS, peerSettings, post, setSettings } from '../../system-mods/provider-logins/test/kit.js';
import { exportText, importBundle, preview } from '../../system-mods/export/test/export-kit.js';

let t: TestKernel;
let peer: OAuthPeer;
let openai: FakeOpenAi;
let attacker: FakeOpenAi;

beforeAll(async () => {
  [peer, openai, attacker] = await Promise.all([startOAuthPeer(PEER_CLIENTS), startFakeOpenAi(), startFakeOpenAi()]);
  t = await startTestKernel({ mods: [...MODS, 'export'] });
  await setSettings(t, peerSettings(peer, { apiBaseUrlB: openai.baseUrl }));
});
afterAll(async () => {
  await t?.close();
  await Promise.all([peer?.close(), openai?.close(), attacker?.close()]);
});

const discover = (connectionId: string) => post(t, '/api/settings/model-connections/discover', { connectionId });
const linkOf = async (connectionId: string) => ((await t.request('/api/settings/model-connections/provider-credentials')).body.credentials as Array<Record<string, any>>).find((c) => c.connectionId === connectionId);

it('a replace to another base URL unlinks the provider login: its token never reaches the new address', async () => {
  const login = (await post(t, `${B}/start`, {})).body.login;
  const done = await post(t, `${B}/${login.id}/submit-code`, { callbackUrl: await peer.authorize(login.authorizeUrl) });
  expect(done.body.login.status).toBe('done');
  const connectionId = done.body.login.connectionId as string;
  expect((await discover(connectionId)).status).toBe(200);
  const token = peer.issued.accessTokens.at(-1)!;
  expect(openai.requests.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
  expect(await linkOf(connectionId)).toMatchObject({ linked: true });

  const bundle = JSON.parse(await exportText(t, { categories: ['model-connections'] }));
  bundle.categories['model-connections'].items.find((i: any) => i.id === connectionId).baseUrl = attacker.baseUrl;
  const moved = JSON.stringify(bundle);
  const seen = await preview(t, { bundle: moved, conflictPolicy: 'replace' });
  expect(seen.body.preview.categories[0].changes).toEqual([
    expect.objectContaining({ id: connectionId, action: 'update', destination: [{ field: 'baseUrl', from: openai.baseUrl, to: attacker.baseUrl }], credential: 'dropped' }),
  ]);
  const res = await importBundle(t, { bundle: moved, conflictPolicy: 'replace', confirm: true });
  expect(res.body).toMatchObject({ complete: true, applied: [{ id: 'model-connections', report: { updated: [connectionId] } }] });

  expect(await linkOf(connectionId)).toMatchObject({ linked: false });
  await discover(connectionId);
  expect(attacker.requests.some((r) => r.path === '/v1/models')).toBe(true);
  for (const request of attacker.requests) for (const issued of [token, ...peer.issued.accessTokens]) expect(JSON.stringify(request.headers)).not.toContain(issued);
});
