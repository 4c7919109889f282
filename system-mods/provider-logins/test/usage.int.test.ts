/**
 * OAuth usage per provider (cached: a second read does not reach the provider, `force=true`
 * does; a revoked token is refreshed once and retried) and the load-balancing proxy's accounts.
 * Upstream requests are counted on the peers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel } from '../../../sdk/testing/index.js';
import { startScriptedServer, type ScriptedServer } from '../../../test/peers/fake-openai.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { B, CLIENT_A, PEER_CLIENTS, peerSettings, post, setSettings, startKernel } from './kit.js';

let t: TestKernel;
let peer: OAuthPeer;
let pool: ScriptedServer;
let dir: string;
let settings: Record<string, unknown>;

const USAGE_A = '/api/provider-a/oauth/usage';
const USAGE_B = '/api/provider-b/oauth/usage';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'svc-usage-'));
  const file = path.join(dir, 'credentials.json');
  [peer, pool] = await Promise.all([
    startOAuthPeer(PEER_CLIENTS),
    startScriptedServer({
      '/api/accounts': () => ({
        json: [
          {
            id: 'acc-1',
            name: 'primary',
            provider: 'anthropic',
            paused: false,
            requestCount: 12,
            rateLimitStatus: 'allowed',
            accessToken: 'sk-ant-oat01-POOLSECRET',
            refresh_token: 'rt-POOLSECRET',
            nested: { token: 'x' },
          },
          { id: 2, name: 'secondary', paused: true, tokenStatus: 'expired', priority: 10 },
          { name: 'no id: dropped' },
          'not an object',
        ],
      }),
    }),
  ]);
  const minted = peer.mint(CLIENT_A);
  writeFileSync(file, JSON.stringify({ claudeAiOauth: { accessToken: minted.accessToken, refreshToken: minted.refreshToken, expiresAt: Date.now() + 3_600_000 } }));
  t = await startKernel();
  settings = peerSettings(peer, { cliCredentialPath: file, apiBaseUrlA: `${pool.origin}/v1` });
  await setSettings(t, settings);
  expect((await post(t, '/api/settings/model-connections/import-cli-credential')).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([peer?.close(), pool?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const usageCalls = () => peer.count('/api/oauth/usage');

describe('provider-a usage', () => {
  it('asks the provider once per cache interval; force=true asks again', async () => {
    const first = await t.request(USAGE_A);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ ok: true, provider: 'provider-a', connectionId: 'anthropic', cached: false, cacheSeconds: 60 });
    expect(first.body.usage).toEqual({ five_hour: { utilization: 12.5, resets_at: '2030-01-01T05:00:00Z' }, seven_day: { utilization: 40, resets_at: '2030-01-07T00:00:00Z' } });
    expect(usageCalls()).toBe(1);
    const request = peer.requests.filter((r) => r.path === '/api/oauth/usage').at(-1)!;
    expect(request.headers['anthropic-beta']).toBe('oauth-2025-04-20');
    expect(peer.isValidAccessToken(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')![1]!)).toBe(true);

    const second = await t.request(`${USAGE_A}?connectionId=anthropic`);
    expect(second.body).toMatchObject({ cached: true, fetchedAt: first.body.fetchedAt, usage: first.body.usage });
    expect(usageCalls()).toBe(1);

    const forced = await t.request(`${USAGE_A}?connectionId=anthropic&force=true`);
    expect(forced.body.cached).toBe(false);
    expect(usageCalls()).toBe(2);
    expect((await t.request(USAGE_A)).body.cached).toBe(true);
    expect(usageCalls()).toBe(2);
  });

  it('caches nothing when the interval is 0', async () => {
    await setSettings(t, { ...settings, usageCacheSeconds: 0 });
    await t.request(USAGE_A);
    await t.request(USAGE_A);
    expect(usageCalls()).toBe(4);
    await setSettings(t, settings);
  });

  it('refreshes a revoked token once and retries', async () => {
    const request = peer.requests.filter((r) => r.path === '/api/oauth/usage').at(-1)!;
    peer.revoke(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')![1]!);
    const refreshes = peer.count('/oauth/token', 'refresh_token');
    const res = await t.request(`${USAGE_A}?force=true`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(peer.count('/oauth/token', 'refresh_token')).toBe(refreshes + 1);
  });

  it('answers 502 for an upstream failure and caches no failure', async () => {
    await setSettings(t, { ...settings, providerA: { ...(settings.providerA as object), usageUrl: `${peer.origin}/no-such-usage` } });
    const res = await t.request(`${USAGE_A}?force=true`);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('provider_usage_failed');
    expect(res.body.message).toContain('HTTP 404');
    await setSettings(t, settings);
  });

  it('answers 404 when no login fits', async () => {
    const unknown = await t.request(`${USAGE_A}?connectionId=nope`);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'model_connection_not_found']);
    expect((await post(t, '/api/settings/model-connections', { provider: 'plain', apiType: 'openai-chat', baseUrl: 'https://x.test/v1' })).status).toBe(201);
    const plain = await t.request(`${USAGE_A}?connectionId=plain`);
    expect([plain.status, plain.body.error]).toEqual([404, 'provider_credential_not_found']);
    const none = await t.request(USAGE_B);
    expect([none.status, none.body.error]).toEqual([404, 'provider_credential_not_found']);
  });

  it.each([['force=maybe'], ['connectionId='], [`connectionId=${'x'.repeat(65)}`]])('refuses the query %s', async (query) => {
    const res = await t.request(`${USAGE_A}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('request_validation_failed');
  });

  it('ignores a query parameter it does not know (clients send agentId and sessionId everywhere)', async () => {
    const res = await t.request(`${USAGE_A}?other=1&agentId=a&force=maybe`);
    expect(res.body.error).toBe('request_validation_failed'); // the known one is still checked
    expect((await t.request(`${USAGE_A}?other=1`)).body.error).not.toBe('request_validation_failed');
  });
});

describe('provider-b usage', () => {
  it('sends the account id with the token and caches like provider-a', async () => {
    const login = (await post(t, `${B}/start`)).body.login;
    expect((await post(t, `${B}/${login.id}/submit-code`, { callbackUrl: await peer.authorize(login.authorizeUrl) })).body.login.status).toBe('done');
    const first = await t.request(USAGE_B);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ provider: 'provider-b', cached: false, usage: { plan_type: 'plus', account: 'acct-b-42' } });
    expect(peer.count('/backend-api/wham/usage')).toBe(1);
    expect((await t.request(`${USAGE_B}?connectionId=${first.body.connectionId}`)).body.cached).toBe(true);
    expect(peer.count('/backend-api/wham/usage')).toBe(1);
    expect((await t.request(`${USAGE_B}?force=true`)).body.cached).toBe(false);
    expect(peer.count('/backend-api/wham/usage')).toBe(2);
    // A provider-a connection is not a provider-b login.
    expect((await t.request(`${USAGE_B}?connectionId=anthropic`)).body.error).toBe('provider_credential_not_found');
  });
});

describe('pool-lb accounts', () => {
  it('lists the proxy’s accounts for a connection pointing at it, reduced to plain fields', async () => {
    const res = await t.request('/api/pool-lb/accounts?connectionId=anthropic');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      source: { connectionId: 'anthropic', url: `${pool.origin}/api/accounts` },
      accounts: [
        { id: 'acc-1', name: 'primary', provider: 'anthropic', paused: false, requestCount: 12, rateLimitStatus: 'allowed' },
        { id: '2', name: 'secondary', paused: true, tokenStatus: 'expired', priority: 10 },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('POOLSECRET');
    const sent = pool.requests.filter((r) => r.path === '/api/accounts').at(-1)!;
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('uses poolLb.url without a connectionId, and says when nothing is configured', async () => {
    const unconfigured = await t.request('/api/pool-lb/accounts');
    expect([unconfigured.status, unconfigured.body.error]).toEqual([503, 'pool_lb_not_configured']);
    await setSettings(t, { ...settings, poolLb: { url: `${pool.origin}/api/accounts` } });
    const res = await t.request('/api/pool-lb/accounts');
    expect(res.status).toBe(200);
    expect(res.body.accounts).toHaveLength(2);
    expect(res.body.source.connectionId).toBeNull();
    await setSettings(t, settings);
  });

  it('answers 502 when the proxy fails or answers no list, 404 for an unknown connection, 400 for bad queries', async () => {
    pool.answer('/api/accounts', { status: 500, json: { error: 'boom' } });
    const failed = await t.request('/api/pool-lb/accounts?connectionId=anthropic');
    expect([failed.status, failed.body.error]).toEqual([502, 'pool_lb_request_failed']);
    pool.answer('/api/accounts', { json: { hello: 'world' } });
    expect((await t.request('/api/pool-lb/accounts?connectionId=anthropic')).body.error).toBe('pool_lb_request_failed');
    expect((await t.request('/api/pool-lb/accounts?connectionId=nope')).body.error).toBe('model_connection_not_found');
    const bad = await t.request('/api/pool-lb/accounts?connectionId=');
    expect([bad.status, bad.body.error]).toEqual([400, 'request_validation_failed']);
  });
});
