/**
 * PKCE (RFC 7636, S256), the login's `state`, and reading what the operator pastes back after
 * authorizing: a whole callback URL (`…/callback?code=…&state=…`), the `code#state` form a
 * CLI-style login shows, a bare query string, or a bare code.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { loginErrors as errors } from './errors.js';

export interface PkcePair {
  /** 43 characters of base64url (32 random bytes), the RFC's recommended form. */
  verifier: string;
  /** BASE64URL(SHA256(verifier)). */
  challenge: string;
}

export function createPkce(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export const randomState = (): string => randomBytes(32).toString('base64url');

export function sameState(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the operator submitted, reduced to the code and the state it came with (if any). */
export interface CallbackInput {
  code: string;
  state?: string;
}

/** Codes are opaque, but never contain whitespace or control characters. */
const CODE = /^[\x21-\x7e]{1,2048}$/;
const OAUTH_ERROR = /^[A-Za-z0-9_.-]{1,64}$/;

function fromParams(params: URLSearchParams): CallbackInput | undefined {
  const error = params.get('error');
  if (error !== null) {
    throw errors.providerLoginCodeInvalid({ reason: `the provider answered the authorization with ${OAUTH_ERROR.test(error) ? error : 'an error'}` });
  }
  const code = params.get('code');
  if (code === null) return undefined;
  return { code, ...(params.get('state') !== null ? { state: params.get('state')! } : {}) };
}

/**
 * Reads `{code?, callbackUrl?, state?}`. A `state` given beside the code must agree with the one
 * inside it. Reasons never repeat what was submitted.
 */
export function parseCallbackInput(input: { code?: string; callbackUrl?: string; state?: string }): CallbackInput {
  const text = (input.callbackUrl ?? input.code ?? '').trim();
  let parsed: CallbackInput | undefined;
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw errors.providerLoginCodeInvalid({ reason: 'the callback URL does not parse' });
    }
    parsed = fromParams(url.searchParams) ?? (url.hash.length > 1 ? fromParams(new URLSearchParams(url.hash.slice(1))) : undefined);
    if (!parsed) throw errors.providerLoginCodeInvalid({ reason: 'the callback URL has no code parameter' });
  } else if (input.callbackUrl !== undefined) {
    throw errors.providerLoginCodeInvalid({ reason: 'callbackUrl must be the http(s) URL the browser was sent to' });
  } else if (/(^\??|&)(code|error)=/.test(text)) {
    parsed = fromParams(new URLSearchParams(text.replace(/^\?/, '')));
    if (!parsed) throw errors.providerLoginCodeInvalid({ reason: 'the query string has no code parameter' });
  } else {
    const hash = text.indexOf('#');
    parsed = hash === -1 ? { code: text } : { code: text.slice(0, hash), state: text.slice(hash + 1) };
  }
  if (!CODE.test(parsed.code)) throw errors.providerLoginCodeInvalid({ reason: 'the code is empty or contains spaces or control characters' });
  if (parsed.state !== undefined && parsed.state === '') delete parsed.state;
  if (input.state !== undefined) {
    if (parsed.state !== undefined && !sameState(parsed.state, input.state)) {
      throw errors.providerLoginCodeInvalid({ reason: 'the state field disagrees with the state inside the callback' });
    }
    parsed.state = input.state;
  }
  return parsed;
}
