/**
 * The OIDC authorization-code flow with openid-client: discovery (cached per issuer and
 * client), state + nonce + PKCE kept in a signed login-state cookie, code exchange, ID-token
 * verification (signature via the provider's key set, issuer, audience, nonce), then the
 * email/domain allowlists. Plain-HTTP issuers are accepted only on loopback (development and tests).
 * Every request to the provider goes through the egress guard; its refusal answers
 * `egress_address_refused`.
 */
import type * as OpenIdClient from 'openid-client';

/** openid-client is loaded on the first OIDC login: most installations never use it. */
let openIdClient: Promise<typeof OpenIdClient> | undefined;
const loadClient = () => (openIdClient ??= import('openid-client'));
import { findEgressRefusal, type EgressGuard } from '../../sdk/core/egress.js';
import { errors } from '../errors.js';
import { newSessionId } from './session-revocations.js';
import { signValue, verifyValue } from './signed-cookie.js';
import type { EffectiveUiAuth } from './ui-auth-service.js';

export const OIDC_STATE_COOKIE = 'svc_oidc_state';
export const OIDC_SESSION_COOKIE = 'svc_oidc_session';
export const OIDC_STATE_MAX_AGE = 600;
export const OIDC_SESSION_MAX_AGE = 8 * 3600;
const DISCOVERY_TIMEOUT_S = 10;

export interface OidcSession extends Record<string, unknown> {
  sub: string;
  email: string | null;
  exp: number;
  rev: string;
  /** The session's id, for sign-out (`session-revocations.ts`). */
  sid: string;
}

interface LoginState extends Record<string, unknown> {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  redirectUri: string;
}

type OidcConfig = EffectiveUiAuth['oidc'];

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Emails and domains compared in lower case; both lists must match when both are set. */
export function allowlistProblem(oidc: Pick<OidcConfig, 'allowedEmails' | 'allowedDomains'>, claims: { email?: unknown; email_verified?: unknown }): string | undefined {
  if (oidc.allowedEmails.length === 0 && oidc.allowedDomains.length === 0) return undefined;
  if (claims.email_verified !== true) return 'the provider did not verify this email address';
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  if (!email) return 'the provider sent no email address';
  if (oidc.allowedEmails.length > 0 && !oidc.allowedEmails.includes(email)) return 'this email address is not allowed';
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (oidc.allowedDomains.length > 0 && !oidc.allowedDomains.includes(domain)) return 'this email domain is not allowed';
  return undefined;
}

export class OidcFlow {
  private readonly configurations = new Map<string, Promise<OpenIdClient.Configuration>>();

  constructor(private readonly egress: EgressGuard) {}

  private configuration(oidc: OidcConfig): Promise<OpenIdClient.Configuration> {
    const key = JSON.stringify([oidc.issuer, oidc.clientId, oidc.clientSecret]);
    let found = this.configurations.get(key);
    if (!found) {
      const issuer = new URL(oidc.issuer!);
      found = loadClient().then((client) => {
        this.egress.check(issuer);
        // The configuration keeps this fetch for the token exchange and the key set too.
        return client.discovery(issuer, oidc.clientId!, oidc.clientSecret!, undefined, {
          execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
          timeout: DISCOVERY_TIMEOUT_S,
          [client.customFetch]: (url: string, options: OpenIdClient.CustomFetchOptions) => this.egress.fetch(url, options as RequestInit),
        });
      });
      this.configurations.set(key, found);
      found.catch(() => this.configurations.delete(key)); // retry discovery on the next login
    }
    return found;
  }

  /** The provider URL to send the browser to, and the signed login-state cookie value. */
  async start(config: EffectiveUiAuth, redirectUri: string, returnTo: string): Promise<{ url: string; stateCookie: string }> {
    const client = await loadClient();
    let configuration: OpenIdClient.Configuration;
    try {
      configuration = await this.configuration(config.oidc);
    } catch (error) {
      const refused = findEgressRefusal(error);
      if (refused) throw refused.toSvcError();
      throw errors.oidcLoginFailed({ reason: `provider discovery failed (${(error as { code?: string }).code ?? 'error'})` });
    }
    const login: LoginState = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo,
      redirectUri,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: login.state,
      nonce: login.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(login.verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, stateCookie: signValue(login, config.oidc.clientSecret!) };
  }

  /** Completes the login; returns the signed session cookie value and where to go next. */
  async finish(config: EffectiveUiAuth, query: string, stateCookie: string | undefined): Promise<{ sessionCookie: string; returnTo: string; maxAge: number }> {
    const secret = config.oidc.clientSecret!;
    const login = verifyValue<LoginState>(stateCookie, secret);
    if (!login) throw errors.oidcLoginFailed({ reason: 'the login state is missing or was altered; start again' });
    const configuration = await this.configuration(config.oidc).catch((error: unknown) => {
      const refused = findEgressRefusal(error);
      if (refused) throw refused.toSvcError();
      throw errors.oidcLoginFailed({ reason: 'provider discovery failed' });
    });
    const client = await loadClient();
    let tokens: Awaited<ReturnType<typeof OpenIdClient.authorizationCodeGrant>>;
    try {
      const currentUrl = new URL(login.redirectUri);
      currentUrl.search = query;
      tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        expectedState: login.state,
        expectedNonce: login.nonce,
        pkceCodeVerifier: login.verifier,
        idTokenExpected: true,
      });
    } catch (error) {
      const refused = findEgressRefusal(error);
      if (refused) throw refused.toSvcError();
      const e = error as { code?: string; error?: string; message?: string };
      throw errors.oidcLoginFailed({ reason: e.error ?? e.code ?? 'the provider answer did not verify' });
    }
    const claims = tokens.claims();
    if (!claims) throw errors.oidcLoginFailed({ reason: 'no ID token' });
    const problem = allowlistProblem(config.oidc, claims as { email?: unknown; email_verified?: unknown });
    if (problem) throw errors.oidcLoginFailed({ reason: problem });
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.min(claims.exp, now + OIDC_SESSION_MAX_AGE);
    const session: OidcSession = {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true,
      exp,
      rev: config.revision,
      sid: newSessionId(),
    };
    return { sessionCookie: signValue(session, secret), returnTo: login.returnTo, maxAge: Math.max(0, exp - now) };
  }

  /** The session in force for `cookie`, re-checked against the current allowlists and revision. */
  verifySession(config: EffectiveUiAuth, cookie: string | undefined): OidcSession | undefined {
    if (!cookie || !config.oidc.clientSecret) return undefined;
    const session = verifyValue<OidcSession & { emailVerified?: boolean }>(cookie, config.oidc.clientSecret);
    if (!session || typeof session.exp !== 'number' || session.exp <= Math.floor(Date.now() / 1000)) return undefined;
    if (session.rev !== config.revision) return undefined;
    if (allowlistProblem(config.oidc, { email: session.email, email_verified: session.emailVerified })) return undefined;
    return session;
  }
}
