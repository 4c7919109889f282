/**
 * A provider endpoint under the connection's base URL. `http://host/v1`, `http://host/v1/` and
 * a base with a query (`?api-version=…`) all give `http://host/v1/<path>` with the query kept.
 *
 */
import { UpstreamError } from './upstream-error.js';

/** Recent endpoint URLs without a query argument, by base URL and path (every model call asks again). */
const recent = new Map<string, string>();
const RECENT_MAX = 256;

export function endpointUrl(baseUrl: string, path: string, query?: Record<string, string>): string {
  if (query !== undefined) return buildEndpointUrl(baseUrl, path, query);
  const key = `${baseUrl}\u0000${path}`;
  let url = recent.get(key);
  if (url === undefined) {
    url = buildEndpointUrl(baseUrl, path);
    if (recent.size >= RECENT_MAX) recent.clear();
    recent.set(key, url);
  }
  return url;
}

function buildEndpointUrl(baseUrl: string, path: string, query?: Record<string, string>): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UpstreamError('upstream_unreachable', 'the connection base URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UpstreamError('upstream_unreachable', 'the connection base URL must use http or https');
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}
