/**
 * Builds the OpenAPI 3.1.0 document from the live route catalog: the same schemas that
 * validate requests describe them here, so the contract cannot drift from the code.
 */
import { ERROR_BODY_SCHEMA, type PublishedRoute, type RouteCatalogService, type RuntimeInfoService } from '../../../../sdk/index.js';

type Schema = Record<string, unknown>;

function parameters(route: PublishedRoute): Schema[] {
  const out: Schema[] = [];
  const add = (location: 'path' | 'query', schema: Schema | undefined) => {
    const props = (schema?.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema?.required as string[] | undefined) ?? []);
    for (const [name, propSchema] of Object.entries(props)) {
      out.push({ name, in: location, required: location === 'path' || required.has(name), schema: propSchema });
    }
  };
  add('path', route.schema?.params);
  add('query', route.schema?.querystring);
  // Path templates are authoritative: a parameter without a schema is still listed.
  for (const match of route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
    if (!out.some((p) => p.in === 'path' && p.name === match[1])) {
      out.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  return out;
}

function responses(route: PublishedRoute, errorCodes: string[]): Schema {
  const out: Schema = {};
  for (const [status, schema] of Object.entries(route.schema?.response ?? {})) {
    // A status (`201`) or an OpenAPI range (`2XX`, `4XX`: a sandboxed mod's own answers).
    out[status] = { description: /^[45]/.test(status) ? 'Error' : 'Success', content: { 'application/json': { schema } } };
  }
  if (Object.keys(out).length === 0) out['200'] = { description: 'Success' };
  out.default = {
    description: `Error (${errorCodes.length} catalogued codes; see x-svc-error-codes)`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return out;
}

export function buildOpenApi(runtime: RuntimeInfoService, catalog: RouteCatalogService): Schema {
  const errorCodes = catalog.errorCodes();
  const codes = Object.keys(errorCodes).sort();
  const paths: Record<string, Record<string, Schema>> = {};
  const routes = catalog.list().sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    const operation: Schema = {
      operationId: `${route.modId}.${route.routeId}`,
      summary: route.schema?.summary ?? route.summary,
      description: route.schema?.description,
      tags: route.schema?.tags ?? [route.modId],
      parameters: parameters(route),
      responses: responses(route, codes),
      'x-svc-mod': route.modId,
      'x-svc-deadline-ms': route.deadlineMs,
      ...(route.public ? { 'x-svc-public': true } : {}),
    };
    if (route.schema?.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: route.schema.body } } };
    }
    item[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc',
      version: runtime.version,
      description: 'Self-hosted runtime for AI agents. Generated from the schemas that validate each route.',
    },
    paths,
    components: { schemas: { Error: ERROR_BODY_SCHEMA } },
    'x-svc-build-identity': runtime.buildIdentity,
    'x-svc-error-codes': Object.fromEntries(codes.map((code) => [code, errorCodes[code]!.status])),
  };
}
