/**
 * The authentication flow routes (`/api/auth/*`, `/auth/oidc/*`, `/auth/logout`) and the
 * settings routes that configure authentication and diagnostics tokens. They belong to the
 * kernel: they must work whatever mods are enabled.
 */
import { serialize as serializeCookie, parse as parseCookies } from 'cookie';
import { SvcError } from '../../sdk/errors.js';
import { respond, type RouteRequest } from '../../sdk/http.js';
import { stripMappedPrefix } from '../config.js';
import { errors } from '../errors.js';
import { kernelRoute as route, type KernelRoute } from '../http/kernel-route.js';
import type { ApiTokenStore } from './api-token-store.js';
import { TOKEN_SCOPES } from './api-token-store.js';
import { clearedAuthCookies, cookieOptions, signedOutCookie, type Authenticator } from './authenticator.js';
import { OIDC_SESSION_COOKIE, OIDC_STATE_COOKIE, OIDC_STATE_MAX_AGE, type OidcFlow } from './oidc-flow.js';
import type { UiAuthService } from './ui-auth-service.js';

export interface AuthRouteDeps {
  uiAuth: UiAuthService;
  authenticator: Authenticator;
  oidc: OidcFlow;
  tokens: ApiTokenStore;
  /** Peers whose X-Forwarded-Host/-Proto name the public address (`SVC_UI_TRUSTED_PROXIES`). */
  trustedProxies: readonly string[];
}

const modeSchema = { enum: ['none', 'trusted-proxy', 'basic', 'oidc'] } as const;
const stringList = (max: number) => ({ type: 'array', maxItems: 500, items: { type: 'string', minLength: 1, maxLength: max } }) as const;
const httpUrl = { type: ['string', 'null'], maxLength: 2000, pattern: '^https?://' } as const;

export const uiAuthBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    mode: modeSchema,
    trustedProxy: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allowedProxies: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^[0-9a-fA-F:.]+$', maxLength: 64 } },
        identityHeader: { type: 'string', pattern: '^[A-Za-z0-9-]+$', maxLength: 100 },
      },
    },
    basic: {
      type: 'object',
      additionalProperties: false,
      properties: {
        username: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^:]+$' },
        // The 12-character minimum is checked by the service, which answers ui_auth_password_too_short.
        password: { type: 'string', minLength: 1, maxLength: 1024, pattern: '\\S', description: 'Write-only; at least 12 characters (else 400 ui_auth_password_too_short)' },
      },
    },
    oidc: {
      type: 'object',
      additionalProperties: false,
      properties: {
        issuer: httpUrl,
        clientId: { type: ['string', 'null'], minLength: 1, maxLength: 500 },
        clientSecret: { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S' },
        redirectUri: httpUrl,
        allowedEmails: stringList(320),
        allowedDomains: stringList(253),
      },
    },
  },
} as const;

function cookieOf(request: RouteRequest, name: string): string | undefined {
  const raw = request.headers.cookie;
  return raw ? parseCookies(raw)[name] : undefined;
}

function authRequestOf(request: RouteRequest) {
  return { method: request.method, pathname: request.path, url: request.path, headers: request.headers, peer: request.peer ?? '' };
}

/**
 * Where the browser returns after login: a same-site path only, never `//host` or a URL.
 * Visible ASCII only: browsers drop tabs and newlines from a URL, so `/<TAB>/host` would become `//host`.
 */
function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) && value.length <= 2000 ? value : '/';
}

/** The callback URL: configured, or this listener's own `/auth/oidc/callback`. */
/**
 * The callback URL: the configured one, else the address the browser used — behind a trusted
 * proxy its forwarded host and scheme (a TLS-terminating proxy makes it https), else the Host.
 */
function redirectUriFor(configured: string | undefined, request: RouteRequest, trustedProxies: readonly string[]): string {
  if (configured) return configured;
  const trusted = trustedProxies.includes(stripMappedPrefix(request.peer ?? ''));
  const first = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;
  const forwardedHost = trusted ? first(request.headers['x-forwarded-host']) : undefined;
  const forwardedProto = trusted ? first(request.headers['x-forwarded-proto']) : undefined;
  const host = forwardedHost ?? request.headers.host ?? '127.0.0.1';
  const scheme = forwardedProto === 'https' ? 'https' : 'http';
  return `${scheme}://${host}/auth/oidc/callback`;
}

