/**
 * The catch-all handler: finds the route, checks its owner is available, validates, projects
 * the request, enforces the deadline and writes the answer. One path for kernel routes and
 * every mod's routes.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSvcError, type SvcError } from '../../sdk/errors.js';
import { routeResponseKind, type RouteAuthContext, type RouteResponse, type RouteValidationError } from '../../sdk/http.js';
import { DeadlineQueue } from '../deadline-queue.js';
import { errors } from '../errors.js';
import { hardenRawAnswer, refuseCrossSite } from './raw-download-policy.js';
import { projectRequest } from './request-projection.js';
import { KERNEL_OWNER, type RouteEntry, type RouteMatch, type RouteTable } from './route-table.js';
import type { ErrorObject } from 'ajv';
import { describeValidationError } from './schema-validators.js';
import type { TraceSpan } from '../../sdk/core/telemetry.js';
import type { KernelTracing } from '../telemetry/tracing.js';
import { unavailablePage, wantsPage } from './unavailable-page.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Interactive auth context set by the auth pipeline. */
    svcAuth?: RouteAuthContext;
    /** The matched route, for metrics and logs. */
    svcRoute?: RouteEntry;
    /** The route match made by the auth pipeline (null: looked up, none). */
    svcMatch?: RouteMatch | null;
    /** The request's server span (traces on). */
    svcSpan?: TraceSpan;
  }
}

export interface RouteOwnerGate {
  /** Undefined when the owner may serve now, else the error to answer with. */
  unavailable(owner: string): SvcError | undefined;
  /** Counts an in-flight request of `owner`; `leave` ends it (once per `enter`). */
  enter(owner: string): void;
  leave(owner: string): void;
  /** Called once when a route of `owner` passes its deadline. */
  deadlineExceeded(owner: string, error: SvcError): void;
  /** Whether `owner` may answer raw bytes/streams (system mods and the kernel). */
  mayAnswerRaw(owner: string): boolean;
}

export interface DispatcherDeps {
  routes: RouteTable;
  gate: RouteOwnerGate;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The handler runs inside the request's span, so a run it starts is that span's child. */
  tracing?: KernelTracing;
}

const NO_AUTH: RouteAuthContext = Object.freeze({ enabled: false, authenticated: false });

