/**
 * The kernel's only look at a schema a sandboxed mod supplies (a tool's `inputSchema`): it is
 * plain JSON data of bounded size and depth, which is all the kernel needs to hand it to a model
 * as the tool's description. It is never compiled here: its `pattern`s are the mod's code, and a
 * catastrophic one would stop the kernel's event loop. The sandbox process compiles and runs it
 * with an Ajv of its own (`sandbox-worker.mjs`), under the call's deadline.
 */

/** A tool's input schema as JSON text (the guest runtime bounds it the same way). */
export const MAX_GUEST_SCHEMA_BYTES = 64 * 1024;
/** Nesting of a guest schema; deeper is refused before anything walks it recursively. */
export const MAX_GUEST_SCHEMA_DEPTH = 64;

/** Why `schema` is not an acceptable guest schema, or undefined when it is. */
export function guestSchemaProblem(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'it is not a JSON object';
  // Iterative: the depth bound must hold before any recursive walk (JSON.stringify included).
  const stack: Array<{ value: unknown; depth: number }> = [{ value: schema, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_GUEST_SCHEMA_DEPTH) return `it nests deeper than ${MAX_GUEST_SCHEMA_DEPTH} levels`;
    for (const item of Object.values(value)) stack.push({ value: item, depth: depth + 1 });
  }
  if (Buffer.byteLength(JSON.stringify(schema)) > MAX_GUEST_SCHEMA_BYTES) return `it is larger than ${MAX_GUEST_SCHEMA_BYTES} bytes`;
  return undefined;
}

/** Keywords whose value is a map of names to subschemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'];
/** Keywords whose value is a subschema or a list of them. */
const SCHEMA_VALUES = ['items', 'prefixItems', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'allOf', 'anyOf', 'oneOf'];
/** A regular expression the schema's author chooses: run by the validator against every value. */
const PATTERN_KEYWORDS = ['pattern', 'patternProperties'];
/** Names a schema gives itself in the validator's registry: shared by every schema of that instance. */
const IDENTITY_KEYWORDS = ['$id', 'id', '$anchor', '$dynamicAnchor', '$recursiveAnchor'];
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

/**
 * Why the kernel may not compile `schema` from an untrusted mod (a Git install's
 * `contributes.settings` or extension point schema: the kernel validates settings and
 * contributions with its own, shared Ajv instances), empty when it may. The subset has no
 * guest-chosen regular expression (`pattern`, `patternProperties`: a catastrophic one stops the
 * event loop) and takes no place in the validator's shared `$id` space (no `$id` or anchor, no
 * `$ref` outside the schema itself), on top of the bounds of {@link guestSchemaProblem}.
 */
export function untrustedSchemaProblems(schema: unknown, where: string): string[] {
  const bounded = guestSchemaProblem(schema);
  if (bounded) return [`${where}: ${bounded}`];
  const problems: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (typeof node === 'boolean' || node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const keywords = node as Record<string, unknown>;
    for (const keyword of PATTERN_KEYWORDS) {
      if (keyword in keywords) problems.push(`${where}${at}: "${keyword}" is not accepted (a regular expression would run in the service's own process)`);
    }
    for (const keyword of IDENTITY_KEYWORDS) {
      if (keyword in keywords) problems.push(`${where}${at}: "${keyword}" is not accepted (schema names are shared with other mods' schemas)`);
    }
    for (const keyword of REFERENCE_KEYWORDS) {
      const ref = keywords[keyword];
      if (ref !== undefined && (typeof ref !== 'string' || !ref.startsWith('#'))) problems.push(`${where}${at}: "${keyword}" may only point inside the schema ("#…")`);
    }
    for (const keyword of SCHEMA_MAPS) {
      const map = keywords[keyword];
      if (map !== null && typeof map === 'object' && !Array.isArray(map)) {
        for (const [name, sub] of Object.entries(map)) visit(sub, `${at}/${keyword}/${name}`);
      }
    }
    for (const keyword of SCHEMA_VALUES) {
      const value = keywords[keyword];
      if (Array.isArray(value)) value.forEach((sub, i) => visit(sub, `${at}/${keyword}/${i}`));
      else visit(value, `${at}/${keyword}`);
    }
    const dependencies = keywords.dependencies;
    if (dependencies !== null && typeof dependencies === 'object' && !Array.isArray(dependencies)) {
      for (const [name, sub] of Object.entries(dependencies)) if (!Array.isArray(sub)) visit(sub, `${at}/dependencies/${name}`);
    }
  };
  visit(schema, '');
  return problems;
}
