/**
 * The kernel's check of a tool's input schema an untrusted mod supplies: bounded JSON, compiled
 * only in the sandbox process. (The subset the kernel itself compiles, an installed mod's
 * settings schema, is `untrusted-manifest.ts`'s, tested with hostile Git releases.)
 */
import { describe, expect, it } from 'vitest';
import { guestSchemaProblem, MAX_GUEST_SCHEMA_BYTES, MAX_GUEST_SCHEMA_DEPTH } from '../../kernel/mods/isolate/guest-schema.js';

describe('guestSchemaProblem', () => {
  it('accepts a bounded JSON object, patterns included (they run in the sandbox process)', () => {
    expect(guestSchemaProblem({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } })).toBeUndefined();
  });

  it('refuses what is not an object, too deep or too large', () => {
    expect(guestSchemaProblem([])).toMatch(/not a JSON object/);
    expect(guestSchemaProblem('x')).toMatch(/not a JSON object/);
    let deep: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < MAX_GUEST_SCHEMA_DEPTH + 5; i++) deep = { not: deep };
    expect(guestSchemaProblem(deep)).toMatch(/deeper than/);
    expect(guestSchemaProblem({ description: 'x'.repeat(MAX_GUEST_SCHEMA_BYTES) })).toMatch(/larger than/);
  });
});
