/**
 * The Fastify instance: logging, error rendering, body parsing and one catch-all route that
 * hands every request to the {@link createDispatcher | dispatcher}. Edge plumbing (host,
 * origin, auth) is registered as plugins from `plugins/` before dispatch.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import authPipeline from '../../plugins/auth-pipeline.js';
import edgePolicy from '../../plugins/edge-policy.js';
import jsonBodyReader from '../../plugins/json-body-reader.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { KernelConfig } from '../config.js';
import { errors } from '../errors.js';
import { redactUrl, requestLine } from '../logger.js';
import { createDispatcher, type RouteOwnerGate } from './dispatcher.js';
import { HostPolicy } from './host-policy.js';
import { errorBody, toSvcError } from './error-rendering.js';
import { frameworkError, writeClientError } from './framework-errors.js';
import type { RequestMetrics } from './request-metrics.js';
import type { RouteEntry, RouteTable } from './route-table.js';
import type { TraceSpan } from '../../sdk/core/telemetry.js';
import type { MetricRegistry } from '../telemetry/metric-registry.js';
import { carrierFrom, TRACING_OFF, type KernelTracing } from '../telemetry/tracing.js';

export interface HttpServerDeps {
  logger: Logger;
  routes: RouteTable;
  gate: RouteOwnerGate;
  metrics: RequestMetrics;
  /** Prometheus: requests and latency by route id. */
  metricRegistry?: MetricRegistry;
  /** A server span per request while traces are on. */
  tracing?: KernelTracing;
  http: KernelConfig['http'];
  /** The listen address and port: the names the host policy accepts by default. */
  listen: Pick<KernelConfig, 'host' | 'port'>;
  authenticator: Authenticator;
}

let requestCounter = 0;

export function createHttpServer({ logger, routes, gate, metrics, metricRegistry, tracing = TRACING_OFF, http, listen, authenticator }: HttpServerDeps): FastifyInstance {
  const limits = { requestMaxBytes: http.requestMaxBytes };
  let closing = false;
  const app = Fastify({
    // Fastify gets no logger: the kernel's pino logger writes the one request line and errors
    // itself. A Fastify logger costs every request its bookkeeping even with request logs off.
    logger: false,
    forceCloseConnections: 'idle',
    // Fastify's own 503 while closing carries its body, not ours: the edge answers
    // `service_shutting_down` itself (see `closing` below).
    return503OnClosing: false,
    bodyLimit: http.requestMaxBytes,
    genReqId: () => `req-${(++requestCounter).toString(36)}`,
    routerOptions: { ignoreTrailingSlash: false },
    // Fastify refuses some requests before any hook runs (a path it cannot decode, a segment
    // past maxParamLength): answer with our catalogued code, as for everything else.
    frameworkErrors: (error, request, reply) => {
      const rendered = frameworkError(error, limits) ?? errors.internalError();
      if (rendered.headers) reply.headers(rendered.headers);
      if ((request.raw.url ?? '').startsWith('/api')) reply.header('cross-origin-resource-policy', 'same-origin');
      (reply as FastifyReply).code(rendered.status).send(errorBody(rendered));
    },
    // What Node's HTTP parser refuses (bad method, version, header fields, framing, oversized
    // headers) has no request yet: answered on the socket, from the catalogue.
    clientErrorHandler: writeClientError,
  });

  // The request order: edge policy (host, origin, content type) → authentication → dispatch.
  // Bodies are read only after both, so an unauthenticated client cannot make us buffer one.
  app.register(jsonBodyReader, {
    maxBytes: http.requestMaxBytes,
    timeoutMs: http.requestTimeoutMs,
    maxDepth: http.jsonMaxDepth,
    maxItems: http.jsonMaxItems,
  });
  const hosts = new HostPolicy({ host: listen.host, port: listen.port, allowedHosts: http.allowedHosts });
  app.register(edgePolicy, { allowedOrigins: http.allowedOrigins, hosts, trustedProxies: http.trustedProxies, closing: () => closing });
  app.register(authPipeline, { routes, authenticator });

  app.setErrorHandler((error, request, reply) => {
    const known = toSvcError(error, limits);
    if (!known) {
      logger.error({ err: error, reqId: request.id, route: request.svcRoute?.routeId }, 'unhandled error');
    }
    const rendered = known ?? errors.internalError();
    if (rendered.headers) reply.headers(rendered.headers);
    // The rest of an oversized body is not worth reading: close once this answer is out.
    if (rendered.status === 413) reply.header('connection', 'close');
    reply.code(rendered.status).send(errorBody(rendered));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.svcPath || (request.raw.url ?? '/').split('?')[0]!;
    const notFound = errors.routeNotFound({ method: request.method, path: pathname });
    reply.code(notFound.status).send(errorBody(notFound));
  });

  // While closing, keep-alive connections are cut as soon as their in-flight response is
  // done, so close() does not wait out the keep-alive timeout (no per-response hook needed).
  app.addHook('preClose', (done) => {
    closing = true;
    const sweep = setInterval(() => app.server.closeIdleConnections(), 25);
    app.server.once('close', () => clearInterval(sweep));
    done();
  });

  // Declared up front so every request object keeps one shape (properties added later deopt the hot path).
  app.decorateRequest('svcMatch', undefined);
  app.decorateRequest('svcAuth', undefined);
  app.decorateRequest('svcRoute', undefined);
  app.decorateRequest('svcSpan', undefined);

  // The request's server span, first of all hooks so the whole edge is inside it. A caller's
  // `traceparent` is honoured (W3C): a client that traces itself sees svc's spans under its own.
  if (tracing.enabled) {
    app.addHook('onRequest', (request, _reply, done) => {
      request.svcSpan = tracing.start(`${request.method}`, {
        kind: 'server',
        parent: carrierFrom(request.headers.traceparent, request.headers.tracestate) ?? null,
        attributes: { 'http.request.method': request.method },
      });
      done();
    });
  }

  const logRequests = logger.isLevelEnabled('info');
  const writeRequestLine = requestLine(logger);
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const route = request.svcRoute?.metricsKey ?? 'unmatched';
    metrics.record(route, reply.statusCode, ms);
    metricRegistry?.recordRequest(request.svcRoute, reply.statusCode, ms);
    const span = request.svcSpan;
    if (span) endRequestSpan(span, request.svcRoute, reply.statusCode);
    if (logRequests) {
      writeRequestLine(String(request.id), request.method, redactUrl(request.raw.url ?? '/'), route, reply.statusCode, Math.round(ms * 10) / 10, span?.traceId || undefined);
    }
    done();
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: createDispatcher({ routes, gate, log: logger, tracing }),
  });

  return app;
}

/** Names the span after the route template (never the raw URL) and records the answer. */
function endRequestSpan(span: TraceSpan, route: RouteEntry | undefined, status: number): void {
  if (route) span.setAttributes({ 'http.route': route.path, 'svc.route.id': `${route.owner}.${route.routeId}` });
  span.setAttributes({ 'http.response.status_code': status });
  if (status >= 500) span.fail(String(status));
  span.rename(route ? `${route.method} ${route.path}` : `${status}`);
  span.end();
}
