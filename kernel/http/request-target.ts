/**
 * The one parse of a request target. The edge decides on the same path the router matches: a
 * guard that tested the raw URL while the router decoded it let `POST /%61pi/…` skip the
 * browser checks. So the path is put in a canonical form here once — percent-encoded
 * unreserved characters decoded (RFC 3986 §6.2.2.2), other escapes kept with upper-case hex —
 * and every later step (edge checks, auth, route lookup, dispatch) reads that form.
 */
import { errors } from '../errors.js';

export interface RequestTarget {
  /** Canonical path: what the guards test and the router matches. */
  pathname: string;
  /** Index of `?` in the raw target, -1 without a query string. */
  queryIndex: number;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** ALPHA / DIGIT / "-" / "." / "_" / "~": equivalent to their escapes, so decoded. */
function isUnreserved(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e || code === 0x5f || code === 0x7e;
}

/**
 * Splits and canonicalizes an origin-form target (`/path?query`). Throws for an absolute-form
 * target (it would override the checked Host), a malformed escape, and NUL anywhere (PostgreSQL
 * cannot store it; refused here rather than failing deep inside a handler).
 */
export function parseRequestTarget(rawUrl: string): RequestTarget {
  if (rawUrl.charCodeAt(0) !== 0x2f) throw errors.absoluteTargetNotAllowed();
  const queryIndex = rawUrl.indexOf('?');
  const rawPath = queryIndex < 0 ? rawUrl : rawUrl.slice(0, queryIndex);
  if (queryIndex >= 0 && rawUrl.indexOf('%00', queryIndex) >= 0) throw errors.nulCharacterNotAllowed({ part: 'query' });
  const pathname = rawPath.indexOf('%') < 0 ? rawPath : canonicalPath(rawPath);
  return { pathname, queryIndex };
}

function canonicalPath(rawPath: string): string {
  let out = '';
  let from = 0;
  for (let i = rawPath.indexOf('%'); i >= 0; i = rawPath.indexOf('%', from)) {
    const hex = rawPath.slice(i + 1, i + 3);
    if (!HEX.test(hex)) throw errors.pathMalformed();
    const code = parseInt(hex, 16);
    if (code === 0) throw errors.nulCharacterNotAllowed({ part: 'path' });
    out += rawPath.slice(from, i) + (isUnreserved(code) ? String.fromCharCode(code) : `%${hex.toUpperCase()}`);
    from = i + 3;
  }
  return out + rawPath.slice(from);
}
