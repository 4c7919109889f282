/**
 * Runs the authenticator for every request after the edge policy (steps 2–6 of the request
 * order) and before the body is read: the route is matched here so public routes are known,
 * and the match is handed to the dispatcher so it is looked up once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthOutcome, Authenticator } from '../kernel/auth/authenticator.js';
import type { RouteTable } from '../kernel/http/route-table.js';

export interface AuthPipelineOptions {
  routes: RouteTable;
  authenticator: Authenticator;
}

async function authPipeline(app: FastifyInstance, { routes, authenticator }: AuthPipelineOptions): Promise<void> {
  // Callback style, so a request decided synchronously (public route, mode none) costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const match = routes.find(request.method === 'HEAD' ? 'GET' : request.method, pathname);
    request.svcMatch = match ?? null;
    const apply = (outcome: AuthOutcome) => {
      if (outcome.setCookies) reply.header('set-cookie', outcome.setCookies);
      if (outcome.redirect) {
        reply.code(302).header('location', outcome.redirect).header('cache-control', 'no-store').send();
        return;
      }
      request.svcAuth = outcome.context;
      done();
    };
    let outcome: AuthOutcome | Promise<AuthOutcome>;
    try {
      outcome = authenticator.authenticate(
        { method: request.method, pathname, url, headers: request.headers, peer: request.raw.socket.remoteAddress ?? '' },
        match?.entry.public === true,
      );
    } catch (error) {
      done(error as Error);
      return;
    }
    if (outcome instanceof Promise) outcome.then(apply, (error: Error) => done(error));
    else apply(outcome);
  });
}

export default fp(authPipeline, { name: 'svc-auth-pipeline', fastify: '5.x', dependencies: ['svc-edge-policy'] });
