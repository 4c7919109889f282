/**
 * What a mod route handler receives and may answer. Requests are projected, never forwarded:
 * credentials headers are removed and the auth context is a pair of trusted booleans.
 */

import type { FromSchema, FromSchemaOptions, JSONSchema } from 'json-schema-to-ts';
import type { SvcError } from './errors.js';

/** Trusted authentication facts the edge established for this request. @public */
export interface RouteAuthContext {
  /** An interactive auth mode other than `none` is configured. */
  enabled: boolean;
  /** The request carries an accepted interactive identity. */
  authenticated: boolean;
  /** Who, and how: given to the kernel's own routes only; mods see the two booleans. */
  identity?: { via: 'trusted-proxy' | 'basic' | 'oidc' | 'token'; user?: string };
}

/** The projected request a route handler receives. @public */
export interface RouteRequest<Body = unknown, Query = Record<string, unknown>, Params = Record<string, string>> {
  method: string;
  /** Pathname without the query string. */
  path: string;
  params: Params;
  query: Query;
  body: Body;
  /** Lower-cased headers minus `authorization`, `cookie`, `proxy-authorization`, `x-api-key`. */
  headers: Record<string, string>;
  auth: RouteAuthContext;
  /** Aborted when the route deadline passes or the server shuts down. */
  signal: AbortSignal;
  /** Correlates log lines of this request. */
  requestId: string;
  /** The socket peer address: given to the kernel's own routes only. */
  peer?: string;
}

const RESPONSE = Symbol.for('svc.route-response');

/** Response headers; a list sends the header once per value (e.g. several `set-cookie`). @public */
export type ResponseHeaders = Record<string, string | string[]>;

/** A JSON answer with an explicit status or headers. @public */
export interface JsonResponse {
  readonly [RESPONSE]: 'json';
  status: number;
  body: unknown;
  headers: ResponseHeaders;
}

/** Bytes (raw routes of system mods only). @public */
export interface BytesResponse {
  readonly [RESPONSE]: 'bytes';
  status: number;
  body: Uint8Array | string;
  headers: ResponseHeaders;
}

/** A streamed body (raw routes of system mods only); each chunk is written as it comes. @public */
export interface StreamResponse {
  readonly [RESPONSE]: 'stream';
  status: number;
  body: AsyncIterable<Uint8Array | string>;
  headers: ResponseHeaders;
}

/** Anything a handler may return; a plain value is sent as JSON with status 200. @public */
export type RouteResponse = JsonResponse | BytesResponse | StreamResponse;

/** Builders for non-default answers. @public */
export const respond = {
  /** JSON with a chosen status and headers. */
  json(body: unknown, init: { status?: number; headers?: ResponseHeaders } = {}): JsonResponse {
    return { [RESPONSE]: 'json', status: init.status ?? 200, body, headers: init.headers ?? {} };
  },
  /** Raw bytes with a content type. */
  bytes(body: Uint8Array | string, init: { contentType: string; status?: number; headers?: ResponseHeaders }): BytesResponse {
    return {
      [RESPONSE]: 'bytes',
      status: init.status ?? 200,
      body,
      headers: { 'content-type': init.contentType, ...(init.headers ?? {}) },
    };
  },
  /** A stream of chunks with a content type. */
  stream(body: AsyncIterable<Uint8Array | string>, init: { contentType: string; status?: number; headers?: ResponseHeaders }): StreamResponse {
    return {
      [RESPONSE]: 'stream',
      status: init.status ?? 200,
      body,
      headers: { 'content-type': init.contentType, ...(init.headers ?? {}) },
    };
  },
};

/** Tells a {@link RouteResponse} from a plain JSON value. @public */
export function routeResponseKind(value: unknown): RouteResponse[typeof RESPONSE] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as Partial<Record<typeof RESPONSE, RouteResponse[typeof RESPONSE]>>)[RESPONSE];
}

/**
 * JSON Schemas of one route; they validate requests and feed `/api/openapi.json`. Declare the
 * parts `as const` (or inline them in {@link route}) so the handler's request types follow. @public
 */
