/**
 * The pathnames a `diagnostics:read` bearer token may GET, exactly as the spec lists them.
 * Matching is on the raw pathname: anything that could be normalized into another path
 * (dot segments, encoded slashes or dots, empty segments, a trailing slash) is refused first,
 * and the query string never widens it.
 */
const EXACT = new Set([
  '/api/health',
  '/api/status',
  '/api/metrics',
  '/api/diagnostics/inventory',
  '/api/diagnostics/sql',
  '/api/diagnostics/forge/jobs',
  '/api/diagnostics/mods',
  '/api/agents',
  '/api/agent-status',
  '/api/sessions',
  '/api/session/context',
  '/api/session/context-status',
  '/api/context',
  '/api/chat/runs/active',
  '/api/traces',
  '/api/archive/calendar',
  '/api/archive/runs',
  '/api/archive/sessions',
]);

const PATTERNS = [
  /^\/api\/diagnostics\/forge\/jobs\/[0-9a-f-]{36}$/i,
  /^\/api\/diagnostics\/mods\/[a-z0-9-]+\/(pending|jobs)$/,
  /^\/api\/diagnostics\/mods\/[a-z0-9-]+\/jobs\/[A-Za-z0-9_-]+$/,
  /^\/api\/sessions\/[^/]+$/,
  /^\/api\/traces\/.+$/,
  /^\/api\/archive\/runs\/.+$/,
  /^\/api\/archive\/sessions\/.+$/,
];

/** True when `pathname` is one a diagnostics token may read. */
export function tokenMayRead(pathname: string): boolean {
  // A listed path is already in its one canonical form: nothing to normalize.
  if (EXACT.has(pathname)) return true;
  if (pathname.length > 2048) return false;
  if (/%2f|%5c|%2e|\\/i.test(pathname)) return false;
  const segments = pathname.split('/').slice(1);
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return false;
  return PATTERNS.some((p) => p.test(pathname));
}
