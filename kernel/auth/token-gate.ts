/**
 * Whether a `diagnostics:read` bearer token may read a request. Which routes a token may read
 * is the route's own `tokenRead` flag (declared in the owner's manifest, GET only), decided on
 * the entry the router matched, so the kernel keeps no list of features' paths. The path is
 * still checked for spellings that another layer could read as a different path (dot or empty
 * segments, a trailing slash, an escaped slash or backslash): a token is refused those outright
 * rather than trusting every route's parameter handling with them.
 */

/** The part of a matched route entry the gate reads. */
export interface TokenGateRoute {
  tokenRead: boolean;
}

/** True when a token may GET `pathname`, which the router matched to `route`. */
export function tokenMayRead(route: TokenGateRoute | undefined, pathname: string): boolean {
  if (route?.tokenRead !== true) return false;
  // One scan: an escaped slash, backslash or dot, an empty segment (`//`, a trailing `/`), or a
  // `.`/`..` segment. Canonical paths (the common case) pass without allocating anything.
  return pathname.length <= 2048 && !SUSPECT.test(pathname);
}

const SUSPECT = /%2f|%5c|%2e|\\|\/\/|\/$|\/\.\.?(?:\/|$)/i;
