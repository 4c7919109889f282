/**
 * Each system mod's `src/route-ids.ts` matches its `mod.json`: the union that makes binding an
 * undeclared route id a compile error must not lag the manifest (`npm run gen:route-ids`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeIdFiles } from '../../scripts/route-ids.js';

describe('generated route ids', () => {
  for (const { file, text } of routeIdFiles()) {
    it(`${path.relative(process.cwd(), file)} is current`, () => {
      expect(existsSync(file) ? readFileSync(file, 'utf8') : undefined, 'run `npm run gen:route-ids`').toBe(text);
    });
  }
});
