/**
 * `web/src/lib/api-types.ts` matches the OpenAPI document the server publishes: the UI's
 * response types are aliases of it, so it must not lag a route's schema (`npm run gen:api-types`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesText } from '../../scripts/api-types.js';

describe('generated API types', () => {
  it(`${path.relative(process.cwd(), API_TYPES_FILE)} is current`, async () => {
    const text = await apiTypesText();
    expect(existsSync(API_TYPES_FILE) ? readFileSync(API_TYPES_FILE, 'utf8') : undefined, 'run `npm run gen:api-types`').toBe(text);
  });
});