export interface RouteSchema {
  summary?: string;
  description?: string;
  tags?: readonly string[];
  params?: Readonly<Record<string, unknown>>;
  querystring?: Readonly<Record<string, unknown>>;
  body?: Readonly<Record<string, unknown>>;
  /**
   * Response schemas by status code, or by an OpenAPI status range (`2XX`, `4XX`) for every
   * status of it the route does not name (a sandboxed mod's routes: its own answers).
   */
  response?: Readonly<Record<number, Readonly<Record<string, unknown>>> & Partial<Record<`${1 | 2 | 3 | 4 | 5}XX`, Readonly<Record<string, unknown>>>>>;
}

// Bodies are validated without filling in defaults, so a defaulted body field stays optional;
// query strings and path parameters get their defaults from the validator, so those are present.
type Typed<Part, Options extends FromSchemaOptions, Otherwise> = Part extends JSONSchema ? FromSchema<Part, Options> : Otherwise;

/** The body type a route schema validates: `unknown` without `schema.body`. @public */
export type RouteBodyOf<S> = S extends { body: infer B } ? Typed<B, { keepDefaultedPropertiesOptional: true }, unknown> : unknown;
/** The query type a route schema validates (after coercion and defaults). @public */
export type RouteQueryOf<S> = S extends { querystring: infer Q } ? Typed<Q, {}, Record<string, unknown>> : Record<string, unknown>;
/** The path-parameter type a route schema validates (after coercion). @public */
export type RouteParamsOf<S> = S extends { params: infer P } ? Typed<P, {}, Record<string, string>> : Record<string, string>;

/** A route handler. @public */
export type RouteHandler<Body = any, Query = any, Params = any> = (request: RouteRequest<Body, Query, Params>) => unknown | Promise<unknown>;

/**
 * Builds the error a request answers when it fails a route's schemas: a factory of the mod's
 * own catalogue such as `errors.brainRecordInvalid`. It receives `part` (`body`, `query` or
 * `path parameters`) and a one-line `reason` as message parameters. @public
 */
export type RouteValidationError = (params: { part: string; reason: string }, options: { details: Record<string, unknown> }) => SvcError;

/** A handler bound to a declared route id. @public */
export interface RouteBinding<Body = any, Query = any, Params = any> {
  schema?: RouteSchema;
  handler: RouteHandler<Body, Query, Params>;
  /**
   * The catalogued error a request failing `schema` answers with, instead of the kernel's
   * `request_validation_failed` (for a spec that names the route's own validation codes).
   * Catalogue it with status 400, like the error it replaces; the answer carries `part` too.
   */
  validationError?: RouteValidationError;
}

/**
 * A binding whose handler's `body`, `query` and `params` are typed from its own schema parts
 * (see `json-schema-to-ts`'s `FromSchema`); it is the binding itself at run time. @public
 */
export function route<const S extends RouteSchema = {}>(binding: RouteBindingFor<S>): RouteBinding<RouteBodyOf<S>, RouteQueryOf<S>, RouteParamsOf<S>> {
  return binding;
}

/** A binding whose handler is typed from schema `S`: what {@link route} accepts. @public */
export interface RouteBindingFor<S extends RouteSchema> extends RouteBinding<RouteBodyOf<S>, RouteQueryOf<S>, RouteParamsOf<S>> {
  schema?: S;
}

/**
 * Bindings keyed by route id: `Id` is a mod's generated `RouteId` union (`src/route-ids.ts`,
 * made from `mod.json`), so binding an id the manifest does not declare fails to compile. @public
 */
export type RouteTable<Id extends string> = { readonly [K in Id]?: RouteBinding };

/**
 * Binds every entry of `table` through `router` (a mod's `httpRouterFor<RouteId>()`), keeping
 * the id check of the table's type; returns the disposers in binding order. @public
 */
export function bindRoutes<Id extends string>(router: { route(routeId: Id, binding: RouteBinding): { dispose(): unknown } }, table: RouteTable<Id>): Array<{ dispose(): unknown }> {
  return (Object.entries(table) as Array<[Id, RouteBinding | undefined]>).flatMap(([id, binding]) => (binding ? [router.route(id, binding)] : []));
}
