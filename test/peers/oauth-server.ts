/**
 * A real OAuth 2.0 authorization server for tests, over HTTP on a free 127.0.0.1 port:
 * authorization code grant with PKCE (RFC 6749 §4.1, RFC 7636, S256 only) and refresh tokens
 * (§6, rotated on every use), plus two bearer-protected usage endpoints in the shapes of the
 * providers' OAuth usage APIs.
 *
 * - `GET /oauth/authorize` checks the client, redirect URI, `response_type=code` and the PKCE
 *   challenge, then approves at once (the test is the user) and redirects to the client's
 *   redirect URI with `code` and `state` — or with `error=access_denied` when told to deny.
 * - `POST /oauth/token` takes form or JSON bodies. A code is bound to its client, redirect URI
 *   and challenge, lives 5 minutes and is accepted once: a replay is `invalid_grant` and revokes
 *   what the code issued (§4.1.2). A client registered with `requireState` must echo the state.
 * - `GET /api/oauth/usage` and `GET /backend-api/wham/usage` answer usage JSON for a valid
 *   access token, 401 otherwise. Every request is recorded, so tests count upstream calls.
 */
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuthClient {
  clientId: string;
  redirectUris: string[];
  /** The token request must carry the authorization's `state` (Anthropic-style). */
  requireState?: boolean;
  /** Answer an `id_token` (OpenAI-style) with these claims. */
  idTokenClaims?: Record<string, unknown>;
  /** Answer an `account` object (Anthropic-style). */
  account?: Record<string, unknown>;
}

export interface PeerRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed body fields (form or JSON). */
  body: Record<string, unknown>;
  contentType: string;
}

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  state: string;
  scope: string;
  expiresAt: number;
  used: boolean;
  /** Tokens issued for this code (revoked on a replay). */
  issued: string[];
}

export interface OAuthPeer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Provider-a-style usage. */
  usageUrlA: string;
  /** Provider-b-style usage. */
  usageUrlB: string;
  requests: PeerRequest[];
  /** Every token, code and refresh token ever issued (for leak checks). */
  issued: { codes: string[]; accessTokens: string[]; refreshTokens: string[] };
  /** `expires_in` of the next access tokens (seconds); undefined omits the field. */
  accessTokenTtl: number | undefined;
  /** The next authorization is denied (`error=access_denied`). */
  denyNext(): void;
  /** The next token request answers this status with no OAuth error body. */
  failNextToken(status: number): void;
  /** Revokes an access token (usage then answers 401 for it). */
  revoke(token: string): void;
  /** Invalidates every refresh token issued so far (a refresh then answers `invalid_grant`). */
  revokeRefreshTokens(): void;
  /** Issues tokens to a client directly, as if it had signed in elsewhere (e.g. the local CLI). */
  mint(clientId: string, scope?: string): { accessToken: string; refreshToken: string };
  isValidAccessToken(token: string): boolean;
  /** Visits the authorization URL as a browser would; answers where it redirected. */
  authorize(url: string): Promise<string>;
  count(path: string, grant?: string): number;
  close(): Promise<void>;
}

