/**
 * The provider's OAuth token endpoint (RFC 6749 §4.1.3 and §6): the authorization-code exchange
 * with the PKCE verifier, and refresh. The answer is checked and reduced to what we keep; an ID
 * token, when one comes, is read only for display facts (email, account id) — it arrived
 * directly from the token endpoint over the connection we opened, so it is not verified again.
 */
import type { ProviderConfig } from './config.js';
import { isRecord, requestJson, UpstreamFailure } from './upstream.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';

/** What a successful token answer gives us. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** From `expires_in`, else the access token's own `exp` claim when it is a JWT. */
  expiresAt?: Date;
  scopes?: string[];
  account: AccountFacts;
}

/** Facts shown to the operator; none is a secret. */
export interface AccountFacts {
  email?: string;
  accountId?: string;
  subscriptionType?: string;
}

/** The endpoint answered and refused (`invalid_grant` and friends): retrying the same input cannot help. */
export class TokenRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TokenRejected';
  }
}

/** No usable answer: unreachable, timed out, a server error, or nonsense. */
export class TokenExchangeFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TokenExchangeFailed';
  }
}

const MAX_TOKEN_ANSWER = 1024 * 1024;
const MAX_TOKEN_LENGTH = 16_384;
const OAUTH_ERROR = /^[A-Za-z0-9_.-]{1,64}$/;

/** Bounds of one token request. */
export interface TokenCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export class TokenEndpoint {
  constructor(
    private readonly now: () => Date,
    private readonly egress: EgressGuard,
  ) {}

  exchangeCode(provider: ProviderConfig, input: { code: string; verifier: string; state: string }, options: TokenCallOptions): Promise<TokenSet> {
    return this.post(
      provider,
      {
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: provider.redirectUri,
        client_id: provider.clientId,
        code_verifier: input.verifier,
        ...(provider.stateInTokenRequest ? { state: input.state } : {}),
      },
      options,
    );
  }

  refresh(provider: ProviderConfig, refreshToken: string, options: TokenCallOptions): Promise<TokenSet> {
    return this.post(provider, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: provider.clientId }, options);
  }

  private async post(provider: ProviderConfig, fields: Record<string, string>, options: TokenCallOptions): Promise<TokenSet> {
    const json = provider.tokenFormat === 'json';
    let answer;
    try {
      answer = await requestJson(
        provider.tokenUrl,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
          body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
        },
        { timeoutMs: options.timeoutMs, signal: options.signal, maxBytes: MAX_TOKEN_ANSWER, egress: this.egress },
      );
    } catch (error) {
      throw new TokenExchangeFailed(error instanceof UpstreamFailure ? error.reason : 'the request failed');
    }
    const { status, body } = answer;
    if (status >= 200 && status < 300) return this.tokenSet(body);
    // RFC 6749 §5.2: refusals are 400 (or 401 for client authentication) with an `error` code.
    const code = isRecord(body) && typeof body.error === 'string' && OAUTH_ERROR.test(body.error) ? body.error : undefined;
    if ((status === 400 || status === 401) && code) throw new TokenRejected(code);
    throw new TokenExchangeFailed(`the token endpoint answered HTTP ${status}${code ? ` (${code})` : ''}`);
  }

  private tokenSet(body: unknown): TokenSet {
    if (!isRecord(body)) throw new TokenExchangeFailed('the token endpoint answered without a JSON object');
    const { access_token: access, refresh_token: refresh, token_type: type, expires_in: expiresIn, scope } = body;
    if (typeof access !== 'string' || access === '' || access.length > MAX_TOKEN_LENGTH) {
      throw new TokenExchangeFailed('the token endpoint answered without a usable access_token');
    }
    if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
      throw new TokenExchangeFailed('the token endpoint issued a token that is not a bearer token');
    }
    if (refresh !== undefined && refresh !== null && (typeof refresh !== 'string' || refresh.length > MAX_TOKEN_LENGTH)) {
      throw new TokenExchangeFailed('the token endpoint answered with a malformed refresh_token');
    }
    let expiresAt: Date | undefined;
    if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0) {
      expiresAt = new Date(this.now().getTime() + Math.floor(expiresIn) * 1000);
    } else {
      const exp = jwtClaims(access)?.exp;
      if (typeof exp === 'number' && Number.isFinite(exp)) expiresAt = new Date(exp * 1000);
    }
    return {
      accessToken: access,
      ...(typeof refresh === 'string' && refresh !== '' ? { refreshToken: refresh } : {}),
      ...(expiresAt ? { expiresAt } : {}),
      ...(typeof scope === 'string' ? { scopes: scope.split(/\s+/).filter(Boolean).slice(0, 50) } : {}),
      account: accountFacts(body),
    };
  }
}

/** The payload of a JWT, unverified (display facts and expiry only); undefined when it is not one. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return isRecord(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}

const fact = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= 320 ? value : undefined);

/** Email and account id from an Anthropic-style `account` object or an OpenAI-style ID token. */
function accountFacts(body: Record<string, unknown>): AccountFacts {
  const facts: AccountFacts = {};
  if (isRecord(body.account)) {
    facts.email = fact(body.account.email_address) ?? fact(body.account.email);
    facts.accountId = fact(body.account.uuid) ?? fact(body.account.id);
  }
  if (typeof body.id_token === 'string') {
    const claims = jwtClaims(body.id_token);
    if (claims) {
      facts.email ??= fact(claims.email);
      const auth = claims['https://api.openai.com/auth'];
      if (isRecord(auth)) {
        facts.accountId ??= fact(auth.chatgpt_account_id);
        facts.subscriptionType ??= fact(auth.chatgpt_plan_type);
      }
    }
  }
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as AccountFacts;
}
