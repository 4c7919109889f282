/**
 * Provider logins in a real browser against the real server process, whose provider endpoints
 * point (through the `SVC_PROVIDER_*` and `SVC_CLI_CREDENTIAL_PATH` variables) at a local OAuth
 * server and a fake OpenAI-compatible model server: the local CLI credential imported, a
 * provider-b browser sign-in completed by pasting the callback address, its usage shown, and a
 * model connection discovered with the login's token. No token ever appears on the page.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startOAuthPeer, type OAuthPeer } from '../peers/oauth-server.js';
import { tempDataDir } from './server-process.js';
import { uiSuite } from '../kits/ui-kit.js';

const REDIRECT_B = 'http://localhost:1455/auth/callback';

let peer: OAuthPeer;
const ui = uiSuite({
  fake: true,
  // The server's provider endpoints point at the OAuth peer and the fake model server.
  server: async ({ fake }) => {
    peer = await startOAuthPeer([
      { clientId: 'ui-client-a', redirectUris: ['https://provider-a.example/callback'], requireState: true },
      { clientId: 'ui-client-b', redirectUris: [REDIRECT_B], idTokenClaims: { email: 'ui@example.test', 'https://api.openai.com/auth': { chatgpt_account_id: 'acct-ui' } } },
    ]);
    ui.defer(() => peer.close());
    const cliFile = path.join(tempDataDir(), 'credentials.json');
    const minted = peer.mint('ui-client-a');
    writeFileSync(cliFile, JSON.stringify({ claudeAiOauth: { accessToken: minted.accessToken, refreshToken: minted.refreshToken, expiresAt: Date.now() + 3_600_000, subscriptionType: 'pro' } }));
    return {
      env: {
        SVC_CLI_CREDENTIAL_PATH: cliFile,
        SVC_PROVIDER_A_TOKEN_URL: peer.tokenUrl,
        SVC_PROVIDER_A_CLIENT_ID: 'ui-client-a',
        SVC_PROVIDER_A_USAGE_URL: peer.usageUrlA,
        SVC_PROVIDER_A_API_BASE_URL: 'http://127.0.0.1:9/v1',
        SVC_PROVIDER_B_AUTHORIZE_URL: peer.authorizeUrl,
        SVC_PROVIDER_B_TOKEN_URL: peer.tokenUrl,
        SVC_PROVIDER_B_CLIENT_ID: 'ui-client-b',
        SVC_PROVIDER_B_REDIRECT_URI: REDIRECT_B,
        SVC_PROVIDER_B_USAGE_URL: peer.usageUrlB,
        SVC_PROVIDER_B_API_BASE_URL: fake!.baseUrl,
      },
    };
  },
});
const { page } = ui;

it('imports the CLI credential, signs in to provider-b, shows usage and discovers models with the login', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/connections`);
  await page.getByRole('heading', { name: 'Provider logins' }).waitFor();

  // The CLI credential: valid, imported into a new connection that then shows it uses a login.
  await page.locator('.cli-line .badge', { hasText: 'valid' }).waitFor();
  await page.getByRole('button', { name: 'Import CLI credential' }).click();
  await page.getByRole('status').filter({ hasText: 'Imported; model connection anthropic now uses it.' }).waitFor();
  await page.locator('tr[data-connection-id="anthropic"] .badge', { hasText: 'provider login' }).waitFor();

  // provider-b: start, open the sign-in page (the test plays the browser's redirect), paste where it landed.
  // The button names the provider as its provider mod declares it.
  await page.getByRole('button', { name: 'Sign in to OpenAI-compatible Chat Completions' }).click();
  const open = page.getByRole('link', { name: 'Open the sign-in page' });
  await open.waitFor();
  const authorizeUrl = (await open.getAttribute('href'))!;
  expect(authorizeUrl.startsWith(peer.authorizeUrl)).toBe(true);
  const callback = await peer.authorize(authorizeUrl);
  await page.getByLabel('2. Paste the address or code').fill(callback);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('status').filter({ hasText: 'Signed in; model connection openai uses this login.' }).waitFor();
  const openai = page.locator('tr[data-connection-id="openai"]');
  await openai.locator('.badge', { hasText: 'provider login' }).waitFor();

  // Usage of the provider-b login, as the provider answered it.
  const credential = page.locator('tr[data-credential-id]').filter({ hasText: 'OpenAI-compatible Chat Completions' });
  await credential.getByRole('button', { name: 'Usage' }).click();
  await page.locator('.usage-row pre', { hasText: '"plan_type": "plus"' }).waitFor();

  // Testing the linked connection (a discovery) sends the login's token.
  await page.getByRole('button', { name: 'Test openai (lists its models)' }).click();
  await openai.getByRole('status').filter({ hasText: 'Connected: 2 models found' }).waitFor();
  const sent = ui.fake.requests.filter((r) => r.path === '/v1/models').at(-1)?.headers.authorization;
  expect(sent).toBe(`Bearer ${peer.issued.accessTokens.at(-1)}`);

  await ui.screenshot('ui-provider-logins');
  const content = await page.content();
  for (const secret of [...peer.issued.accessTokens, ...peer.issued.refreshTokens, ...peer.issued.codes]) expect(content).not.toContain(secret);
  ui.expectNoPageErrors();
});
