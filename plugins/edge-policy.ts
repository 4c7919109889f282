/**
 * Step 1 of the request order, before anything else runs on any path (the UI included): the
 * one parse of the request target (see `request-target.ts`), the Host authority policy (see
 * `host-policy.ts`), then the browser-origin check for `/api/` and `/auth/` and for every
 * mutation whatever its path (an accepted preflight completes here with 204), and the JSON
 * content-type requirement for every mutation. All of it is decided on the canonical path the
 * router matches.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { stripMappedPrefix } from '../kernel/config.js';
import { errors } from '../kernel/errors.js';
import type { HostPolicy } from '../kernel/http/host-policy.js';
import { parseRequestTarget } from '../kernel/http/request-target.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The canonical request path (percent-escapes of unreserved characters decoded): what the router matches. */
    svcPath: string;
  }
}

export interface EdgePolicyOptions {
  allowedOrigins: readonly string[];
  hosts: HostPolicy;
  trustedProxies: readonly string[];
  /** True once the server is closing: new requests are answered `service_shutting_down`. */
  closing?: () => boolean;
}

const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PREFLIGHT_METHODS = 'GET, POST, PUT, PATCH, DELETE';

export function isGuardedPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/');
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The authority and scheme the client addressed, trusting forwarded headers only from listed peers. */
export function requestAuthority(request: FastifyRequest, trustedProxies: readonly string[]): { host: string | undefined; protocol: 'http' | 'https' } {
  const peer = stripMappedPrefix(request.raw.socket.remoteAddress ?? '');
  const trusted = trustedProxies.includes(peer);
  const forwardedHost = trusted ? firstHeader(request.headers['x-forwarded-host'])?.split(',')[0]?.trim() : undefined;
  const forwardedProto = trusted ? firstHeader(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim() : undefined;
  const encrypted = (request.raw.socket as { encrypted?: boolean }).encrypted === true;
  return {
    host: (forwardedHost ?? request.headers.host)?.toLowerCase(),
    protocol: forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : encrypted ? 'https' : 'http',
  };
}

/** `host:port` with the scheme's default port made explicit, for comparing authorities. */
function withPort(host: string, protocol: string): string {
  const hasPort = host.startsWith('[') ? /\]:\d+$/.test(host) : /:\d+$/.test(host);
  return hasPort ? host : `${host}:${protocol === 'https' ? 443 : 80}`;
}

function originAllowed(origin: string, authority: { host: string | undefined; protocol: string }, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.origin !== origin) return false; // paths, userinfo or trailing characters
  if (!authority.host) return false;
  const originHost = withPort(parsed.host.toLowerCase(), parsed.protocol.slice(0, -1));
  // Same host and port, whatever the scheme: covers the request's own origin and its http/https twin.
  return originHost === withPort(authority.host, authority.protocol);
}

function isBodyless(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return media === 'application/json';
}

async function edgePolicy(app: FastifyInstance, options: EdgePolicyOptions): Promise<void> {
  app.decorateRequest('svcPath', '');
  app.addHook('onRequest', (request, reply, done) => {
    try {
      if (edgeCheck(request, reply, options) !== 'answered') done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** The forwarded host a listed proxy supplied, lower-cased; undefined from anyone else. */
function forwardedHost(request: FastifyRequest, trustedProxies: readonly string[]): string | undefined {
  if (trustedProxies.length === 0 || request.headers['x-forwarded-host'] === undefined) return undefined;
  if (!trustedProxies.includes(stripMappedPrefix(request.raw.socket.remoteAddress ?? ''))) return undefined;
  return firstHeader(request.headers['x-forwarded-host'])?.split(',')[0]?.trim().toLowerCase();
}

function checkAuthority(host: string | undefined, hosts: HostPolicy): void {
  if (!host || !AUTHORITY.test(host)) throw errors.hostMalformed();
  if (!hosts.allows(host)) throw errors.hostNotAllowed({ host: host.slice(0, 200) });
}

/** Throws the refusal; `answered` when a preflight was completed here. */
function edgeCheck(request: FastifyRequest, reply: FastifyReply, options: EdgePolicyOptions): 'answered' | 'continue' {
  const url = request.raw.url ?? '/';
  // Before anything can refuse: every answer on /api/, errors included, is for this origin only,
  // so no page elsewhere can load one as a script, style or image and read it.
  // An absolute-form target (`http://host/api/...`) is refused below, with the header too.
  if (url.startsWith('/api') || url.charCodeAt(0) !== 47) reply.header('cross-origin-resource-policy', 'same-origin');
  if (options.closing?.() === true) {
    reply.header('connection', 'close');
    throw errors.serviceShuttingDown();
  }
  const target = parseRequestTarget(url);
  request.svcPath = target.pathname;
  // The raw Host always, and a forwarded one too when a listed proxy sent it: a rebound page
  // connecting from loopback must not get past the policy by naming another host.
  checkAuthority(request.headers.host?.toLowerCase(), options.hosts);
  const forwarded = forwardedHost(request, options.trustedProxies);
  if (forwarded !== undefined) checkAuthority(forwarded, options.hosts);

  const mutation = MUTATIONS.has(request.method);
  if (!mutation && !isGuardedPath(target.pathname)) return 'continue';

  const origin = firstHeader(request.headers.origin);
  if (origin !== undefined) {
    reply.header('vary', 'Origin');
    const authority = requestAuthority(request, options.trustedProxies);
    if (!originAllowed(origin, authority, options.allowedOrigins)) throw errors.browserOriginNotAllowed({ origin: origin.slice(0, 200) });
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS') {
      const requestedHeaders = firstHeader(request.headers['access-control-request-headers']);
      reply
        .code(204)
        .header('access-control-allow-methods', PREFLIGHT_METHODS)
        .header('access-control-allow-headers', requestedHeaders ?? 'content-type')
        .header('access-control-max-age', '600')
        .send();
      return 'answered';
    }
  }
  if (mutation && !isJson(request.headers['content-type'])) {
    if (!(request.method === 'DELETE' && isBodyless(request))) throw errors.applicationJsonRequired();
  }
  return 'continue';
}

export default fp(edgePolicy, { name: 'svc-edge-policy', fastify: '5.x' });
