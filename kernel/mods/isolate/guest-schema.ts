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
