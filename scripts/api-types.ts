/**
 * Writes `web/src/lib/api-types.ts`: the TypeScript types of the HTTP API as the server publishes
 * it at `/api/openapi.json`, so the UI's response types follow the server's schemas instead of
 * being kept by hand. Boots the kernel in process with every system mod on a fresh in-memory
 * PGlite, reads the document through `inject` and renders it with openapi-typescript.
 * test/unit/api-types.test.ts fails when the committed file is stale. Run
 * `npm run gen:api-types` after changing a route's schema.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { startTestKernel } from '../sdk/testing/index.js';

export const API_TYPES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src', 'lib', 'api-types.ts');

const HEADER = '// Generated from /api/openapi.json by `npm run gen:api-types`; do not edit.\n\n';

/** The OpenAPI document of a kernel running every system mod. */
export async function fetchOpenApiDocument(): Promise<Record<string, unknown>> {
  const t = await startTestKernel();
  try {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  } finally {
    await t.close();
  }
}

/** The generated file's text for an OpenAPI document. */
export async function renderApiTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as never, { alphabetize: false, silent: true });
  return HEADER + astToString(ast);
}

/** What `web/src/lib/api-types.ts` should hold, from a freshly booted kernel. */
export async function apiTypesText(): Promise<string> {
  return renderApiTypes(await fetchOpenApiDocument());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await apiTypesText();
  if (!existsSync(API_TYPES_FILE) || readFileSync(API_TYPES_FILE, 'utf8') !== text) {
    writeFileSync(API_TYPES_FILE, text);
    console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
  } else {
    console.log(`${path.relative(process.cwd(), API_TYPES_FILE)} is current`);
  }
}
