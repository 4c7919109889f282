/**
 * Builds the request a route handler sees: never the Fastify request itself. Credential
 * headers are removed so no mod handler can read or replay them.
 */
import type { FastifyRequest } from 'fastify';
import type { RouteAuthContext, RouteRequest } from '../../sdk/http.js';

const STRIPPED_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key', 'x-svc-proxy-secret']);

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

interface ProjectionParts {
  pathname: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  auth: RouteAuthContext;
  /** Gives the signal when the handler first reads it. */
  abort: { readonly signal: AbortSignal };
  /** The kernel's own routes (auth, settings) see credentials and the identity; mods never do. */
  kernel?: boolean;
}

/**
 * The projected request: a class, so building one is a plain allocation; the signal is made
 * when a handler first reads it (most never do). The Fastify request stays in a true private
 * field: spreading or serializing the projection never reaches it.
 */
class ProjectedRequest implements RouteRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, string>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly auth: RouteAuthContext;
  readonly requestId: string;
  readonly peer?: string;
  readonly #abort: { readonly signal: AbortSignal };

  constructor(request: FastifyRequest, parts: ProjectionParts) {
    this.method = request.method;
    this.path = parts.pathname;
    this.params = parts.params;
    this.query = parts.query;
    this.body = parts.body;
    this.headers = projectHeaders(request.headers, parts.kernel);
    this.auth = parts.kernel ? { ...parts.auth } : { enabled: parts.auth.enabled, authenticated: parts.auth.authenticated };
    this.requestId = String(request.id);
    if (parts.kernel) this.peer = request.raw.socket.remoteAddress ?? '';
    this.#abort = parts.abort;
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }
}

export function projectRequest(request: FastifyRequest, parts: ProjectionParts): RouteRequest {
  return new ProjectedRequest(request, parts);
}
