/** Pure parts: PKCE, reading what the operator pastes back, the configuration precedence. */
import { describe, expect, it } from 'vitest';
import { resolveConfig, upstreamUrl } from '../src/config.js';
import { createPkce, parseCallbackInput, pkceChallenge } from '../src/pkce.js';
import { jwtClaims } from '../src/token-endpoint.js';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes 43-character verifiers from the unreserved alphabet, each with its own challenge', () => {
    const a = createPkce();
    const b = createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(pkceChallenge(a.verifier));
    expect(a.verifier).not.toBe(b.verifier);
  });
});

describe('parseCallbackInput', () => {
  it.each([
    ['a callback URL', { callbackUrl: 'http://localhost:1455/auth/callback?code=abc&state=xyz' }, { code: 'abc', state: 'xyz' }],
    ['a callback URL in code', { code: 'http://localhost:1455/auth/callback?code=abc&state=xyz' }, { code: 'abc', state: 'xyz' }],
    ['a fragment callback', { callbackUrl: 'https://app.example/cb#code=abc&state=xyz' }, { code: 'abc', state: 'xyz' }],
    ['code#state', { code: 'abc#xyz' }, { code: 'abc', state: 'xyz' }],
    ['a query string', { code: '?code=abc&state=xyz' }, { code: 'abc', state: 'xyz' }],
    ['a bare code', { code: '  abc-123_x.y~z  ' }, { code: 'abc-123_x.y~z' }],
    ['a bare code and a state', { code: 'abc', state: 'xyz' }, { code: 'abc', state: 'xyz' }],
    ['code# with an empty state', { code: 'abc#' }, { code: 'abc' }],
  ])('reads %s', (_label, input, expected) => {
    expect(parseCallbackInput(input)).toEqual(expected);
  });

  it.each([
    ['an error callback', { callbackUrl: 'http://localhost/cb?error=access_denied&state=x' }, 'access_denied'],
    ['a callback without a code', { callbackUrl: 'http://localhost/cb?state=x' }, 'no code'],
    ['a callbackUrl that is not http(s)', { callbackUrl: 'javascript:alert(1)' }, 'http(s)'],
    ['a code with a space', { code: 'ab c' }, 'spaces'],
    ['a control character', { code: 'ab\u0000c' }, 'control'],
    ['states that disagree', { code: 'abc#one', state: 'two' }, 'disagrees'],
    ['a query without a code', { code: 'error=server_error' }, 'server_error'],
  ])('refuses %s with provider_login_code_invalid', (_label, input, fragment) => {
    let error: { code?: string; message?: string } | undefined;
    try {
      parseCallbackInput(input);
    } catch (e) {
      error = e as typeof error;
    }
    expect(error?.code).toBe('provider_login_code_invalid');
    expect(error?.message).toContain(fragment);
  });

  it('never repeats the submitted text in its refusal', () => {
    try {
      parseCallbackInput({ code: 'SECRET-CODE with space' });
    } catch (e) {
      expect((e as Error).message).not.toContain('SECRET-CODE');
    }
  });
});

describe('configuration', () => {
  it('defaults to the providers’ public endpoints', () => {
    const config = resolveConfig({}, {}, '/home/op');
    expect(config.providers['provider-a']).toMatchObject({ tokenFormat: 'json', stateInTokenRequest: true, usageUrl: 'https://api.anthropic.com/api/oauth/usage' });
    expect(config.providers['provider-b']).toMatchObject({ tokenFormat: 'form', redirectUri: 'http://localhost:1455/auth/callback', usageUrl: 'https://chatgpt.com/backend-api/wham/usage' });
    expect(config.cliCredentialPath).toBe('/home/op/.claude/.credentials.json');
    expect(config).toMatchObject({ loginTtlMs: 600_000, refreshSkewMs: 300_000, usageCacheMs: 60_000, poolLb: { accountsPath: '/api/accounts' } });
    expect(config.poolLb.url).toBeUndefined();
  });

  it('takes settings over defaults and SVC_* variables over settings', () => {
    const settings = { cliCredentialPath: '~/creds.json', providerA: { tokenUrl: 'https://settings.test/token', clientId: 'from-settings' }, usageCacheSeconds: 5 };
    const fromSettings = resolveConfig(settings, {}, '/home/op');
    expect(fromSettings.providers['provider-a']).toMatchObject({ tokenUrl: 'https://settings.test/token', clientId: 'from-settings' });
    expect(fromSettings.cliCredentialPath).toBe('/home/op/creds.json');
    expect(fromSettings.usageCacheMs).toBe(5000);
    const fromEnv = resolveConfig(
      settings,
      { SVC_PROVIDER_A_TOKEN_URL: 'https://env.test/token', SVC_CLI_CREDENTIAL_PATH: '/etc/cli.json', SVC_POOL_LB_URL: 'http://pool.test/api/accounts', SVC_PROVIDER_B_API_BASE_URL: 'http://b.test/v1' },
      '/home/op',
    );
    expect(fromEnv.providers['provider-a']).toMatchObject({ tokenUrl: 'https://env.test/token', clientId: 'from-settings' });
    expect(fromEnv.providers['provider-b'].connection.baseUrl).toBe('http://b.test/v1');
    expect(fromEnv.cliCredentialPath).toBe('/etc/cli.json');
    expect(fromEnv.poolLb.url).toBe('http://pool.test/api/accounts');
  });

  it('checks upstream URLs without echoing them', () => {
    expect(upstreamUrl('https://ok.test/x', 'tokenUrl').url?.host).toBe('ok.test');
    expect(upstreamUrl('ftp://ok.test', 'tokenUrl').problem).toBe('tokenUrl must be an http(s) URL');
    expect(upstreamUrl('https://u:pw@ok.test', 'tokenUrl').problem).toBe('tokenUrl must not carry user credentials');
    expect(upstreamUrl('nope', 'usageUrl').problem).toBe('usageUrl is not an absolute URL');
  });
});

it('reads JWT claims (for expiry and display) and ignores what is not a JWT', () => {
  const jwt = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"exp":1900000000,"email":"a@b.c"}').toString('base64url')}.`;
  expect(jwtClaims(jwt)).toEqual({ exp: 1900000000, email: 'a@b.c' });
  expect(jwtClaims('opaque-token')).toBeUndefined();
  expect(jwtClaims('a.!!!.c')).toBeUndefined();
});
