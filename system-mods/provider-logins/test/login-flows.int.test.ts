/**
 * The browser sign-in flows through the HTTP API against a real OAuth authorization server on
 * loopback (test/peers/oauth-server.ts): start → pending → submit-code → done, cancel, expiry,
 * PKCE as the peer checks it, refused states and codes, replays, the code-cli import, and bad
 * input. Expiry is driven by moving the stored deadline, never by waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel } from '../../../sdk/testing/index.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { A, B, CLIENT_B, codeHashState, PEER_CLIENTS, peerSettings, post, REDIRECT_A, REDIRECT_B, setSettings, startKernel } from './kit.js';

let t: TestKernel;
let peer: OAuthPeer;

beforeAll(async () => {
  peer = await startOAuthPeer(PEER_CLIENTS);
  t = await startKernel();
  await setSettings(t, peerSettings(peer, { apiBaseUrlA: 'https://a-api.example.test/v1', apiBaseUrlB: 'https://b-api.example.test/v1' }));
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const start = async (prefix: string, body: unknown = {}) => {
  const res = await post(t, `${prefix}/start`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.login as Record<string, any>;
};
const status = (prefix: string, id: string) => t.request(`${prefix}/${id}`);
const submit = (prefix: string, id: string, body: unknown) => post(t, `${prefix}/${id}/submit-code`, body);
const expireInDatabase = (id: string) =>
  t.kernel.database
    .knex('provider_logins_logins')
    .where({ id })
    .update({ expires_at: new Date(Date.now() - 1000) });

describe('provider-b sign-in (callback URL)', () => {
  it('goes start → pending → submit-code → done, with PKCE the server verified, and links a new connection', async () => {
    const login = await start(B);
    expect(login).toMatchObject({ flow: 'provider-b-oauth', provider: 'provider-b', status: 'pending', redirectUri: REDIRECT_B, credential: null, connectionId: null });
    expect(login.id).toMatch(/^login_/);
    const url = new URL(login.authorizeUrl);
    expect(url.origin + url.pathname).toBe(peer.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_B,
      redirect_uri: REDIRECT_B,
      code_challenge_method: 'S256',
      scope: 'openid profile email offline_access',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);

    // Polling before anything happened: still pending.
    expect((await status(B, login.id)).body.login.status).toBe('pending');

    const callback = await peer.authorize(login.authorizeUrl);
    expect(callback.startsWith(`${REDIRECT_B}?`)).toBe(true);
    const done = await submit(B, login.id, { callbackUrl: callback });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.login).toMatchObject({ status: 'done', authorizeUrl: null, connectionId: 'openai' });
    expect(done.body.login.credential).toMatchObject({
      provider: 'provider-b',
      source: 'provider-b-oauth',
      connectionId: 'openai',
      linked: true,
      status: 'active',
      hasRefreshToken: true,
      account: { email: 'bob@example.test', accountId: 'acct-b-42', subscriptionType: 'plus' },
    });

    // The exchange the peer saw: form-encoded, with the verifier whose S256 is the challenge sent.
    const exchange = peer.requests.filter((r) => r.path === '/oauth/token' && r.body.grant_type === 'authorization_code').at(-1)!;
    expect(exchange.contentType).toBe('application/x-www-form-urlencoded');
    expect(exchange.body).toMatchObject({ client_id: CLIENT_B, redirect_uri: REDIRECT_B });
    expect(exchange.body.state).toBeUndefined();

    // The connection was created with the provider's defaults and no API key.
    const connections = (await t.request('/api/settings/model-connections')).body.connections;
    expect(connections.find((c: { id: string }) => c.id === 'openai')).toMatchObject({ provider: 'openai', apiType: 'openai-chat', baseUrl: 'https://b-api.example.test/v1', apiKeySet: false });

    const polled = await status(B, login.id);
    expect(polled.body.login).toMatchObject({ status: 'done', connectionId: 'openai' });

    // A replayed submit of a finished login is refused; nothing is exchanged again.
    const exchanges = peer.count('/oauth/token', 'authorization_code');
    const replay = await submit(B, login.id, { callbackUrl: callback });
    expect(replay.status).toBe(409);
    expect(replay.body.error).toBe('provider_login_not_pending');
    expect(peer.count('/oauth/token', 'authorization_code')).toBe(exchanges);
    // Cancelling a done login is refused too.
    expect((await post(t, `${B}/${login.id}/cancel`)).body.error).toBe('provider_login_not_pending');

    // A code already redeemed, pasted into another login (with that login's state): the server refuses the replay.
    const other = await start(B);
    const stolen = new URL(callback);
    stolen.searchParams.set('state', new URL(other.authorizeUrl).searchParams.get('state')!);
    const refused = await submit(B, other.id, { callbackUrl: stolen.toString() });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('provider_login_code_rejected');
    expect(refused.body.message).toContain('invalid_grant');
    const after = (await status(B, other.id)).body.login;
    expect(after).toMatchObject({ status: 'pending', credential: null });
    expect(after.lastError).toContain('invalid_grant');

    // The same login still completes with a fresh code, and a second sign-in replaces the first on the same connection.
    const first = done.body.login.credential.id;
    const fresh = await submit(B, other.id, { code: await peer.authorize(other.authorizeUrl) });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.login).toMatchObject({ status: 'done', connectionId: 'openai' });
    const credentials = (await t.request('/api/settings/model-connections/provider-credentials')).body.credentials as Array<{ id: string }>;
    expect(credentials.map((c) => c.id)).not.toContain(first);
    expect(credentials.map((c) => c.id)).toContain(fresh.body.login.credential.id);
  });

  it('links to the connection named at start', async () => {
    const created = await post(t, '/api/settings/model-connections', { provider: 'custom', apiType: 'openai-chat', baseUrl: 'https://custom.example.test/v1' });
    expect(created.status).toBe(201);
    const login = await start(B, { connectionId: 'custom' });
    const done = await submit(B, login.id, { callbackUrl: await peer.authorize(login.authorizeUrl) });
    expect(done.body.login).toMatchObject({ status: 'done', connectionId: 'custom' });
    expect((await post(t, `${B}/start`, { connectionId: 'no-such-connection' })).body.error).toBe('model_connection_not_found');
  });

  it('refuses a callback whose state belongs to another login, and keeps the login pending', async () => {
    const login = await start(B);
    const callback = new URL(await peer.authorize(login.authorizeUrl));
    callback.searchParams.set('state', 'not-the-state-of-this-login');
    const res = await submit(B, login.id, { callbackUrl: callback.toString() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('provider_login_state_mismatch');
    // A state field beside a bare code is checked the same way.
    const code = callback.searchParams.get('code')!;
    expect((await submit(B, login.id, { code, state: 'wrong' })).body.error).toBe('provider_login_state_mismatch');
    expect((await status(B, login.id)).body.login.status).toBe('pending');
    expect(peer.count('/oauth/token', 'authorization_code')).toBeGreaterThan(0);
  });

  it('refuses a code issued for another PKCE challenge: the server verifies the verifier', async () => {
    const login = await start(B);
    const tampered = new URL(login.authorizeUrl);
    tampered.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const res = await submit(B, login.id, { callbackUrl: await peer.authorize(tampered.toString()) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('provider_login_code_rejected');
    expect((await status(B, login.id)).body.login.status).toBe('pending');
  });

  it('reports an authorization the user denied', async () => {
    const login = await start(B);
    peer.denyNext();
    const callback = await peer.authorize(login.authorizeUrl);
    const res = await submit(B, login.id, { callbackUrl: callback });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('provider_login_code_invalid');
    expect(res.body.message).toContain('access_denied');
  });

  it('answers 502 when the token endpoint fails, and the login stays pending', async () => {
    const login = await start(B);
    const callback = await peer.authorize(login.authorizeUrl);
    peer.failNextToken(500);
    const res = await submit(B, login.id, { callbackUrl: callback });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('provider_login_token_exchange_failed');
    expect(res.body.message).toContain('HTTP 500');
    expect((await status(B, login.id)).body.login.status).toBe('pending');
  });

  it('cancels: cancelled, then refuses codes; cancelling again answers the same', async () => {
    const login = await start(B);
    const callback = await peer.authorize(login.authorizeUrl);
    const cancelled = await post(t, `${B}/${login.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.login).toMatchObject({ status: 'cancelled', authorizeUrl: null });
    expect(cancelled.body.login.finishedAt).not.toBeNull();
    const res = await submit(B, login.id, { callbackUrl: callback });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('provider_login_not_pending');
    expect((await post(t, `${B}/${login.id}/cancel`)).body.login.status).toBe('cancelled');
    expect((await status(B, login.id)).body.login.status).toBe('cancelled');
  });

  it('expires a login past its deadline: polled as expired, codes refused with 410', async () => {
    const login = await start(B);
    const callback = await peer.authorize(login.authorizeUrl);
    await expireInDatabase(login.id);
    const polled = await status(B, login.id);
    expect(polled.body.login).toMatchObject({ status: 'expired', authorizeUrl: null });
    const res = await submit(B, login.id, { callbackUrl: callback });
    expect(res.status).toBe(410);
    expect(res.body.error).toBe('provider_login_expired');
    expect((await post(t, `${B}/${login.id}/cancel`)).body.login.status).toBe('expired');
    // Its verifier is gone from the secret store.
    const names = await t.kernel.database.knex('svc_secrets').where({ owner: 'provider-logins' }).pluck('name');
    expect(names).not.toContain(`logins/${login.id}/verifier`);
  });

  it('answers 404 for unknown login ids, and for another flow’s ids', async () => {
    const login = await start(B);
    for (const id of ['login_nope', 'nope', 'Bad Id', 'login_x.y', `login_${'x'.repeat(80)}`]) {
      expect((await status(B, encodeURIComponent(id))).status, id).toBe(404);
      expect((await status(B, encodeURIComponent(id))).body.error).toBe('provider_login_not_found');
      expect((await submit(B, encodeURIComponent(id), { code: 'abc' })).body.error).toBe('provider_login_not_found');
      expect((await post(t, `${B}/${encodeURIComponent(id)}/cancel`)).body.error).toBe('provider_login_not_found');
    }
    expect((await status(A, login.id)).body.error).toBe('provider_login_not_found');
    expect((await post(t, `${A}/${login.id}/import`)).body.error).toBe('provider_login_not_found');
  });

  it.each([
    ['no code', {}, 'request_validation_failed'],
    ['a number', { code: 12345 }, 'request_validation_failed'],
    ['null', { code: null }, 'request_validation_failed'],
    ['an empty code', { code: '' }, 'request_validation_failed'],
    ['an oversized code', { code: 'c'.repeat(4097) }, 'request_validation_failed'],
    ['an array', { callbackUrl: ['http://x'] }, 'request_validation_failed'],
    ['an unknown field', { code: 'abc', extra: true }, 'request_validation_failed'],
    ['only a state', { state: 'only-a-state' }, 'request_validation_failed'],
    ['a code with spaces', { code: 'has spaces in it' }, 'provider_login_code_invalid'],
    ['a callbackUrl that is no URL', { callbackUrl: 'not a url' }, 'provider_login_code_invalid'],
    ['a callback without code', { callbackUrl: 'http://localhost:1455/auth/callback?state=x' }, 'provider_login_code_invalid'],
  ])('refuses a submit body with %s and stays pending', async (_label, body, code) => {
    const login = await start(B);
    const res = await submit(B, login.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect((await status(B, login.id)).body.login.status).toBe('pending');
  });

  it('refuses bad start and cancel bodies', async () => {
    for (const body of [{ connectionId: 42 }, { connectionId: '' }, { connectionId: 'c'.repeat(65) }, { other: 1 }]) {
      const res = await post(t, `${B}/start`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
    for (const payload of ['[]', '"x"', '7']) {
      const res = await t.request({ method: 'POST', url: `${B}/start`, headers: { 'content-type': 'application/json' }, payload });
      expect(res.status, payload).toBe(400);
    }
    const login = await start(B);
    expect((await post(t, `${B}/${login.id}/cancel`, { reason: 'x' })).body.error).toBe('request_validation_failed');
    expect((await post(t, `${A}/start`, { connectionId: 'openai' })).body.error).toBe('request_validation_failed');
  });
});

describe('code-cli sign-in (code#state, then import)', () => {
  it('goes start → submit code#state → done (unlinked) → import → linked', async () => {
    const login = await start(A);
    expect(login).toMatchObject({ flow: 'code-cli-login', provider: 'provider-a', status: 'pending', redirectUri: REDIRECT_A });
    const url = new URL(login.authorizeUrl);
    expect(url.searchParams.get('code')).toBe('true');

    // Import before it is done: refused.
    const early = await post(t, `${A}/${login.id}/import`);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('provider_login_not_done');

    const pasted = codeHashState(await peer.authorize(login.authorizeUrl));
    const done = await submit(A, login.id, { code: pasted });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.login).toMatchObject({ status: 'done', connectionId: null, importedAt: null });
    expect(done.body.login.credential).toMatchObject({ provider: 'provider-a', source: 'code-cli-login', connectionId: null, linked: false, account: { email: 'ada@example.test', accountId: 'acct-a-1' } });

    // Provider-a's token endpoint gets JSON, with the state echoed (the peer requires it).
    const exchange = peer.requests.filter((r) => r.path === '/oauth/token' && r.body.grant_type === 'authorization_code').at(-1)!;
    expect(exchange.contentType).toBe('application/json');
    expect(exchange.body.state).toBe(url.searchParams.get('state'));

    expect((await post(t, `${A}/${login.id}/import`, { connectionId: 'missing' })).body.error).toBe('model_connection_not_found');
    const imported = await post(t, `${A}/${login.id}/import`);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.login).toMatchObject({ status: 'done', connectionId: 'anthropic' });
    expect(imported.body.login.importedAt).not.toBeNull();
    expect(imported.body.login.credential).toMatchObject({ connectionId: 'anthropic', linked: true });
    const connection = (await t.request('/api/settings/model-connections')).body.connections.find((c: { id: string }) => c.id === 'anthropic');
    expect(connection).toMatchObject({ provider: 'anthropic', apiType: 'anthropic-messages', baseUrl: 'https://a-api.example.test/v1', apiKeySet: false });

    // Replaying the pasted code on the finished login is refused before any exchange.
    expect((await submit(A, login.id, { code: pasted })).body.error).toBe('provider_login_not_pending');
  });

  it('accepts a bare code without its #state: PKCE binds it, and the provider still gets the login’s state', async () => {
    const login = await start(A);
    const location = new URL(await peer.authorize(login.authorizeUrl));
    const res = await submit(A, login.id, { code: location.searchParams.get('code')! });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.login.status).toBe('done');
  });
});

describe('deleting credentials', () => {
  it('lists credentials without tokens and deletes one with its secrets', async () => {
    const list = await t.request('/api/settings/model-connections/provider-credentials');
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    for (const token of [...peer.issued.accessTokens, ...peer.issued.refreshTokens]) expect(text).not.toContain(token);
    const victim = list.body.credentials[0];
    const secrets = () => t.kernel.database.knex('svc_secrets').where({ owner: 'provider-logins' }).pluck('name');
    expect(await secrets()).toContain(`credentials/${victim.id}/access-token`);
    const res = await t.inject({ method: 'DELETE', url: `/api/settings/model-connections/provider-credentials/${victim.id}` });
    expect(res.statusCode).toBe(200);
    expect(await secrets()).not.toContain(`credentials/${victim.id}/access-token`);
    expect(await secrets()).not.toContain(`credentials/${victim.id}/refresh-token`);
    const again = await t.request({ method: 'DELETE', url: `/api/settings/model-connections/provider-credentials/${victim.id}` });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('provider_credential_not_found');
  });
});

describe('configuration', () => {
  it('answers 503 when an endpoint is not an http(s) URL, naming the setting but not the value', async () => {
    await setSettings(t, { providerB: { authorizeUrl: 'ftp://user:hunter2@example.test/authorize' } });
    const res = await post(t, `${B}/start`);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('provider_login_not_configured');
    expect(res.body.message).toContain('authorizeUrl');
    expect(res.body.message).not.toContain('hunter2');
    await setSettings(t, peerSettings(peer));
    expect((await post(t, `${B}/start`)).status).toBe(201);
  });
});
