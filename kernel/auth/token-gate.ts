/**
 * Whether a `diagnostics:read` bearer token may read a request. Two things must both hold:
 *
 * - the route the router matched carries the `tokenRead` flag (declared in the owner's manifest,
 *   GET only): the owner opts in, so the kernel never hands a token a route its owner did not
 *   mean to expose;
 * - the pathname is in the spec's allowlist table (`SPEC.md`, "Diagnostics bearer tokens"),
 *   plus `/metrics` (Prometheus, see below),
 *   matched here exactly, segment patterns included. The table is the ceiling: a flag alone once
 *   let a token download `/api/sessions/{id}/export` (the spec allows one segment after
 *   `/api/sessions/`) and reach body and parameter validation on
 *   `/api/diagnostics/forge/jobs/not-a-uuid`; and a mod's manifest can never widen what a token
 *   reads beyond the contract.
 *
 * The path is also checked for spellings that another layer could read as a different path (dot
 * or empty segments, a trailing slash, an escaped slash or backslash): a token is refused those
 * outright rather than trusting every route's parameter handling with them.
 *
 * It runs in the auth pipeline's `onRequest` hook: a refused token never reaches body reading or
 * validation.
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
  return pathname.length <= 2048 && !SUSPECT.test(pathname) && inSpecAllowlist(pathname);
}

const SUSPECT = /%2f|%5c|%2e|\\|\/\/|\/$|\/\.\.?(?:\/|$)/i;

/**
 * The spec's table, row by row, as one anchored expression over the pathname (the query never
 * widens it). Segment rules: a Forge job id is 36 of `[0-9a-f-]` (case-insensitive), a mod id
 * `[a-z0-9-]+`, a mod job id `[A-Za-z0-9_-]+`, a session id exactly one nonempty segment;
 * `/api/traces/`, `/api/archive/runs/` and `/api/archive/sessions/` admit every path below them.
 */
const SPEC_ALLOWLIST = new RegExp(
  // `/metrics` (Prometheus text) is svc's one row beyond the spec's table, added deliberately
  // (issue 33): a scraper holds a `diagnostics:read` token and reads what `/api/metrics` shows.
  '^(?:/metrics|/api/(?:' +
    [
      'health|status|metrics', // runtime
      'diagnostics/(?:inventory|sql)', // inventory/database
      'diagnostics/forge/jobs(?:/[0-9a-fA-F-]{36})?', // Forge
      'diagnostics/mods(?:/[a-z0-9-]+/(?:pending|jobs(?:/[A-Za-z0-9_-]+)?))?', // mods
      'agents|agent-status', // agents
      'sessions(?:/[^/]+)?', // sessions
      'session/context|session/context-status|context', // context
      'chat/runs/active', // active runs
      'traces(?:/.+)?', // traces
      'archive/calendar|archive/runs(?:/.+)?|archive/sessions(?:/.+)?', // archive
    ].join('|') +
    '))$',
);

/** True when `pathname` is a row of the spec's token allowlist (whatever route serves it). */
export function inSpecAllowlist(pathname: string): boolean {
  return SPEC_ALLOWLIST.test(pathname);
}
