/**
 * The Basic login throttle: blocks that double up to a cap, a window after which failures are
 * forgotten, bounded memory, and at most a few password checks at once.
 */
import { describe, expect, it } from 'vitest';
import { Authenticator, type AuthRequest } from '../../kernel/auth/authenticator.js';
import { LoginThrottle, peerKey } from '../../kernel/auth/login-throttle.js';
import type { EffectiveUiAuth, UiAuthService } from '../../kernel/auth/ui-auth-service.js';
import type { ApiTokenStore } from '../../kernel/auth/api-token-store.js';
import type { OidcFlow } from '../../kernel/auth/oidc-flow.js';
import { isSvcError, type SvcError } from '../../sdk/errors.js';

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('blocks after five failures, then doubles the block with each further failure up to the cap', () => {
    const c = clock();
    const throttle = new LoginThrottle({ now: c.now, baseBlockMs: 30_000, maxBlockMs: 120_000 });
    for (let i = 0; i < 4; i++) throttle.failed('10.0.0.1', `u${i}`);
    expect(throttle.check('10.0.0.1', 'x')).toEqual({ ok: true });
    throttle.failed('10.0.0.1', 'u4');
    expect(throttle.check('10.0.0.1', 'x')).toEqual({ ok: false, retryAfterMs: 30_000 });
    expect(throttle.check('10.0.0.2', 'x')).toEqual({ ok: true });
    const blocks: number[] = [];
    for (let i = 0; i < 4; i++) {
      c.advance((throttle.check('10.0.0.1', 'x') as { retryAfterMs: number }).retryAfterMs);
      expect(throttle.check('10.0.0.1', 'x')).toEqual({ ok: true });
      throttle.failed('10.0.0.1', `again${i}`);
      blocks.push((throttle.check('10.0.0.1', 'x') as { retryAfterMs: number }).retryAfterMs);
    }
    expect(blocks).toEqual([60_000, 120_000, 120_000, 120_000]);
  });

  it('forgets failures a window after the last one, and a success clears peer and username', () => {
    const c = clock();
    const throttle = new LoginThrottle({ now: c.now, windowMs: 60_000 });
    for (let i = 0; i < 4; i++) throttle.failed('10.0.0.1', 'admin');
    c.advance(60_001);
    throttle.failed('10.0.0.1', 'admin');
    expect(throttle.check('10.0.0.1', 'admin').ok).toBe(true);
    for (let i = 0; i < 3; i++) throttle.failed('10.0.0.1', 'admin');
    throttle.succeeded('10.0.0.1', 'admin');
    throttle.failed('10.0.0.1', 'admin');
    expect(throttle.check('10.0.0.1', 'admin').ok).toBe(true);
    expect(throttle.check('10.9.9.9', 'admin').ok).toBe(true);
  });

  it('blocks a username tried from many peers', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 5; i++) throttle.failed(`10.0.0.${i}`, 'admin');
    expect(throttle.check('10.0.1.1', 'admin').ok).toBe(false);
    expect(throttle.check('10.0.1.1', 'other').ok).toBe(true);
  });

  it('keeps at most maxEntries per table, dropping the least recently touched', () => {
    const throttle = new LoginThrottle({ maxEntries: 100 });
    for (let i = 0; i < 5; i++) throttle.failed('10.0.0.1', 'admin');
    for (let i = 0; i < 1_000; i++) throttle.failed(`10.1.${i >> 8}.${i & 255}`, `user${i}`);
    expect(throttle.size).toEqual({ peers: 100, users: 100 });
  });

  it('keys IPv6 peers by their /64 and IPv4-mapped peers as IPv4', () => {
    expect(peerKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(peerKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(peerKey('::1')).toBe('0:0:0:0::/64');
    expect(peerKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(peerKey('10.0.0.1')).toBe('10.0.0.1');
  });
});

describe('Basic password checks through the Authenticator', () => {
  const config = {
    mode: 'basic',
    source: 'env',
    trustedProxy: { allowedProxies: [], identityHeader: 'x-forwarded-user' },
    basic: { username: 'admin', passwordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', sessionSeconds: 3600, secureCookies: true },
    oidc: { allowedEmails: [], allowedDomains: [], secureCookies: true },
    revision: 'r',
  } as EffectiveUiAuth;
  const uiAuth = { peek: () => config, effective: async () => config } as unknown as UiAuthService;
  const request = (peer: string, user: string, password: string): AuthRequest => ({
    method: 'GET',
    pathname: '/api/status',
    url: '/api/status',
    peer,
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });

  function counting(ms: number, right = 'right') {
    const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
    const verify = async (password: string) => {
      stats.calls++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await new Promise((r) => setTimeout(r, ms));
      stats.inFlight--;
      return password === right;
    };
    return { stats, verify };
  }
  const outcome = (p: unknown) =>
    Promise.resolve(p).then(
      () => 200,
      (e: SvcError) => (isSvcError(e) ? e.code : String(e)),
    );

  it('runs at most four password checks at once; a full queue is refused at once without a check', async () => {
    const { stats, verify } = counting(20);
    const auth = new Authenticator(uiAuth, {} as ApiTokenStore, {} as OidcFlow, { isRevoked: () => false, revoke: async () => undefined }, { verifyPassword: verify });
    // Twenty peers, twenty usernames: no throttle applies, only the concurrency bound.
    const twenty = await Promise.all(Array.from({ length: 20 }, (_, i) => outcome(auth.authenticate(request(`10.0.0.${i}`, `u${i}`, 'wrong'), undefined))));
    expect(twenty).toEqual(Array(20).fill('unauthenticated'));
    expect(stats.maxInFlight).toBe(4);
    expect(stats.calls).toBe(20);

    const thirty = await Promise.all(Array.from({ length: 30 }, (_, i) => outcome(auth.authenticate(request(`10.1.0.${i}`, `v${i}`, 'wrong'), undefined))));
    expect(thirty.filter((o) => o === 'unauthenticated')).toHaveLength(20); // 4 running + 16 queued
    expect(thirty.filter((o) => o === 'auth_throttled')).toHaveLength(10);
    expect(stats.maxInFlight).toBe(4);
    expect(stats.calls).toBe(40);
  });

  it('runs no password check for a throttled peer, also for attempts already queued', async () => {
    const { stats, verify } = counting(10);
    const auth = new Authenticator(uiAuth, {} as ApiTokenStore, {} as OidcFlow, { isRevoked: () => false, revoke: async () => undefined }, { verifyPassword: verify });
    // Twelve at once from one peer: the first five failures block it, the queued rest run no check.
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => outcome(auth.authenticate(request('10.0.0.1', `u${i}`, 'wrong'), undefined))));
    expect(stats.calls).toBeLessThanOrEqual(8); // the five, plus at most the three running alongside the fifth
    expect(burst.filter((o) => o === 'auth_throttled').length).toBe(12 - stats.calls);
    const error = await Promise.resolve(auth.authenticate(request('10.0.0.1', 'admin', 'right'), undefined)).catch((e: SvcError) => e);
    expect(stats.calls).toBeLessThanOrEqual(8);
    expect((error as SvcError).code).toBe('auth_throttled');
    expect((error as SvcError).status).toBe(429);
    expect(Number((error as SvcError).headers?.['retry-after'])).toBeGreaterThan(0);
    expect(await outcome(auth.authenticate(request('10.0.0.2', 'admin', 'right'), undefined))).toBe(200);
  });
});