const base64url = (bytes = 32) => randomBytes(bytes).toString('base64url');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseFields(contentType: string, raw: string): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType.startsWith('application/json')) {
    try {
      const value: unknown = JSON.parse(raw);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startOAuthPeer(clients: OAuthClient[]): Promise<OAuthPeer> {
  const codes = new Map<string, CodeGrant>();
  /** access token → its client, while valid. */
  const access = new Map<string, string>();
  /** refresh token → client, until used. */
  const refresh = new Map<string, { clientId: string; scope: string; used: boolean }>();
  const requests: PeerRequest[] = [];
  const issued = { codes: [] as string[], accessTokens: [] as string[], refreshTokens: [] as string[] };
  let deny = false;
  let failToken: number | undefined;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, error: string, description: string, status = 400) => send(res, status, { error, error_description: description });
  const clientOf = (id: unknown) => clients.find((c) => c.clientId === id);

  function issueTokens(client: OAuthClient, scope: string): Record<string, unknown> {
    const accessToken = `at_${base64url()}`;
    const refreshToken = `rt_${base64url()}`;
    access.set(accessToken, client.clientId);
    refresh.set(refreshToken, { clientId: client.clientId, scope, used: false });
    issued.accessTokens.push(accessToken);
    issued.refreshTokens.push(refreshToken);
    const answer: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', refresh_token: refreshToken, scope };
    if (peer.accessTokenTtl !== undefined) answer.expires_in = peer.accessTokenTtl;
    if (client.idTokenClaims && scope.split(' ').includes('openid')) {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      answer.id_token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ iss: peer.origin, aud: client.clientId, ...client.idTokenClaims })}.`;
    }
    if (client.account) answer.account = client.account;
    return answer;
  }

  function authorizeEndpoint(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const client = clientOf(q.get('client_id'));
    const redirectUri = q.get('redirect_uri') ?? '';
    // §4.1.2.1: a bad client or redirect URI is never redirected to.
    if (!client) return oauthError(res, 'invalid_client', 'unknown client');
    if (!client.redirectUris.includes(redirectUri)) return oauthError(res, 'invalid_request', 'redirect_uri is not registered');
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const fail = (error: string) => {
      back.searchParams.set('error', error);
      res.writeHead(302, { location: back.toString() }).end();
    };
    if (q.get('response_type') !== 'code') return fail('unsupported_response_type');
    const challenge = q.get('code_challenge');
    if (!challenge || q.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return fail('invalid_request');
    if (deny) {
      deny = false;
      return fail('access_denied');
    }
    const code = `code_${base64url()}`;
    codes.set(code, { clientId: client.clientId, redirectUri, challenge, state: state ?? '', scope: q.get('scope') ?? '', expiresAt: Date.now() + 300_000, used: false, issued: [] });
    issued.codes.push(code);
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.toString() }).end();
  }

  function tokenEndpoint(fields: Record<string, unknown>, res: ServerResponse): void {
    if (failToken !== undefined) {
      const status = failToken;
      failToken = undefined;
      return send(res, status, { message: 'upstream trouble' });
    }
    const client = clientOf(fields.client_id);
    if (!client) return oauthError(res, 'invalid_client', 'unknown client', 401);
    if (fields.grant_type === 'authorization_code') {
      const grant = typeof fields.code === 'string' ? codes.get(fields.code) : undefined;
      if (!grant || grant.clientId !== client.clientId) return oauthError(res, 'invalid_grant', 'unknown code');
      if (grant.used) {
        for (const token of grant.issued) {
          access.delete(token);
          refresh.delete(token);
        }
        return oauthError(res, 'invalid_grant', 'code already used');
      }
      grant.used = true;
      if (grant.expiresAt < Date.now()) return oauthError(res, 'invalid_grant', 'code expired');
      if (fields.redirect_uri !== grant.redirectUri) return oauthError(res, 'invalid_grant', 'redirect_uri mismatch');
      const verifier = typeof fields.code_verifier === 'string' ? fields.code_verifier : '';
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
        return oauthError(res, 'invalid_grant', 'PKCE verification failed');
      }
      if (client.requireState && fields.state !== grant.state) return oauthError(res, 'invalid_grant', 'state mismatch');
      const answer = issueTokens(client, grant.scope);
      grant.issued.push(answer.access_token as string, answer.refresh_token as string);
      return send(res, 200, answer);
    }
    if (fields.grant_type === 'refresh_token') {
      const entry = typeof fields.refresh_token === 'string' ? refresh.get(fields.refresh_token) : undefined;
      if (!entry || entry.used || entry.clientId !== client.clientId) return oauthError(res, 'invalid_grant', 'refresh token is not valid');
      entry.used = true;
      return send(res, 200, issueTokens(client, entry.scope));
    }
    return oauthError(res, 'unsupported_grant_type', 'unsupported grant_type');
  }

  function usage(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !access.has(token)) return send(res, 401, { error: { type: 'authentication_error', message: 'invalid token' } });
    send(res, 200, body);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const raw = await readBody(req);
      const contentType = req.headers['content-type'] ?? '';
      const body = parseFields(contentType, raw);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body, contentType });
      if (req.method === 'GET' && url.pathname === '/oauth/authorize') return authorizeEndpoint(url, res);
      if (req.method === 'POST' && url.pathname === '/oauth/token') return tokenEndpoint(body, res);
      if (req.method === 'GET' && url.pathname === '/api/oauth/usage') {
        return usage(req, res, { five_hour: { utilization: 12.5, resets_at: '2030-01-01T05:00:00Z' }, seven_day: { utilization: 40, resets_at: '2030-01-07T00:00:00Z' } });
      }
      if (req.method === 'GET' && url.pathname === '/backend-api/wham/usage') {
        return usage(req, res, { plan_type: 'plus', rate_limit: { primary_window: { used_percent: 7, reset_after_seconds: 3600 } }, account: req.headers['chatgpt-account-id'] ?? null });
      }
      send(res, 404, { error: 'not_found' });
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: OAuthPeer = {
    origin,
    authorizeUrl: `${origin}/oauth/authorize`,
    tokenUrl: `${origin}/oauth/token`,
    usageUrlA: `${origin}/api/oauth/usage`,
    usageUrlB: `${origin}/backend-api/wham/usage`,
    requests,
    issued,
    accessTokenTtl: 3600,
    denyNext: () => void (deny = true),
    failNextToken: (status) => void (failToken = status),
    revoke: (token) => void access.delete(token),
    revokeRefreshTokens: () => refresh.clear(),
    mint(clientId, scope = 'user:inference') {
      const answer = issueTokens(clientOf(clientId)!, scope);
      return { accessToken: answer.access_token as string, refreshToken: answer.refresh_token as string };
    },
    isValidAccessToken: (token) => access.has(token),
    async authorize(url) {
      const response = await fetch(url, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
      return location;
    },
    count: (path, grant) => requests.filter((r) => r.path === path && (grant === undefined || r.body.grant_type === grant)).length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return peer;
}
