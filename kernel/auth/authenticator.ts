/**
 * Steps 2–6 of the request order for one request: public routes (the auth routes, health)
 * pass; a presented bearer token is accepted for the diagnostics allowlist or refused with
 * 403 and never falls back; otherwise the configured interactive mode decides.
 */
import { parse as parseCookies, serialize as serializeCookie, type SerializeOptions } from 'cookie';
import { timingSafeEqual } from 'node:crypto';
import type { RouteAuthContext } from '../../sdk/http.js';
import { stripMappedPrefix } from '../config.js';
import { errors } from '../errors.js';
import type { ApiTokenStore, ApiTokenView } from './api-token-store.js';
import { OIDC_SESSION_COOKIE, type OidcFlow, type OidcSession } from './oidc-flow.js';
import { LoginThrottle } from './login-throttle.js';
import { verifyPassword } from './password-hash.js';
import { MAX_SID_LENGTH, newSessionId, type SessionRevocations } from './session-revocations.js';
import { signValue, verifyValue } from './signed-cookie.js';
import { tokenMayRead, type TokenGateRoute } from './token-gate.js';
import type { EffectiveUiAuth, UiAuthService } from './ui-auth-service.js';

export const BASIC_COOKIE = 'hc_basic_session';
/**
 * Set by a Basic sign-out: the next request that has no session cookie is challenged even when it
 * carries a password, which makes the browser forget the one it keeps and ask again (a browser
 * re-sends a Basic password it was given on its own). The challenge clears it.
 */
export const SIGNED_OUT_COOKIE = 'svc_signed_out';
/** Where a trusted proxy presents `SVC_UI_AUTH_PROXY_SECRET`; never shown to a mod. */
export const PROXY_SECRET_HEADER = 'x-svc-proxy-secret';

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
export const OIDC_LOGIN_PATH = '/auth/oidc/login';
const BASIC_CHALLENGE = 'Basic realm="svc", charset="UTF-8"';

export interface AuthRequest {
  method: string;
  pathname: string;
  /** The path and query, for returning after an OIDC login. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  peer: string;
}

/** What the authenticator reads of the route the router matched (none: no route matched). */
export interface AuthRoute extends TokenGateRoute {
  /** Served without authentication. */
  public: boolean;
}

export interface AuthOutcome {
  context: RouteAuthContext;
  setCookies?: string[];
  /** Send the browser here instead (OIDC login for a page request). */
  redirect?: string;
}

const PUBLIC_ENABLED: RouteAuthContext = Object.freeze({ enabled: true, authenticated: false });
const PUBLIC_DISABLED: RouteAuthContext = Object.freeze({ enabled: false, authenticated: false });

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function cookieOptions(secure: boolean, maxAge: number): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge };
}

/** Set-Cookie values that end the Basic and both OIDC cookies. */
export function clearedAuthCookies(): string[] {
  return ['hc_basic_session', 'svc_oidc_state', 'svc_oidc_session'].map((name) => serializeCookie(name, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 }));
}

/** The Set-Cookie of a Basic sign-out (see `SIGNED_OUT_COOKIE`); `clear` ends it. */
export function signedOutCookie(secure: boolean, clear = false): string {
  return serializeCookie(SIGNED_OUT_COOKIE, clear ? '' : '1', { httpOnly: true, sameSite: 'lax', path: '/', secure, ...(clear ? { maxAge: 0 } : {}) });
}

interface BasicSession {
  user: string;
  /** The session's id: minted at the password sign-in, kept by every refresh, revoked by sign-out. */
  sid: string;
  exp: number;
}

/** A cookie's `sid`; a cookie signed before sessions had ids has none and no longer signs in. */
const validSid = (sid: unknown): sid is string => typeof sid === 'string' && sid.length > 0 && sid.length <= MAX_SID_LENGTH;

/** At most this many verified session cookies are remembered (then the memo starts over). */
const SESSION_MEMO_SIZE = 1024;

