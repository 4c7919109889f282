/**
 * The response contract tier: every answer a test kernel gives through the kit's `inject` and
 * `request` is checked against what the published contract (`/api/openapi.json`) says of its
 * route and status, and a test that receives anything else fails at that call.
 *
 * The rules are the OpenAPI builder's (api-docs): a status the route declares in
 * `schema.response` carries that JSON schema (else a range it declares, `2XX` or `4XX`, carries
 * the range's); a route that declares none declares `200` with
 * any body; any other status of 400 and above is the `default` answer, {@link ERROR_BODY_SCHEMA};
 * any other status below 400 is undeclared, which fails. A JSON answer must parse; NDJSON must be
 * one JSON value per line; a declared `{type: 'string'}` schema on a raw route is the text itself
 * (a download). Validators are compiled with ajv on first use and kept for the process.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_BODY_SCHEMA } from '../errors.js';
import type { RouteSchema } from '../http.js';

type Schema = Readonly<Record<string, unknown>>;

/** The route a request reached, as the kernel's `routeAt` answers it. */
export interface RouteAt {
  owner: string;
  routeId: string;
  method: string;
  /** The path template, e.g. `/api/agents/{agentId}`. */
  path: string;
  raw: boolean;
  bound: boolean;
  schema?: RouteSchema;
}

const ajv = addFormats.default(new Ajv.default({ allErrors: false, strict: false }));
const byObject = new WeakMap<object, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();

/** The schema's validator: compiled once per process (route schemas are module constants, or equal text). */
function validatorOf(schema: Schema): ValidateFunction {
  const known = byObject.get(schema);
  if (known) return known;
  const text = JSON.stringify(schema);
  const compiled = byText.get(text) ?? ajv.compile(schema);
  byText.set(text, compiled);
  byObject.set(schema, compiled);
  return compiled;
}

/** Thrown at the call that received an answer the contract does not describe. */
export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NDJSON_TYPE = /^application\/x-ndjson\b/i;
const HTML_TYPE = /\btext\/html\b/i;
/** Statuses whose answer has no body. */
const BODILESS = new Set([204, 205, 304]);

/** What the contract says of `status` on `route`: a schema, `any` (declared without one), or undeclared. */
function declared(route: RouteAt | undefined, status: number): { schema?: Schema; label: string } | undefined {
  const responses = (route?.schema?.response ?? {}) as Readonly<Record<string, Schema>>;
  const own = responses[String(status)];
  if (own) return { schema: own, label: `declared ${status}` };
  const range = `${Math.floor(status / 100)}XX`;
  if (responses[range]) return { schema: responses[range], label: `declared ${range}` };
  if (Object.keys(responses).length === 0 && status === 200 && route) return { label: 'declared 200 (any body)' };
  if (status >= 400) return { schema: ERROR_BODY_SCHEMA, label: 'default error' };
  return undefined;
}

function statusesOf(route: RouteAt | undefined): string {
  const own = Object.keys(route?.schema?.response ?? {});
  return [...(own.length > 0 || !route ? own : ['200']), 'default (errors)'].join(', ');
}

/** The route and status as a failure names them. */
function where(method: string, url: string, route: RouteAt | undefined, status: number): string {
  const name = route ? `${route.method} ${route.path} (${route.owner} ${route.routeId})` : `${method} ${url.split('?')[0]} (no route)`;
  return `${name} answered ${status}`;
}

function schemaError(check: ValidateFunction): string {
  const first = check.errors?.[0];
  if (!first) return 'invalid';
  const params = Object.keys(first.params ?? {}).length > 0 ? ` ${JSON.stringify(first.params)}` : '';
  return `${first.instancePath || '(body)'} ${first.message ?? 'is invalid'}${params}`;
}

/**
 * Checks one answer; throws {@link ResponseContractError} naming the route, the status and the
 * schema error when it is not what the contract publishes.
 */
export function checkResponse(request: { method: string; url: string; accept?: string }, route: RouteAt | undefined, res: LightMyRequestResponse): void {
  const status = res.statusCode;
  const fail = (reason: string) => {
    throw new ResponseContractError(`response contract: ${where(request.method, request.url, route, status)}: ${reason}`);
  };
  const contentType = String(res.headers['content-type'] ?? '');
  // Outside the routes' contract: the edge's CORS preflight answer, and the HTML error page a
  // browser gets when it asked for a page (the unavailable-mod page); an API client gets JSON.
  if (request.method === 'OPTIONS' && !route) return;
  if (status >= 400 && HTML_TYPE.test(contentType) && HTML_TYPE.test(request.accept ?? '')) return;
  const contract = declared(route, status);
  if (!contract) return fail(`status ${status} is not declared (declared: ${statusesOf(route)})`);
  if (request.method === 'HEAD' || BODILESS.has(status)) return;
  const body = res.body;

  if (NDJSON_TYPE.test(contentType)) {
    const lines = body.split('\n').filter((line) => line.trim() !== '');
    lines.forEach((line, i) => {
      try {
        JSON.parse(line);
      } catch {
        fail(`NDJSON line ${i + 1} is not JSON: ${line.slice(0, 120)}`);
      }
    });
    return;
  }
  const { schema } = contract;
  if (!schema) {
    // Declared without a schema: a JSON route's answer is still JSON; a raw route's is its own.
    if (!route?.raw && body !== '' && !JSON_TYPE.test(contentType)) fail(`content type ${contentType || '(none)'} is not JSON`);
    return;
  }
  if (route?.raw && schema.type === 'string') {
    // A raw download declared as a string schema is checked as text, whatever its type.
    const check = validatorOf(schema);
    if (!check(body)) fail(`${contract.label}: ${schemaError(check)}`);
    return;
  }
  if (!JSON_TYPE.test(contentType)) {
    return fail(`${contract.label} is JSON, the answer is ${contentType || 'without a content type'}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return fail(`the body is not JSON: ${body.slice(0, 120)}`);
  }
  const check = validatorOf(schema);
  if (!check(value)) fail(`${contract.label}: ${schemaError(check)}; body: ${body.slice(0, 300)}`);
}

/** Whether the kit checks answers: `SVC_TEST_RESPONSE_CONTRACT=1` (the pglite project sets it) unless the options say. */
export function responseContractOn(option: boolean | undefined): boolean {
  return option ?? process.env.SVC_TEST_RESPONSE_CONTRACT === '1';
}
