/**
 * Shared pieces of the settings route schemas. Request bodies never carry `default`: the
 * kernel validates bodies with ajv `useDefaults`, which would fill omitted fields and turn a
 * partial update into a reset. Defaults are stated in response schemas and descriptions.
 */
export type JsonSchema = Record<string, unknown>;

export const TAGS = ['settings'];

/** `{ok: true, <name>: schema}`: what every GET and PUT of this mod answers. */
export function okResponse(name: string, schema: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['ok', name],
    additionalProperties: false,
    properties: { ok: { const: true }, [name]: schema },
  };
}

/** A PUT body of optional fields: at least one, none unknown. */
export function partialBody<const P extends Record<string, JsonSchema>>(description: string, properties: P) {
  return { type: 'object', description, additionalProperties: false, minProperties: 1, properties } as const;
}

/** The same fields, all present, with their defaults as annotations (for responses). */
export function completeObject(properties: Record<string, JsonSchema>, defaults: Record<string, unknown>): JsonSchema {
  return {
    type: 'object',
    required: Object.keys(properties),
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, { ...schema, default: defaults[key] }])),
  };
}
