/**
 * A real OpenID Provider (`oidc-provider` v9) on a free loopback port over plain HTTP, for
 * tests. One confidential client (client_secret_post, authorization code only). The test
 * decides who signs in (`setUser`); the login and consent interactions are answered by a
 * handler in front of the provider, so no HTML form is involved. The signing key is ours, so
 * a test can have the next ID token rewritten and re-signed with the same key and `kid`.
 *
 * oidc-provider prints an "unsupported runtime" warning on Node 20: expected, test peer only.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface OidcPeerUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcPeerClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcPeer {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  /** Who the next login interaction signs in (also registers the account). */
  setUser(user: OidcPeerUser): void;
  /** Rewrites the claims of the next ID token the token endpoint returns, re-signed with the same key. */
  tamperNextIdToken(edit: (claims: JWTPayload) => JWTPayload): void;
  close(): Promise<void>;
}

/** The parts of oidc-provider (which ships no type declarations) this peer uses. */
interface ProviderModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => Provider;
}
interface KoaContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
}
interface Interaction {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface Provider {
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
}

// Loaded through a variable: the package has no type declarations for a static import.
const PROVIDER_PACKAGE: string = 'oidc-provider';

export async function startOidcProvider(client: OidcPeerClient): Promise<OidcPeer> {
  const { default: Provider } = (await import(PROVIDER_PACKAGE)) as ProviderModule;

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const kid = randomUUID();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  const users = new Map<string, OidcPeerUser>();
  let current: OidcPeerUser | undefined;
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's discovery(issuer, id, secret) authenticates with ClientSecretPost.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope claims (email, email_verified) in the ID token, which is what the svc reads.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ ...user }) };
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    if (!tamper || ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (typeof body?.id_token !== 'string') return;
    const edit = tamper;
    tamper = undefined;
    const header = decodeProtectedHeader(body.id_token);
    const claims = edit(decodeJwt(body.id_token));
    const idToken = await new SignJWT(claims).setProtectedHeader({ ...header, alg: 'RS256', kid }).sign(privateKey);
    ctx.body = { ...body, id_token: idToken };
  });

  const handleProvider = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        res.statusCode = 500;
        res.setHeader('content-type', 'text/plain');
        res.end(`interaction failed: ${String((error as Error)?.message ?? error)}`);
      });
      return;
    }
    handleProvider(req, res);
  });

  /** Logs in the current user, then grants the OIDC scopes asked for. */
  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!current) throw new Error('no test user set (call setUser first)');
      await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('consent without a signed-in account');
      const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      if (details.prompt.details.missingOIDCClaims?.length) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new Error(`unexpected prompt ${details.prompt.name}`);
  }

  return {
    issuer,
    setUser(user) {
      users.set(user.sub, user);
      current = user;
    },
    tamperNextIdToken(edit) {
      tamper = edit;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
