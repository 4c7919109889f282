/**
 * A provider login is what a model connection's calls carry: discovery and the model gateway
 * (as chat uses it) send the login's current access token, refreshed before it expires; a login
 * that cannot be refreshed fails the call instead of falling back; a connection re-created under
 * the same id does not inherit the login. A new login, a refresh and a deletion apply to the very
 * next call (the credential of a connection is kept in memory between calls on the embedded
 * database). Upstreams are the fake OpenAI and Anthropic servers (which record what they receive)
 * and the local OAuth server; expiries come from the `expires_in` the OAuth server gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel } from '../../../sdk/testing/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../../../test/peers/fake-anthropic.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../../../test/peers/fake-openai.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { A, B, codeHashState, PEER_CLIENTS, peerSettings, post, setSettings, startKernel } from './kit.js';

let t: TestKernel;
let peer: OAuthPeer;
let openai: FakeOpenAi;
let anthropic: FakeAnthropic;

beforeAll(async () => {
  [peer, openai, anthropic] = await Promise.all([startOAuthPeer(PEER_CLIENTS), startFakeOpenAi(), startFakeAnthropic()]);
  t = await startKernel({ probe: true });
  await setSettings(t, peerSettings(peer, { apiBaseUrlA: anthropic.baseUrl, apiBaseUrlB: openai.baseUrl }));
  expect((await post(t, '/api/mod-management/gateway-probe/enable')).body.mod.status).toBe('loaded');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([peer?.close(), openai?.close(), anthropic?.close()]);
});

const lastAuth = (server: { requests: Array<{ path: string; headers: Record<string, unknown> }> }, path: string) => server.requests.filter((r) => r.path === path).at(-1)?.headers;
const discover = (connectionId: string) => post(t, '/api/settings/model-connections/discover', { connectionId });
const credentialOf = async (connectionId: string) =>
  ((await t.request('/api/settings/model-connections/provider-credentials')).body.credentials as Array<Record<string, any>>).find((c) => c.connectionId === connectionId)!;
const streamCall = (connectionId: string) => post(t, '/api/mods/gateway-probe/stream', { connectionId, model: 'gpt-test' });
const answerOnce = () => openai.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'hello' })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });

/** Waits (real time, about a second at most) until the connection's login has expired. */
async function untilExpired(connectionId: string): Promise<void> {
  const expiresAt = Date.parse((await credentialOf(connectionId)).expiresAt);
  expect(expiresAt).toBeLessThan(Date.now() + 2_000);
  while (Date.now() <= expiresAt) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function signInB(connectionId?: string): Promise<string> {
  const login = (await post(t, `${B}/start`, connectionId === undefined ? {} : { connectionId })).body.login;
  const done = await post(t, `${B}/${login.id}/submit-code`, { callbackUrl: await peer.authorize(login.authorizeUrl) });
  expect(done.body.login.status).toBe('done');
  return done.body.login.connectionId as string;
}

describe('provider-b login on an OpenAI-compatible connection', () => {
  let connectionId: string;

  it('discovers models with the login’s access token as the bearer', async () => {
    connectionId = await signInB();
    const res = await discover(connectionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.connection.models.map((m: { id: string }) => m.id)).toEqual(['gpt-test', 'long-context']);
    const token = /^Bearer (.+)$/.exec(String(lastAuth(openai, '/v1/models')?.authorization))?.[1];
    expect(token).toBe(peer.issued.accessTokens.at(-1));
    expect(peer.isValidAccessToken(token!)).toBe(true);
  });

  it('streams a model call through the gateway with the same token', async () => {
    openai.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'hello' })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });
    const res = await post(t, '/api/mods/gateway-probe/stream', { connectionId, model: 'gpt-test' });
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([
      { type: 'text', delta: 'hello' },
      { type: 'finish', reason: 'stop' },
      // The gateway's own last event: the call's cost (the test model has no price).
      { type: 'cost', priced: false },
    ]);
    expect(lastAuth(openai, '/v1/chat/completions')?.authorization).toBe(`Bearer ${peer.issued.accessTokens.at(-1)}`);
  });

  it('uses the login rather than an API key saved on the connection', async () => {
    expect((await post(t, '/api/settings/model-connections', { id: connectionId, apiKey: 'sk-test-STALE-KEY-0123456789' })).status).toBe(200);
    expect((await discover(connectionId)).status).toBe(200);
    expect(lastAuth(openai, '/v1/models')?.authorization).toBe(`Bearer ${peer.issued.accessTokens.at(-1)}`);
  });

  it('sends a new login’s token on the very next call', async () => {
    answerOnce();
    expect((await streamCall(connectionId)).status).toBe(200);
    const old = peer.issued.accessTokens.at(-1)!;
    expect(await signInB()).toBe(connectionId);
    const fresh = peer.issued.accessTokens.at(-1)!;
    expect(fresh).not.toBe(old);
    answerOnce();
    expect((await streamCall(connectionId)).body.events).toEqual([
      { type: 'text', delta: 'hello' },
      { type: 'finish', reason: 'stop' },
      // The gateway's own last event: the call's cost (the test model has no price).
      { type: 'cost', priced: false },
    ]);
    expect(lastAuth(openai, '/v1/chat/completions')?.authorization).toBe(`Bearer ${fresh}`);
  });

  it('refreshes the token before it expires and sends the new one', async () => {
    // A login whose token expires inside the refresh skew (300 s by default), not yet expired.
    peer.accessTokenTtl = 60;
    await signInB();
    peer.accessTokenTtl = 3600;
    const before = peer.issued.accessTokens.at(-1)!;
    const refreshes = peer.count('/oauth/token', 'refresh_token');
    expect((await discover(connectionId)).status).toBe(200);
    expect(peer.count('/oauth/token', 'refresh_token')).toBe(refreshes + 1);
    const after = peer.issued.accessTokens.at(-1)!;
    expect(after).not.toBe(before);
    expect(lastAuth(openai, '/v1/models')?.authorization).toBe(`Bearer ${after}`);
    const credential = await credentialOf(connectionId);
    expect(credential.refreshedAt).not.toBeNull();
    expect(Date.parse(credential.expiresAt)).toBeGreaterThan(Date.now() + 3000_000);
    // Fresh again: the next calls do not refresh, and send the refreshed token.
    expect((await discover(connectionId)).status).toBe(200);
    answerOnce();
    expect((await streamCall(connectionId)).status).toBe(200);
    expect(lastAuth(openai, '/v1/chat/completions')?.authorization).toBe(`Bearer ${after}`);
    expect(peer.count('/oauth/token', 'refresh_token')).toBe(refreshes + 1);
  });

  it('does not send a deleted login’s token: the very next call carries the connection’s own key', async () => {
    answerOnce();
    expect((await streamCall(connectionId)).status).toBe(200);
    const token = peer.issued.accessTokens.at(-1)!;
    expect(lastAuth(openai, '/v1/chat/completions')?.authorization).toBe(`Bearer ${token}`);
    const credential = await credentialOf(connectionId);
    expect((await t.inject({ method: 'DELETE', url: `/api/settings/model-connections/provider-credentials/${credential.id}` })).statusCode).toBe(200);
    answerOnce();
    expect((await streamCall(connectionId)).status).toBe(200);
    expect(lastAuth(openai, '/v1/chat/completions')?.authorization).toBe('Bearer sk-test-STALE-KEY-0123456789');
    expect(await signInB(connectionId)).toBe(connectionId); // the login again, for what follows
  });

  it('fails the call when an expired login cannot be refreshed, and says so without a token', async () => {
    // A login whose token expires in a second, and whose refresh token is then revoked.
    peer.accessTokenTtl = 1;
    await signInB();
    peer.accessTokenTtl = 3600;
    peer.revokeRefreshTokens();
    await untilExpired(connectionId);
    const calls = openai.requests.length;
    const res = await discover(connectionId);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('model_connection_discovery_failed');
    expect(res.body.message).toContain('invalid_grant');
    const streamed = await post(t, '/api/mods/gateway-probe/stream', { connectionId, model: 'gpt-test' });
    expect(streamed.body.events).toEqual([expect.objectContaining({ type: 'error', code: 'connection_unavailable' })]);
    // No request went out with the stale token or the connection's own key.
    expect(openai.requests.length).toBe(calls);
    expect((await credentialOf(connectionId)).status).toBe('refresh_failed');
    const text = JSON.stringify([res.body, streamed.body]);
    for (const token of [...peer.issued.accessTokens, ...peer.issued.refreshTokens]) expect(text).not.toContain(token);
  });

  it('does not hand the login to a new connection that reuses a deleted one’s id', async () => {
    await signInB(); // a working login on the connection again
    expect((await discover(connectionId)).status).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/settings/model-connections/${connectionId}` })).statusCode).toBe(200);
    const again = await post(t, '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: openai.baseUrl });
    expect(again.body.connection.id).toBe(connectionId);
    expect((await discover(connectionId)).status).toBe(200);
    expect(lastAuth(openai, '/v1/models')?.authorization).toBeUndefined();
    expect((await credentialOf(connectionId)).linked).toBe(false);
  });
});

describe('provider-a login on an Anthropic Messages connection', () => {
  it('sends the token as a bearer with the OAuth beta header, never as x-api-key', async () => {
    const login = (await post(t, `${A}/start`)).body.login;
    expect((await post(t, `${A}/${login.id}/submit-code`, { code: codeHashState(await peer.authorize(login.authorizeUrl)) })).body.login.status).toBe('done');
    const imported = await post(t, `${A}/${login.id}/import`);
    const connectionId = imported.body.login.connectionId;
    expect(connectionId).toBe('anthropic');
    const res = await discover(connectionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const headers = lastAuth(anthropic, '/v1/models')!;
    expect(headers.authorization).toBe(`Bearer ${peer.issued.accessTokens.at(-1)}`);
    expect(headers['anthropic-beta']).toBe('oauth-2025-04-20');
    expect(headers['x-api-key']).toBeUndefined();
  });
});
