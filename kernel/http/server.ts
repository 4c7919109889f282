/**
 * The Fastify instance: logging, error rendering, body parsing and one catch-all route that
 * hands every request to the {@link createDispatcher | dispatcher}. Edge plumbing (host,
 * origin, auth) is registered as plugins from `plugins/` before dispatch.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import authPipeline from '../../plugins/auth-pipeline.js';
import edgePolicy from '../../plugins/edge-policy.js';
import jsonBodyReader from '../../plugins/json-body-reader.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { KernelConfig } from '../config.js';
import { errors } from '../errors.js';
import { redactUrl } from '../logger.js';
import { createDispatcher, type RouteOwnerGate } from './dispatcher.js';
import { errorBody, toSvcError } from './error-rendering.js';
import type { RequestMetrics } from './request-metrics.js';
import type { RouteTable } from './route-table.js';

export interface HttpServerDeps {
  logger: Logger;
  routes: RouteTable;
  gate: RouteOwnerGate;
  metrics: RequestMetrics;
  http: KernelConfig['http'];
  authenticator: Authenticator;
}

let requestCounter = 0;

export function createHttpServer({ logger, routes, gate, metrics, http, authenticator }: HttpServerDeps): FastifyInstance {
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    // One line per request is written in onResponse (with the matched route and redacted URL).
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: http.requestMaxBytes,
    genReqId: () => `req-${(++requestCounter).toString(36)}`,
    // No child logger per request: the one request line below carries the request id itself.
    childLoggerFactory: (logger) => logger,
    routerOptions: { ignoreTrailingSlash: false },
  });

  // The request order: edge policy (host, origin, content type) → authentication → dispatch.
  // Bodies are read only after both, so an unauthenticated client cannot make us buffer one.
  app.register(jsonBodyReader, {
    maxBytes: http.requestMaxBytes,
    timeoutMs: http.requestTimeoutMs,
    maxDepth: http.jsonMaxDepth,
    maxItems: http.jsonMaxItems,
  });
  app.register(edgePolicy, { allowedOrigins: http.allowedOrigins, allowedHosts: http.allowedHosts, trustedProxies: http.trustedProxies });
  app.register(authPipeline, { routes, authenticator });

  app.setErrorHandler((error, request, reply) => {
    const known = toSvcError(error);
    if (!known) {
      request.log.error({ err: error, route: request.svcRoute?.routeId }, 'unhandled error');
    }
    const rendered = known ?? errors.internalError();
    if (rendered.headers) reply.headers(rendered.headers);
    reply.code(rendered.status).send(errorBody(rendered));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = (request.raw.url ?? '/').split('?')[0]!;
    const notFound = errors.routeNotFound({ method: request.method, path: pathname });
    reply.code(notFound.status).send(errorBody(notFound));
  });

  // Once closing, answers to in-flight requests end their keep-alive connection, so close()
  // does not wait out the keep-alive timeout of clients that just got their response.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const logRequests = logger.isLevelEnabled('info');
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const route = request.svcRoute?.metricsKey ?? 'unmatched';
    metrics.record(route, reply.statusCode, ms);
    if (logRequests) {
      logger.info(
        { reqId: request.id, method: request.method, url: redactUrl(request.raw.url ?? '/'), route, status: reply.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
    done();
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: createDispatcher({ routes, gate, log: logger }),
  });

  return app;
}