export function createDispatcher({ routes, gate, log, tracing }: DispatcherDeps) {
  const deadlines = new DeadlineQueue();
  /**
   * Not an async function: a handler that answers synchronously (health, most reads of
   * in-memory state) is sent without a promise; Fastify takes `undefined` as "already sent".
   */
  return function dispatch(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined {
    const pathname = request.svcPath; // canonical, parsed once by the edge
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const match = request.svcMatch !== undefined ? request.svcMatch : routes.find(method, pathname);
    if (!match) throw errors.routeNotFound({ method: request.method, path: pathname });
    const { entry, params } = match;
    request.svcRoute = entry;
    refuseCrossSite(entry, request.headers['sec-fetch-site']);

    const unavailable = gate.unavailable(entry.owner);
    if (unavailable) {
      if (!wantsPage(request)) throw unavailable;
      const page = unavailablePage(entry.owner, unavailable);
      reply.code(unavailable.status).headers(page.headers).send(page.body);
      return undefined;
    }
    const binding = entry.binding;
    if (!binding) throw errors.modRouteNotBound({ modId: entry.owner, routeId: entry.routeId });

    // A copy only when there is a query string: handlers may change theirs.
    const query = (request.raw.url ?? '').indexOf('?') < 0 ? {} : { ...((request.query as Record<string, unknown>) ?? {}) };
    // No body at all reads as `{}`; a JSON `null` stays null so an object schema refuses it as such.
    const body: unknown = request.body === undefined ? {} : request.body;
    const { validators, validationError } = binding;
    if (validators.params) validate('path parameters', validators.params, params, validationError);
    if (validators.querystring) validate('query', validators.querystring, query, validationError);
    if (validators.body) validate('body', validators.body, body, validationError);

    const abort = new LazyAbort();
    const projected = projectRequest(request, {
      pathname,
      params,
      query,
      body,
      auth: request.svcAuth ?? NO_AUTH,
      abort,
      kernel: entry.owner === KERNEL_OWNER,
    });
    gate.enter(entry.owner);
    let result: unknown;
    try {
      const span = request.svcSpan;
      result = span && tracing ? tracing.within(span, () => binding.handler(projected)) : binding.handler(projected);
    } catch (error) {
      gate.leave(entry.owner);
      throw handlerFailure(error, entry, log);
    }
    if (!isThenable(result)) {
      gate.leave(entry.owner); // a synchronous answer cannot pass its deadline
      send(reply, entry, result, gate);
      return undefined;
    }
    return settle(result, reply, entry, abort);
  };

  /**
   * An answer that comes on a later turn, bounded by the route's deadline. The deadlines of all
   * requests in flight share one timer (a FIFO per deadline value): most settle long before it.
   */
  function settle(result: PromiseLike<unknown>, reply: FastifyReply, entry: RouteEntry, abort: LazyAbort): Promise<FastifyReply> {
    return new Promise<FastifyReply>((resolve, reject) => {
      let done = false;
      const deadline = deadlines.add(entry.deadlineMs, () => {
        if (done) return;
        done = true;
        // The handler may still settle (it leaves the gate then); nobody is waiting for it.
        abort.abort(new Error('route deadline exceeded'));
        const timeout = errors.modRouteDeadlineExceeded({ modId: entry.owner, routeId: entry.routeId, deadlineMs: entry.deadlineMs });
        if (entry.owner !== KERNEL_OWNER) gate.deadlineExceeded(entry.owner, timeout);
        reject(timeout);
      });
      Promise.resolve(result).then(
        (answer) => {
          gate.leave(entry.owner);
          if (done) return;
          done = true;
          deadline.cancel();
          try {
            send(reply, entry, answer, gate);
            // Resolving with the reply tells Fastify the answer is under way: a streamed body is
            // still being written, and must not be replaced by an empty one.
            resolve(reply);
          } catch (error) {
            reject(error as Error);
          }
        },
        (error: unknown) => {
          gate.leave(entry.owner);
          if (done) return;
          done = true;
          deadline.cancel();
          reject(handlerFailure(error, entry, log));
        },
      );
    });
  }
}

/** Throws the route's own validation error when it names one, else `request_validation_failed`. */
function validate(part: string, check: (value: unknown) => boolean, value: unknown, routeError?: RouteValidationError): void {
  if (!check(value)) {
    const reason = describeValidationError((check as { errors?: ErrorObject[] | null }).errors);
    throw (routeError ?? errors.requestValidationFailed)({ part, reason }, { details: { part } });
  }
}

/** The request's abort signal, created on first read: most handlers never look at it. */
export class LazyAbort {
  private controller: AbortController | undefined;

  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  abort(reason: Error): void {
    (this.controller ??= new AbortController()).abort(reason);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** A catalogued error passes through; anything else is logged and answered without its text. */
function handlerFailure(error: unknown, entry: RouteEntry, log: DispatcherDeps['log']): SvcError {
  if (isSvcError(error)) return error;
  log.error({ err: error, mod: entry.owner, route: entry.routeId }, 'route handler failed');
  return entry.owner === KERNEL_OWNER ? errors.internalError() : errors.modRouteFailed({ modId: entry.owner, routeId: entry.routeId });
}

function send(reply: FastifyReply, entry: RouteEntry, result: unknown, gate: RouteOwnerGate): void {
  const kind = routeResponseKind(result);
  if (kind === undefined) {
    reply
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(result ?? null));
    return;
  }
  const response = result as RouteResponse;
  if (kind !== 'json' && !(entry.raw && gate.mayAnswerRaw(entry.owner))) {
    throw errors.modRouteInvalidResponse({ modId: entry.owner, routeId: entry.routeId });
  }
  // Raw bytes and streams pass the download policy: one place for every mod's raw routes.
  reply.code(response.status).headers(kind === 'json' ? response.headers : hardenRawAnswer(entry.path, response.headers));
  if (kind === 'json') {
    reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(response.body ?? null));
  } else if (kind === 'bytes') {
    reply.send(typeof response.body === 'string' ? response.body : Buffer.from(response.body as Uint8Array));
  } else {
    reply.send(Readable.from(response.body as AsyncIterable<Uint8Array | string>));
  }
}
