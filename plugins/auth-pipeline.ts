/**
 * Runs the authenticator for every request after the edge policy (steps 2–6 of the request
 * order) and before the body is read: the route is matched here so its flags (public, tokenRead) decide,
 * and the match is handed to the dispatcher so it is looked up once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthOutcome, Authenticator } from '../kernel/auth/authenticator.js';
import type { RouteTable } from '../kernel/http/route-table.js';

export interface AuthPipelineOptions {
  routes: RouteTable;
  authenticator: Authenticator;
}

async function authPipeline(app: FastifyInstance, { routes, authenticator }: AuthPipelineOptions): Promise<void> {
  // Callback style, so a request decided synchronously (public route, mode none) costs no promise.
  // Nothing named is created per request: a per-request closure costs a function-name write here.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '/';
    const pathname = request.svcPath; // the edge's canonical path: the one the router matches
    const match = routes.find(request.method === 'HEAD' ? 'GET' : request.method, pathname);
    request.svcMatch = match ?? null;
    let outcome: AuthOutcome | Promise<AuthOutcome>;
    try {
      outcome = authenticator.authenticate({ method: request.method, pathname, url, headers: request.headers, peer: request.raw.socket.remoteAddress ?? '' }, match?.entry);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (outcome instanceof Promise) outcome.then((o) => applyOutcome(request, reply, done, o), done);
    else applyOutcome(request, reply, done, outcome);
  });
}

function applyOutcome(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void, outcome: AuthOutcome): void {
  if (outcome.setCookies) reply.header('set-cookie', outcome.setCookies);
  if (outcome.redirect) {
    reply.code(302).header('location', outcome.redirect).header('cache-control', 'no-store').send();
    return;
  }
  request.svcAuth = outcome.context;
  done();
}

export default fp(authPipeline, { name: 'svc-auth-pipeline', fastify: '5.x', dependencies: ['svc-edge-policy'] });
