/**
 * The local CLI credential: its status for a missing, malformed, expired and valid file (never
 * a token in the answer), and its import into a model connection (a re-import replaces the
 * tokens of the same credential).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel } from '../../../sdk/testing/index.js';
import { startOAuthPeer, type OAuthPeer } from '../../../test/peers/oauth-server.js';
import { CLIENT_A, PEER_CLIENTS, peerSettings, post, setSettings, startKernel } from './kit.js';

const STATUS = '/api/settings/model-connections/cli-credential';
const IMPORT = '/api/settings/model-connections/import-cli-credential';

let t: TestKernel;
let peer: OAuthPeer;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'svc-cli-cred-'));
  file = path.join(dir, '.credentials.json');
  peer = await startOAuthPeer(PEER_CLIENTS);
  t = await startKernel();
  await setSettings(t, peerSettings(peer, { cliCredentialPath: file, apiBaseUrlA: 'https://a-api.example.test/v1' }));
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (content: unknown) => writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
const cliFile = (fields: Record<string, unknown>) => ({ claudeAiOauth: fields });
const SECRET_A = 'sk-ant-oat01-LOCALCLI-ACCESS-0123456789';
const SECRET_R = 'sk-ant-ort01-LOCALCLI-REFRESH-9876543210';

function noSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of [SECRET_A, SECRET_R, ...peer.issued.accessTokens, ...peer.issued.refreshTokens]) expect(text).not.toContain(secret);
}

describe('status', () => {
  it('reports a missing file', async () => {
    const res = await t.request(STATUS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, cli: { path: file, status: 'missing' }, imported: null });
    const imported = await post(t, IMPORT);
    expect(imported.status).toBe(404);
    expect(imported.body.error).toBe('cli_credential_not_found');
  });

  it.each([
    ['not JSON', `{"claudeAiOauth": {"accessToken": "${SECRET_A}"`, 'the file is not JSON'],
    ['a JSON array', '[1, 2]', 'the file is not a JSON object'],
    ['no access token', cliFile({ refreshToken: SECRET_R }), 'it holds no accessToken'],
    ['a numeric access token', cliFile({ accessToken: 42 }), 'it holds no accessToken'],
    ['a token with spaces', cliFile({ accessToken: `${SECRET_A} x` }), 'its accessToken is malformed'],
    ['expiresAt as text', cliFile({ accessToken: SECRET_A, expiresAt: 'tomorrow' }), 'its expiresAt is not a time in epoch milliseconds'],
    ['scopes as text', cliFile({ accessToken: SECRET_A, scopes: 'user:inference' }), 'its scopes are not a list of strings'],
    ['an oversized file', cliFile({ accessToken: SECRET_A, padding: 'x'.repeat(70_000) }), 'the file is larger than 65536 bytes'],
  ])('reports %s as invalid, without quoting it, and refuses to import it', async (_label, content, reason) => {
    write(content);
    const res = await t.request(STATUS);
    expect(res.body.cli).toEqual({ path: file, status: 'invalid', reason });
    noSecrets(res.body);
    const imported = await post(t, IMPORT);
    expect(imported.status).toBe(422);
    expect(imported.body.error).toBe('cli_credential_invalid');
    noSecrets(imported.body);
  });

  it('reports a directory at the path as invalid', async () => {
    const inner = path.join(dir, 'as-dir');
    mkdirSync(inner, { recursive: true });
    await setSettings(t, peerSettings(peer, { cliCredentialPath: inner }));
    expect((await t.request(STATUS)).body.cli).toEqual({ path: inner, status: 'invalid', reason: 'the path is not a regular file' });
    await setSettings(t, peerSettings(peer, { cliCredentialPath: file, apiBaseUrlA: 'https://a-api.example.test/v1' }));
  });

  it('reports an expired file without a refresh token as expired, and refuses to import it', async () => {
    write(cliFile({ accessToken: SECRET_A, expiresAt: Date.now() - 60_000 }));
    const res = await t.request(STATUS);
    expect(res.body.cli).toMatchObject({ status: 'expired', hasRefreshToken: false });
    const imported = await post(t, IMPORT);
    expect(imported.status).toBe(422);
    expect(imported.body.error).toBe('cli_credential_invalid');
  });

  it('reports a valid file: expiry, scopes and subscription, never the tokens', async () => {
    const expiresAt = Date.now() + 3_600_000;
    write(cliFile({ accessToken: SECRET_A, refreshToken: SECRET_R, expiresAt, scopes: ['user:inference', 'user:profile'], subscriptionType: 'max' }));
    const res = await t.request(STATUS);
    expect(res.body.cli).toEqual({
      path: file,
      status: 'valid',
      expiresAt: new Date(expiresAt).toISOString(),
      hasRefreshToken: true,
      scopes: ['user:inference', 'user:profile'],
      subscriptionType: 'max',
    });
    noSecrets(res.body);
  });
});

describe('import', () => {
  it('imports into a new connection with the provider defaults, encrypted and write-only', async () => {
    const minted = peer.mint(CLIENT_A);
    write(cliFile({ accessToken: minted.accessToken, refreshToken: minted.refreshToken, expiresAt: Date.now() + 3_600_000, subscriptionType: 'pro' }));
    const res = await post(t, IMPORT);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    noSecrets(res.body);
    expect(res.body.credential).toMatchObject({ provider: 'provider-a', source: 'cli-import', connectionId: 'anthropic', linked: true, account: { subscriptionType: 'pro' } });
    const connection = (await t.request('/api/settings/model-connections')).body.connections.find((c: { id: string }) => c.id === 'anthropic');
    expect(connection).toMatchObject({ apiType: 'anthropic-messages', baseUrl: 'https://a-api.example.test/v1', apiKeySet: false });

    const rows = await t.kernel.database.knex('svc_secrets').where({ owner: 'provider-logins' }).select('name', 'ciphertext');
    const id = res.body.credential.id;
    expect(rows.map((r) => r.name).sort()).toEqual([`credentials/${id}/access-token`, `credentials/${id}/refresh-token`]);
    for (const row of rows) expect(Buffer.from(row.ciphertext, 'base64').toString('latin1')).not.toContain(minted.accessToken.slice(3, 20));
    const own = JSON.stringify(await t.kernel.database.knex('provider_logins_credentials').select('*'));
    expect(own).not.toContain(minted.accessToken);
    expect(own).not.toContain(minted.refreshToken);

    const status = await t.request(STATUS);
    expect(status.body.imported).toMatchObject({ id, connectionId: 'anthropic', linked: true });
    noSecrets(status.body);
  });

  it('re-imports into the same credential and connection; or into the connection named', async () => {
    const first = (await t.request(STATUS)).body.imported.id;
    const minted = peer.mint(CLIENT_A);
    write(cliFile({ accessToken: minted.accessToken, refreshToken: minted.refreshToken }));
    const again = await post(t, IMPORT);
    expect(again.body.credential).toMatchObject({ id: first, connectionId: 'anthropic', expiresAt: null });

    expect((await post(t, '/api/settings/model-connections', { provider: 'claude-proxy', apiType: 'anthropic-messages', baseUrl: 'http://127.0.0.1:9/v1' })).status).toBe(201);
    const named = await post(t, IMPORT, { connectionId: 'claude-proxy' });
    expect(named.body.credential).toMatchObject({ id: first, connectionId: 'claude-proxy', linked: true });
    const missing = await post(t, IMPORT, { connectionId: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('model_connection_not_found');
  });

  it('refuses bad bodies', async () => {
    for (const body of [{ connectionId: 1 }, { connectionId: '' }, { connectionId: 'x'.repeat(65) }, { path: '/etc/passwd' }]) {
      const res = await post(t, IMPORT, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('request_validation_failed');
    }
  });
});
