/**
 * The response contract tier's rules (`sdk/testing/response-contract.ts`), on answers made up
 * here: what it accepts, and that a refusal names the route, the status and the schema error.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkResponse, type RouteAt } from '../../sdk/testing/response-contract.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const answer = (statusCode: number, body: unknown, contentType = JSON_TYPE) =>
  ({ statusCode, headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) }) as unknown as LightMyRequestResponse;
const thing = { type: 'object', required: ['ok', 'id'], properties: { ok: { const: true }, id: { type: 'string' } } };
const route = (schema?: RouteAt['schema'], raw = false): RouteAt => ({ owner: 'things', routeId: 'create', method: 'POST', path: '/api/things', raw, bound: true, schema });
const post = { method: 'POST', url: '/api/things?x=1' };
const check = (r: RouteAt | undefined, res: LightMyRequestResponse) => () => checkResponse(post, r, res);

describe('response contract', () => {
  it('accepts a declared status whose body matches, and an error body on any status from 400', () => {
    const r = route({ response: { 201: thing } });
    expect(check(r, answer(201, { ok: true, id: 'a' }))).not.toThrow();
    expect(check(r, answer(404, { ok: false, error: 'thing_not_found', message: 'No thing a', id: 'a' }))).not.toThrow();
    expect(check(undefined, answer(404, { ok: false, error: 'route_not_found', message: 'No route' }))).not.toThrow();
  });

  it('refuses a body that does not match, naming the route, the status and the schema error', () => {
    expect(check(route({ response: { 201: thing } }), answer(201, { ok: true, id: 7 }))).toThrow(/POST \/api\/things \(things create\) answered 201: declared 201: \/id must be string/);
    expect(check(route({ response: { 201: thing } }), answer(201, 'not json'))).toThrow(/body is not JSON/);
    expect(check(route(), answer(400, { ok: false, message: 'no code' }))).toThrow(/answered 400: default error: .*must have required property 'error'/);
  });

  it('refuses a status below 400 the route does not declare; a route without responses declares 200', () => {
    expect(check(route({ response: { 200: thing } }), answer(201, { ok: true, id: 'a' }))).toThrow(/status 201 is not declared \(declared: 200, default \(errors\)\)/);
    expect(check(route(), answer(200, { anything: true }))).not.toThrow();
    expect(check(route(), answer(201, { ok: true }))).toThrow(/status 201 is not declared/);
    expect(check(route(), answer(200, '<p>hi</p>', 'text/html'))).toThrow(/content type text\/html is not JSON/);
  });

  it('holds a status the route does not name to the range it declares (a sandboxed mod: 2XX, 4XX)', () => {
    const sandboxed = route({ response: { '2XX': { description: 'any' }, '4XX': { description: 'any' } } });
    expect(check(sandboxed, answer(201, { made: 'it' }))).not.toThrow();
    expect(check(sandboxed, answer(422, { ok: false, why: 'its own shape' }))).not.toThrow();
    expect(check(sandboxed, answer(500, { ok: false, message: 'no code' }))).toThrow(/answered 500: default error/);
    expect(check(sandboxed, answer(302, ''))).toThrow(/status 302 is not declared \(declared: 2XX, 4XX, default \(errors\)\)/);
    expect(check(sandboxed, answer(201, 'not json', 'text/plain'))).toThrow(/declared 2XX is JSON, the answer is text\/plain/);
    // A status the route names wins over its range.
    expect(check(route({ response: { 201: thing, '2XX': { description: 'any' } } }), answer(201, { ok: true }))).toThrow(/declared 201: \(body\) must have required property 'id'/);
  });

  it('checks raw answers by what they declare: NDJSON lines, a string download, any bytes', () => {
    const ndjson = 'application/x-ndjson; charset=utf-8';
    expect(check(route(undefined, true), answer(200, '{"type":"a"}\n{"type":"b"}\n', ndjson))).not.toThrow();
    expect(check(route(undefined, true), answer(200, '{"type":"a"}\n{"type":\n', ndjson))).toThrow(/NDJSON line 2 is not JSON/);
    expect(check(route({ response: { 200: { type: 'string' } } }, true), answer(200, '# Transcript', 'text/markdown'))).not.toThrow();
    expect(check(route(undefined, true), answer(200, 'bytes', 'image/png'))).not.toThrow();
    expect(check(route({ response: { 200: thing } }, true), answer(200, 'bytes', 'image/png'))).toThrow(/declared 200 is JSON, the answer is image\/png/);
  });

  it('leaves the edge CORS preflight and the HTML error page a browser asked for alone', () => {
    expect(() => checkResponse({ method: 'OPTIONS', url: '/api/things' }, undefined, answer(204, ''))).not.toThrow();
    const page = answer(503, '<!doctype html>', 'text/html; charset=utf-8');
    expect(() => checkResponse({ ...post, accept: 'text/html,application/xhtml+xml' }, route(), page)).not.toThrow();
    expect(check(route(), page)).toThrow(/default error is JSON, the answer is text\/html/);
  });

  it('reads no body of a HEAD request or a 204', () => {
    const r = route({ response: { 200: thing, 204: { type: 'null' } } });
    expect(() => checkResponse({ method: 'HEAD', url: '/api/things' }, r, answer(200, ''))).not.toThrow();
    expect(check(r, answer(204, ''))).not.toThrow();
  });
});
