/**
 * A provider endpoint under the connection's base URL. `http://host/v1`, `http://host/v1/` and
 * a base with a query (`?api-version=…`) all give `http://host/v1/<path>` with the query kept.
 *
 */
import { UpstreamError } from './upstream-error.js';

export function endpointUrl(baseUrl: string, path: string, query?: Record<string, string>): string {
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
