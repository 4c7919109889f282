/**
 * Everything that depends on time, with an injected clock (no waiting, no timed assertions):
 * a login's TTL, the refresh skew of an access token, the usage cache interval, and the sweep
 * of old logins. The services run on the test database and against the local OAuth server.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoggerService, ModDatabaseService, SecretsService } from '../../../sdk/index.js';
import type { ConnectionSummary, ModelConnectionDirectoryService } from '../../model-connections/src/contract.js';
import { createEgressGuard, DEFAULT_EGRESS_POLICY, type TestKernel } from '../../../sdk/testing/index.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { resolveConfig, type LoginsSettings } from '../src/config.js';
import { CredentialService } from '../src/credentials.js';
import { LoginService } from '../src/login-flows.js';
import { TokenEndpoint } from '../src/token-endpoint.js';
import { UsageService } from '../src/usage.js';
import { CLIENT_A, PEER_CLIENTS, peerSettings, startKernel } from './kit.js';
import { modDatabaseOver } from '../../../test/kits/mod-database.js';

let t: TestKernel;
let peer: OAuthPeer;
let now: number;
let secrets: Map<string, string>;
let logins: LoginService;
let credentials: CredentialService;
let usage: UsageService;
let settings: LoginsSettings;

const T0 = Date.parse('2030-01-01T00:00:00Z');
const clock = () => new Date(now);
const silent: LoggerService = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
const connection: ConnectionSummary = { id: 'anthropic', provider: 'anthropic', apiType: 'anthropic-messages', baseUrl: 'https://x.test/v1', apiKeySet: false, createdAt: '2029-12-31T00:00:00.000Z' };
const directory: ModelConnectionDirectoryService = { get: async (id) => (id === connection.id ? connection : undefined), create: async () => connection };

beforeAll(async () => {
  peer = await startOAuthPeer(PEER_CLIENTS);
  t = await startKernel();
  const knex: Knex = t.kernel.database.knex;
  const db: ModDatabaseService = modDatabaseOver(knex, 'provider-logins', { driver: t.kernel.database.driver, vector: t.kernel.database.vector, trigram: t.kernel.database.trigram });
  secrets = new Map();
  const store: SecretsService = {
    get: async (name) => secrets.get(name),
    set: async (name, value) => void secrets.set(name, value),
    delete: async (name) => void secrets.delete(name),
    has: async (name) => secrets.has(name),
  };
  settings = peerSettings(peer) as LoginsSettings;
  const config = async () => resolveConfig(settings, {});
  const egress = createEgressGuard(DEFAULT_EGRESS_POLICY);
  const tokens = new TokenEndpoint(clock, egress);
  credentials = new CredentialService({ db, secrets: store, directory, tokens, config, clock, log: silent });
  logins = new LoginService({ db, secrets: store, credentials, tokens, config, clock, log: silent });
  usage = new UsageService(credentials, config, clock, silent, egress);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});
beforeEach(() => {
  now = T0;
});

describe('login TTL', () => {
  it('stays pending until its deadline, then is expired, refuses codes and drops its verifier', async () => {
    const login = await logins.start('provider-b-oauth');
    expect(login.expiresAt).toBe(new Date(T0 + 600_000).toISOString());
    expect(secrets.has(`logins/${login.id}/verifier`)).toBe(true);
    const callback = await peer.authorize(login.authorizeUrl!);

    now = T0 + 599_999;
    expect((await logins.get('provider-b-oauth', login.id)).status).toBe('pending');
    now = T0 + 600_000;
    expect((await logins.get('provider-b-oauth', login.id)).status).toBe('expired');
    expect(secrets.has(`logins/${login.id}/verifier`)).toBe(false);
    await expect(logins.submit('provider-b-oauth', login.id, { callbackUrl: callback })).rejects.toMatchObject({ code: 'provider_login_expired', status: 410 });
    // Moving the clock back does not revive it.
    now = T0;
    expect((await logins.get('provider-b-oauth', login.id)).status).toBe('expired');
  });

  it('follows loginTtlSeconds', async () => {
    settings = { ...settings, loginTtlSeconds: 5 };
    const login = await logins.start('code-cli-login');
    expect(login.expiresAt).toBe(new Date(T0 + 5000).toISOString());
    now = T0 + 5000;
    expect((await logins.get('code-cli-login', login.id)).status).toBe('expired');
    settings = { ...settings, loginTtlSeconds: undefined };
  });

  it('sweeps logins finished more than a day ago when another starts', async () => {
    const old = await logins.start('provider-b-oauth');
    await logins.cancel('provider-b-oauth', old.id);
    now = T0 + 25 * 3600_000;
    await logins.start('provider-b-oauth');
    await expect(logins.get('provider-b-oauth', old.id)).rejects.toMatchObject({ code: 'provider_login_not_found' });
  });
});

describe('refresh skew', () => {
  it('refreshes only once the token is within refreshSkewSeconds of its expiry', async () => {
    const minted = peer.mint(CLIENT_A);
    const saved = await credentials.save({ provider: 'provider-a', source: 'cli-import', tokens: { ...minted, expiresAt: new Date(T0 + 3600_000), account: {} } });
    await credentials.attach(saved.id, 'anthropic');
    const target = { id: 'anthropic', apiType: 'anthropic-messages', createdAt: connection.createdAt };
    const refreshes = () => peer.count('/oauth/token', 'refresh_token');
    const before = refreshes();

    now = T0 + 3600_000 - 300_001;
    expect(await credentials.credentialFor(target)).toEqual({ headers: { 'anthropic-beta': 'oauth-2025-04-20', authorization: `Bearer ${minted.accessToken}` } });
    expect(refreshes()).toBe(before);

    now = T0 + 3600_000 - 300_000;
    const refreshed = await credentials.credentialFor(target);
    expect(refreshes()).toBe(before + 1);
    const token = peer.issued.accessTokens.at(-1)!;
    expect(refreshed?.headers?.authorization).toBe(`Bearer ${token}`);
    // The new expiry counts from the (injected) time of the refresh.
    expect((await credentials.get(saved.id))!.expiresAt).toBe(new Date(now + 3600_000).toISOString());

    // Concurrent callers inside the skew share one refresh.
    now = now + 3600_000 - 1000;
    const all = await Promise.all([credentials.credentialFor(target), credentials.credentialFor(target), credentials.credentialFor(target)]);
    expect(refreshes()).toBe(before + 2);
    expect(new Set(all.map((c) => c?.headers?.authorization)).size).toBe(1);
  });

  it('refuses an expired token that has no refresh token', async () => {
    const minted = peer.mint(CLIENT_A);
    const saved = await credentials.save({ provider: 'provider-a', source: 'code-cli-login', tokens: { accessToken: minted.accessToken, expiresAt: new Date(T0 + 1000), account: {} } });
    await credentials.attach(saved.id, 'anthropic');
    now = T0 + 1000;
    await expect(credentials.credentialFor({ id: 'anthropic', apiType: 'openai-chat', createdAt: connection.createdAt })).rejects.toMatchObject({
      name: 'UpstreamError',
      code: 'connection_unavailable',
    });
    // Before it expired (inside the skew) it is still used as it is.
    now = T0;
    expect(await credentials.credentialFor({ id: 'anthropic', apiType: 'openai-chat', createdAt: connection.createdAt })).toEqual({
      apiKey: minted.accessToken,
      headers: { 'anthropic-beta': 'oauth-2025-04-20' },
    });
  });

  it('ignores a link made to an earlier connection of the same id', async () => {
    expect(await credentials.credentialFor({ id: 'anthropic', apiType: 'openai-chat', createdAt: '2031-01-01T00:00:00.000Z' })).toBeUndefined();
  });
});

describe('usage cache interval', () => {
  it('serves the cache for usageCacheSeconds, then asks again', async () => {
    const minted = peer.mint(CLIENT_A);
    const saved = await credentials.save({ provider: 'provider-a', source: 'cli-import', tokens: { ...minted, account: {} } });
    await credentials.attach(saved.id, 'anthropic');
    const calls = () => peer.count('/api/oauth/usage');
    const before = calls();
    expect((await usage.usage('provider-a', { connectionId: 'anthropic' })).cached).toBe(false);
    now = T0 + 59_999;
    expect((await usage.usage('provider-a', { connectionId: 'anthropic' })).cached).toBe(true);
    expect(calls()).toBe(before + 1);
    now = T0 + 60_000;
    const fresh = await usage.usage('provider-a', { connectionId: 'anthropic' });
    expect(fresh).toMatchObject({ cached: false, fetchedAt: new Date(T0 + 60_000).toISOString() });
    expect(calls()).toBe(before + 2);
  });
});