const isoOrNull = { type: ['string', 'null'], format: 'date-time' } as const;
/** A token's metadata as the list, create and revoke answers carry it (never the token). */
const tokenRecordSchema = {
  type: 'object',
  required: ['id', 'name', 'prefix', 'scopes', 'createdAt', 'expiresAt', 'lastUsedAt', 'revokedAt', 'status'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    prefix: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    expiresAt: isoOrNull,
    lastUsedAt: isoOrNull,
    revokedAt: isoOrNull,
    status: { enum: ['active', 'expired', 'revoked'] },
  },
} as const;

export function authRoutes({ uiAuth, authenticator, oidc, tokens, trustedProxies }: AuthRouteDeps): KernelRoute[] {
  const tag = ['auth'];
  return [
    route(
      'auth-discovery',
      'GET',
      '/api/auth/discovery',
      {
        schema: { summary: 'The interactive auth mode (public)', tags: tag },
        handler: async () => {
          const config = await uiAuth.effective();
          return { ok: true, mode: config.mode, enabled: config.mode !== 'none' };
        },
      },
      { public: true },
    ),
    route(
      'auth-session',
      'GET',
      '/api/auth/session',
      {
        schema: { summary: 'Whether this browser is signed in, and as whom', tags: tag },
        handler: async (request) => {
          const { mode, identity } = await authenticator.identify(authRequestOf(request));
          return { ok: true, mode, enabled: mode !== 'none', authenticated: identity !== undefined, ...(identity ? { user: identity.user, via: identity.via } : {}) };
        },
      },
      { public: true },
    ),
    route('auth-validate', 'GET', '/api/auth/validate', {
      schema: { summary: 'Succeeds only for an authenticated interactive request', tags: tag },
      handler: (request) => {
        if (!request.auth.enabled) throw errors.authDisabled();
        if (!request.auth.authenticated) throw errors.unauthenticated();
        return { ok: true, authenticated: true, user: request.auth.identity?.user, via: request.auth.identity?.via };
      },
    }),
    route(
      'oidc-login',
      'GET',
      '/auth/oidc/login',
      {
        schema: { summary: 'Start an OIDC sign-in', tags: tag, querystring: { type: 'object', properties: { returnTo: { type: 'string', maxLength: 2000 } } } },
        handler: async (request) => {
          const config = await uiAuth.effective();
          if (config.mode !== 'oidc' || uiAuth.problem(config)) throw errors.authNotConfigured({ mode: 'oidc' });
          const redirectUri = redirectUriFor(config.oidc.redirectUri, request, trustedProxies);
          const { url, stateCookie } = await oidc.start(config, redirectUri, safeReturnTo(request.query.returnTo));
          return respond.json(null, {
            status: 302,
            headers: {
              location: url,
              'cache-control': 'no-store',
              'set-cookie': serializeCookie(OIDC_STATE_COOKIE, stateCookie, cookieOptions(config.oidc.secureCookies, OIDC_STATE_MAX_AGE)),
            },
          });
        },
      },
      { public: true },
    ),
    route(
      'oidc-callback',
      'GET',
      '/auth/oidc/callback',
      {
        schema: { summary: 'Finish an OIDC sign-in', tags: tag },
        handler: async (request) => {
          const config = await uiAuth.effective();
          if (config.mode !== 'oidc' || uiAuth.problem(config)) throw errors.authNotConfigured({ mode: 'oidc' });
          // The identity provider's callback parameters go to openid-client as received; a query
          // schema would restrict and publish them, so this route has none and reads them as text here.
          const query = new URLSearchParams(request.query as Record<string, string>).toString();
          const clearState = serializeCookie(OIDC_STATE_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
          const { sessionCookie, returnTo, maxAge } = await oidc.finish(config, query, cookieOf(request, OIDC_STATE_COOKIE)).catch((error: SvcError) => {
            // A failed sign-in ends the login state too: a retry starts clean.
            throw new SvcError(error.code, error.status, error.message, { details: error.details, headers: { ...error.headers, 'set-cookie': clearState } });
          });
          const session = serializeCookie(OIDC_SESSION_COOKIE, sessionCookie, cookieOptions(config.oidc.secureCookies, maxAge));
          return respond.json(null, { status: 302, headers: { location: returnTo, 'cache-control': 'no-store', 'set-cookie': [clearState, session] } });
        },
      },
      { public: true },
    ),
    route(
      'auth-logout',
      'POST',
      '/auth/logout',
      {
        schema: {
          summary: 'Sign out: ends the session of the cookie presented and clears the Basic and OIDC cookies',
          description: 'In Basic mode the next request without a session is challenged even when the browser re-sends the password it keeps, so the browser asks for it again.',
          tags: tag,
        },
        handler: async (request) => {
          await authenticator.signOut(authRequestOf(request));
          const config = await uiAuth.effective();
          const cookies = clearedAuthCookies();
          if (config.mode === 'basic') cookies.push(signedOutCookie(config.basic.secureCookies));
          return respond.json({ ok: true }, { headers: { 'set-cookie': cookies } });
        },
      },
      { public: true },
    ),

    route('settings-ui-auth-get', 'GET', '/api/settings/ui-auth', {
      schema: { summary: 'Saved authentication settings (secrets reduced to set/unset) and the mode in force', tags: ['settings'] },
      handler: async () => ({ ok: true, ...(await uiAuth.describe()) }),
    }),
    route('settings-ui-auth-put', 'PUT', '/api/settings/ui-auth', {
      schema: { summary: 'Change authentication settings (refused if it would lock everyone out)', tags: ['settings'], body: uiAuthBodySchema },
      handler: async (request) => {
        await uiAuth.update(request.body);
        return { ok: true, ...(await uiAuth.describe()) };
      },
    }),

    route('api-tokens-list', 'GET', '/api/settings/api-tokens', {
      schema: {
        summary: 'Diagnostics API tokens (never the token itself) and the scopes a token may have',
        tags: ['settings'],
        response: {
          200: {
            type: 'object',
            required: ['ok', 'tokens', 'supportedScopes'],
            properties: { ok: { const: true }, tokens: { type: 'array', items: tokenRecordSchema }, supportedScopes: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
      handler: async () => ({ ok: true, tokens: await tokens.list(), supportedScopes: [...TOKEN_SCOPES] }),
    }),
    route('api-tokens-create', 'POST', '/api/settings/api-tokens', {
      schema: {
        summary: 'Create a diagnostics token; the token is shown once',
        tags: ['settings'],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 120 },
            scopes: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 100 }, description: `Omitted means none; supported: ${TOKEN_SCOPES.join(', ')}` },
            expiresAt: { type: 'string', format: 'date-time' },
          },
        },
        response: {
          201: {
            type: 'object',
            required: ['ok', 'token', 'record'],
            properties: { ok: { const: true }, token: { type: 'string', description: 'The bearer token: shown in this answer only' }, record: tokenRecordSchema },
          },
        },
      },
      handler: async (request) => {
        const body = request.body;
        const scopes = body.scopes ?? [];
        const unsupported = scopes.filter((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
        if (unsupported.length > 0) throw errors.apiTokenScopeInvalid({ reason: `unsupported ${unsupported.join(', ')}; supported: ${TOKEN_SCOPES.join(', ')}` });
        if (new Set(scopes).size !== scopes.length) throw errors.apiTokenScopeInvalid({ reason: 'a scope is listed twice' });
        const expiresAt = body.expiresAt === undefined ? undefined : new Date(body.expiresAt);
        if (expiresAt && !(expiresAt.getTime() > Date.now())) throw errors.apiTokenExpiryInvalid();
        const created = await tokens.create({ name: body.name ?? 'diagnostics', scopes, expiresAt });
        return respond.json({ ok: true, token: created.token, record: created.record }, { status: 201, headers: { 'cache-control': 'no-store' } });
      },
    }),
    route('api-tokens-revoke', 'DELETE', '/api/settings/api-tokens/{tokenId}', {
      schema: {
        summary: 'Revoke a diagnostics token',
        tags: ['settings'],
        params: { type: 'object', required: ['tokenId'], properties: { tokenId: { type: 'string', format: 'uuid' } } },
        response: { 200: { type: 'object', required: ['ok', 'token'], properties: { ok: { const: true }, token: tokenRecordSchema } } },
      },
      handler: async (request) => {
        const revoked = await tokens.revoke(request.params.tokenId);
        if (!revoked) throw errors.apiTokenNotFound({ tokenId: request.params.tokenId });
        return { ok: true, token: revoked };
      },
    }),
  ];
}
