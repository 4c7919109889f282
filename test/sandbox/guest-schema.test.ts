/**
 * The kernel's checks of schemas untrusted mods supply: a tool's input schema is bounded JSON
 * (compiled only in the sandbox process); a schema the kernel itself compiles (settings,
 * extension points) has no guest-chosen regular expression and no place in the shared `$id` space.
 */
import { describe, expect, it } from 'vitest';
import { guestSchemaProblem, MAX_GUEST_SCHEMA_BYTES, MAX_GUEST_SCHEMA_DEPTH, untrustedSchemaProblems } from '../../kernel/mods/isolate/guest-schema.js';

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

describe('untrustedSchemaProblems', () => {
  it('accepts the settings a form needs, a field named "pattern" and local references', () => {
    const settings = {
      type: 'object',
      additionalProperties: false,
      $defs: { name: { type: 'string', maxLength: 40 } },
      properties: {
        pattern: { type: 'string', maxLength: 20, default: 'x' },
        owner: { $ref: '#/$defs/name' },
        mode: { enum: ['a', 'b'] },
        url: { type: 'string', format: 'uri' },
        limits: { type: 'array', items: { type: 'integer', minimum: 0 } },
      },
    };
    expect(untrustedSchemaProblems(settings, 'contributes.settings')).toEqual([]);
  });

  it('refuses guest regular expressions wherever a subschema may stand', () => {
    const problems = untrustedSchemaProblems(
      {
        type: 'object',
        properties: { s: { type: 'string', pattern: '^(a+)+$' } },
        patternProperties: { '^x': {} },
        items: [{ anyOf: [{ pattern: 'a' }] }],
        propertyNames: { pattern: '^(a|a)*$' },
      },
      'contributes.settings',
    );
    expect(problems).toEqual([
      expect.stringMatching(/^contributes\.settings: "patternProperties"/),
      expect.stringMatching(/^contributes\.settings\/properties\/s: "pattern"/),
      expect.stringMatching(/^contributes\.settings\/items\/0\/anyOf\/0: "pattern"/),
      expect.stringMatching(/^contributes\.settings\/propertyNames: "pattern"/),
    ]);
  });

  it('refuses a name in the shared $id space and references that leave the schema', () => {
    expect(untrustedSchemaProblems({ $id: 'https://svc.example/settings/other-mod', type: 'object' }, 's')).toEqual([expect.stringMatching(/"\$id" is not accepted/)]);
    expect(untrustedSchemaProblems({ properties: { a: { $anchor: 'a' } } }, 's')).toEqual([expect.stringMatching(/\/properties\/a: "\$anchor"/)]);
    expect(untrustedSchemaProblems({ properties: { a: { $ref: 'https://svc.example/settings/other-mod' } } }, 's')).toEqual([expect.stringMatching(/"\$ref" may only point inside/)]);
  });
});