export class Authenticator {
  /** Verified Basic cookies → who, which session and with which signing key; a password change misses. */
  private readonly basicSessions = new Map<string, BasicSession & { passwordHash: string }>();
  /** The refreshed cookie of the current second for the last session: each success still gets a fresh one. */
  private refreshed: { passwordHash: string; user: string; sid: string; exp: number; secure: boolean; sessionSeconds: number; cookie: string } | undefined;
  /** The last Cookie header parsed, and what it parsed to (parsing is pure). */
  private lastCookieHeader: string | undefined;
  private lastCookies: Record<string, string | undefined> = {};

  /** Failed Basic logins per peer and username, and the bound on concurrent password checks. */
  readonly loginThrottle: LoginThrottle;
  private readonly verifyPassword: (password: string, hash: string) => Promise<boolean>;

  constructor(
    private readonly uiAuth: UiAuthService,
    private readonly tokens: ApiTokenStore,
    private readonly oidc: OidcFlow,
    private readonly revocations: Pick<SessionRevocations, 'isRevoked' | 'revoke'>,
    options: { loginThrottle?: LoginThrottle; verifyPassword?: (password: string, hash: string) => Promise<boolean> } = {},
  ) {
    this.loginThrottle = options.loginThrottle ?? new LoginThrottle();
    this.verifyPassword = options.verifyPassword ?? verifyPassword;
  }

  /** The bearer token presented, `''` for an empty one, undefined when none. */
  static bearer(request: Pick<AuthRequest, 'headers'>): string | undefined {
    const value = header(request.headers.authorization);
    const match = value ? /^Bearer(?:\s+(.*))?$/i.exec(value.trim()) : null;
    return match ? (match[1] ?? '').trim() : undefined;
  }

  /**
   * Synchronous when it can be (a public route, mode none or trusted-proxy with the
   * configuration cached): most requests then cost no promise at all.
   */
  authenticate(request: AuthRequest, route: AuthRoute | undefined): AuthOutcome | Promise<AuthOutcome> {
    const config = this.uiAuth.peek();
    return config ? this.decide(config, request, route) : this.uiAuth.effective().then((c) => this.decide(c, request, route));
  }

  private decide(config: EffectiveUiAuth, request: AuthRequest, route: AuthRoute | undefined): AuthOutcome | Promise<AuthOutcome> {
    const enabled = config.mode !== 'none';
    if (route?.public === true) return { context: enabled ? PUBLIC_ENABLED : PUBLIC_DISABLED };

    const bearer = Authenticator.bearer(request);
    if (bearer) return this.token(bearer, request, route, enabled);

    switch (config.mode) {
      case 'none':
        return { context: PUBLIC_DISABLED };
      case 'trusted-proxy':
        return { context: this.trustedProxy(config, request) };
      case 'basic':
        return this.basic(config, request);
      case 'oidc':
        return this.oidcSession(config, request);
    }
  }

  /** Synchronous for a token verified moments ago (a monitor polling): no promise, no query. */
  private token(bearer: string, request: AuthRequest, route: AuthRoute | undefined, enabled: boolean): AuthOutcome | Promise<AuthOutcome> {
    if (request.method !== 'GET' || !tokenMayRead(route, request.pathname)) throw errors.apiTokenForbidden();
    // No closure per request: this is the hot path of a polling monitor.
    const cached = this.tokens.cachedVerdict(bearer, 'diagnostics:read');
    if (cached !== undefined) return Authenticator.tokenOutcome(cached, enabled);
    return this.tokens.verify(bearer, 'diagnostics:read').then((token) => Authenticator.tokenOutcome(token, enabled));
  }

  private static tokenOutcome(token: ApiTokenView | null | undefined, enabled: boolean): AuthOutcome {
    if (!token) throw errors.apiTokenForbidden();
    return { context: { enabled, authenticated: false, identity: { via: 'token', user: token.name } } };
  }

  /** Who the request is, without refusing or refreshing anything (for `/api/auth/session`). */
  async identify(request: AuthRequest): Promise<{ mode: EffectiveUiAuth['mode']; identity?: RouteAuthContext['identity'] }> {
    const config = await this.uiAuth.effective();
    try {
      if (config.mode === 'trusted-proxy') return { mode: config.mode, identity: this.trustedProxy(config, request).identity };
      if (config.mode === 'basic') {
        const session = this.basicCookieSession(config, request);
        return { mode: config.mode, identity: session ? { via: 'basic', user: session.user } : undefined };
      }
      if (config.mode === 'oidc') {
        const session = this.oidcCookieSession(config, request);
        return { mode: config.mode, identity: session ? { via: 'oidc', user: session.email ?? session.sub } : undefined };
      }
    } catch {
      // not signed in
    }
    return { mode: config.mode };
  }

