/**
 * Builds the request a route handler sees: never the Fastify request itself. Credential
 * headers are removed so no mod handler can read or replay them.
 */
import type { FastifyRequest } from 'fastify';
import type { RouteAuthContext, RouteRequest } from '../../sdk/http.js';

const STRIPPED_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);

export function projectHeaders(headers: FastifyRequest['headers'], keepCredentials = false): Record<string, string> {
  const out: Record<string, string> = {};
  // Node already lower-cases incoming header names.
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || (!keepCredentials && STRIPPED_HEADERS.has(name))) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function projectRequest(
  request: FastifyRequest,
  parts: {
    pathname: string;
    params: Record<string, string>;
    query: Record<string, unknown>;
    body: unknown;
    auth: RouteAuthContext;
    /** Gives the signal when the handler first reads it. */
    abort: { readonly signal: AbortSignal };
    /** The kernel's own routes (auth, settings) see credentials and the identity; mods never do. */
    kernel?: boolean;
  },
): RouteRequest {
  return {
    method: request.method,
    path: parts.pathname,
    params: parts.params,
    query: parts.query,
    body: parts.body,
    headers: projectHeaders(request.headers, parts.kernel),
    auth: parts.kernel ? { ...parts.auth } : { enabled: parts.auth.enabled, authenticated: parts.auth.authenticated },
    get signal() {
      return parts.abort.signal;
    },
    requestId: String(request.id),
    ...(parts.kernel ? { peer: request.raw.socket.remoteAddress ?? '' } : {}),
  };
}
