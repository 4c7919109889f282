/**
 * What the provider-logins suites share: a kernel with the model connection, provider adapter
 * and provider-login mods, its settings pointed at a local OAuth peer, and small request helpers.
 */
import path from 'node:path';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import type { OAuthClient, OAuthPeer } from '../../../test/peers/oauth-server.js';

export const MODS = ['health', 'model-connections', 'provider-openai', 'provider-anthropic', 'provider-logins'];
export const PROBE_MODS = { root: path.join(import.meta.dirname, 'fixtures', 'mods'), system: false };

export const CLIENT_A = 'client-provider-a';
export const CLIENT_B = 'client-provider-b';
/** Provider-a's redirect URI is a page on the provider that shows `code#state` (never opened in tests). */
export const REDIRECT_A = 'https://provider-a.example/oauth/code/callback';
/** Provider-b's is a loopback callback nobody listens on: the operator copies the URL from the browser. */
export const REDIRECT_B = 'http://localhost:1455/auth/callback';

export const PEER_CLIENTS: OAuthClient[] = [
  { clientId: CLIENT_A, redirectUris: [REDIRECT_A], requireState: true, account: { email_address: 'ada@example.test', uuid: 'acct-a-1' } },
  {
    clientId: CLIENT_B,
    redirectUris: [REDIRECT_B],
    idTokenClaims: { email: 'bob@example.test', 'https://api.openai.com/auth': { chatgpt_account_id: 'acct-b-42', chatgpt_plan_type: 'plus' } },
  },
];

/** Settings that point every upstream at the peers. */
export function peerSettings(peer: OAuthPeer, extra: { apiBaseUrlA?: string; apiBaseUrlB?: string; cliCredentialPath?: string; [key: string]: unknown } = {}) {
  const { apiBaseUrlA, apiBaseUrlB, cliCredentialPath, ...rest } = extra;
  return {
    ...(cliCredentialPath ? { cliCredentialPath } : {}),
    providerA: {
      authorizeUrl: peer.authorizeUrl,
      tokenUrl: peer.tokenUrl,
      clientId: CLIENT_A,
      redirectUri: REDIRECT_A,
      scopes: 'user:profile user:inference',
      usageUrl: peer.usageUrlA,
      ...(apiBaseUrlA ? { apiBaseUrl: apiBaseUrlA } : {}),
    },
    providerB: {
      authorizeUrl: peer.authorizeUrl,
      tokenUrl: peer.tokenUrl,
      clientId: CLIENT_B,
      redirectUri: REDIRECT_B,
      scopes: 'openid profile email offline_access',
      usageUrl: peer.usageUrlB,
      ...(apiBaseUrlB ? { apiBaseUrl: apiBaseUrlB } : {}),
    },
    ...rest,
  };
}

export async function startKernel(options: { probe?: boolean } = {}): Promise<TestKernel> {
  return startTestKernel({ mods: MODS, ...(options.probe ? { modSources: [PROBE_MODS] } : {}) });
}

/** Through the kernel's settings route: checked against the manifest schema, seen by the mod at once. */
export async function setSettings(t: TestKernel, value: Record<string, unknown>) {
  const res = await t.request(json('PUT', '/api/mod-management/provider-logins/settings', value));
  if (res.status !== 200) throw new Error(`settings refused: ${JSON.stringify(res.body)}`);
}

export const post = (t: TestKernel, url: string, body?: unknown) => t.request(json('POST', url, body ?? {}));

export const B = '/api/settings/model-connections/provider-b-oauth';
export const A = '/api/settings/model-connections/code-cli-login';

/** The `code#state` a CLI-style login page shows, from where the peer redirected. */
export function codeHashState(location: string): string {
  const url = new URL(location);
  return `${url.searchParams.get('code')}#${url.searchParams.get('state')}`;
}