  private cookie(request: AuthRequest, name: string): string | undefined {
    const raw = header(request.headers.cookie);
    if (!raw) return undefined;
    // A browser or client sends the same Cookie header request after request: parsed once.
    if (raw !== this.lastCookieHeader) {
      this.lastCookies = parseCookies(raw);
      this.lastCookieHeader = raw;
    }
    return this.lastCookies[name];
  }

  private trustedProxy(config: EffectiveUiAuth, request: AuthRequest): RouteAuthContext {
    const peer = stripMappedPrefix(request.peer);
    if (!config.trustedProxy.allowedProxies.includes(peer)) throw errors.proxyNotAllowed();
    const { secret } = config.trustedProxy;
    if (secret !== undefined && !sameSecret(header(request.headers[PROXY_SECRET_HEADER]), secret)) throw errors.proxyNotAllowed();
    const user = header(request.headers[config.trustedProxy.identityHeader])?.trim();
    if (!user) throw errors.missingProxyUser();
    return { enabled: true, authenticated: true, identity: { via: 'trusted-proxy', user } };
  }

  private basicCookieSession(config: EffectiveUiAuth, request: AuthRequest): BasicSession | undefined {
    const { username, passwordHash } = config.basic;
    if (!username || !passwordHash) return undefined;
    const value = this.cookie(request, BASIC_COOKIE);
    if (!value) return undefined;
    const now = Math.floor(Date.now() / 1000);
    const memo = this.basicSessions.get(value);
    if (memo && memo.passwordHash === passwordHash && memo.user === username) return memo.exp > now && !this.revocations.isRevoked(memo.sid) ? memo : undefined;
    const session = verifyValue<{ u?: unknown; exp?: unknown; sid?: unknown }>(value, passwordHash);
    if (!session || typeof session.u !== 'string' || typeof session.exp !== 'number' || !validSid(session.sid)) return undefined;
    if (session.exp <= now || !safeEqual(session.u, username) || this.revocations.isRevoked(session.sid)) return undefined;
    if (this.basicSessions.size >= SESSION_MEMO_SIZE) this.basicSessions.clear();
    const verified = { passwordHash, user: username, sid: session.sid, exp: session.exp };
    this.basicSessions.set(value, verified);
    return verified;
  }

  /** The OIDC session of the request's cookie, unless it was signed out. */
  private oidcCookieSession(config: EffectiveUiAuth, request: AuthRequest): OidcSession | undefined {
    const session = this.oidc.verifySession(config, this.cookie(request, OIDC_SESSION_COOKIE));
    return session && validSid(session.sid) && !this.revocations.isRevoked(session.sid) ? session : undefined;
  }

  /**
   * Signs out the session the request's cookie carries, in the mode in force: no cookie of that
   * session signs in again, on any process, even one a response still in flight sets again.
   */
  async signOut(request: AuthRequest): Promise<void> {
    const config = await this.uiAuth.effective();
    if (config.mode === 'basic') {
      const session = this.basicCookieSession(config, request);
      // A refresh may have pushed a cookie of this session up to a full lifetime from now.
      if (session) await this.revocations.revoke(session.sid, Math.floor(Date.now() / 1000) + config.basic.sessionSeconds);
    } else if (config.mode === 'oidc') {
      const session = this.oidcCookieSession(config, request);
      if (session) await this.revocations.revoke(session.sid, session.exp);
    }
  }

  /** Synchronous for a valid session cookie (the common case); a password check is async. */
  private basic(config: EffectiveUiAuth, request: AuthRequest): AuthOutcome | Promise<AuthOutcome> {
    const { username, passwordHash, sessionSeconds, secureCookies } = config.basic;
    if (!username || !passwordHash) throw errors.authNotConfigured({ mode: 'basic' });
    const session = this.basicCookieSession(config, request);
    if (session) return this.basicSuccess(session.user, session.sid, passwordHash, sessionSeconds, secureCookies);
    if (this.cookie(request, SIGNED_OUT_COOKIE) !== undefined) {
      throw errors.unauthenticated(undefined, { headers: { 'www-authenticate': BASIC_CHALLENGE, 'set-cookie': signedOutCookie(secureCookies, true) } });
    }
    return this.basicPassword(config, request);
  }

  private basicSuccess(user: string, sid: string, passwordHash: string, sessionSeconds: number, secureCookies: boolean): AuthOutcome {
    return { context: { enabled: true, authenticated: true, identity: { via: 'basic', user } }, setCookies: [this.refreshedCookie(user, sid, passwordHash, sessionSeconds, secureCookies)] };
  }

  private async basicPassword(config: EffectiveUiAuth, request: AuthRequest): Promise<AuthOutcome> {
    const { username, passwordHash, sessionSeconds, secureCookies } = config.basic;
    const challenge = { headers: { 'www-authenticate': BASIC_CHALLENGE } };
    let user: string;
    {
      const value = header(request.headers.authorization);
      const match = value ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value) : null;
      if (!match) throw errors.unauthenticated(undefined, challenge);
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw errors.unauthenticated(undefined, challenge);
      const givenUser = decoded.slice(0, colon);
      const password = decoded.slice(colon + 1); // a password may itself contain colons
      // Throttled before any scrypt runs; a queued check looks again once it has its slot.
      const throttle = this.loginThrottle;
      const refused = throttle.check(request.peer, givenUser);
      if (!refused.ok) throw Authenticator.throttled(refused.retryAfterMs);
      // The outcome is counted before the slot passes on, so the next queued check sees it.
      const checked = await throttle.limit(async () => {
        const verdict = throttle.check(request.peer, givenUser);
        if (!verdict.ok) return verdict;
        const ok = (await this.verifyPassword(password, passwordHash!)) && safeEqual(givenUser, username!);
        if (ok) throttle.succeeded(request.peer, givenUser);
        else throttle.failed(request.peer, givenUser);
        return ok;
      });
      if (checked === undefined) throw Authenticator.throttled(1_000); // too many checks at once
      if (typeof checked.value === 'object') throw Authenticator.throttled(checked.value.retryAfterMs);
      if (!checked.value) throw errors.unauthenticated(undefined, challenge);
      user = username!;
    }
    // A password sign-in starts a new session; refreshes of its cookie keep the id.
    return this.basicSuccess(user, newSessionId(), passwordHash!, sessionSeconds, secureCookies);
  }

  private static throttled(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return errors.authThrottled({ seconds }, { headers: { 'retry-after': String(seconds) }, details: { retryAfterSeconds: seconds } });
  }

  /** Every success refreshes the cookie so an active operator stays signed in; built once a second. */
  private refreshedCookie(user: string, sid: string, passwordHash: string, sessionSeconds: number, secure: boolean): string {
    const exp = Math.floor(Date.now() / 1000) + sessionSeconds;
    const last = this.refreshed;
    if (last && last.exp === exp && last.sid === sid && last.user === user && last.passwordHash === passwordHash && last.secure === secure && last.sessionSeconds === sessionSeconds) return last.cookie;
    const cookie = serializeCookie(BASIC_COOKIE, signValue({ u: user, exp, sid }, passwordHash), cookieOptions(secure, sessionSeconds));
    this.refreshed = { passwordHash, user, sid, exp, secure, sessionSeconds, cookie };
    return cookie;
  }

  private oidcSession(config: EffectiveUiAuth, request: AuthRequest): AuthOutcome {
    if (this.uiAuth.problem(config)) throw errors.authNotConfigured({ mode: 'oidc' });
    const session = this.oidcCookieSession(config, request);
    if (session) return { context: { enabled: true, authenticated: true, identity: { via: 'oidc', user: session.email ?? session.sub } } };
    const isApi = request.pathname === '/api' || request.pathname.startsWith('/api/');
    const loginUrl = `${OIDC_LOGIN_PATH}?returnTo=${encodeURIComponent(isApi ? '/' : request.url)}`;
    if (!isApi && request.method === 'GET') return { context: { enabled: true, authenticated: false }, redirect: loginUrl };
    throw errors.unauthenticated(undefined, { details: { loginUrl } });
  }
}
