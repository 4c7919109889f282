/**
 * Compiles route schemas with ajv. Query strings and path parameters arrive as text, so their
 * validator coerces types; bodies are validated as sent. Unknown query parameters are dropped,
 * not refused (clients send ids of their own context along with every request); bodies stay strict.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

// Bodies get no defaults filled in: a `default` in a PUT schema would silently turn a partial
// update into a reset. Query strings and path parameters do (they are read, not stored).
const bodyAjv = addFormats.default(new Ajv.default({ allErrors: false, strict: false }));
const textAjv = addFormats.default(new Ajv.default({ allErrors: false, strict: false, useDefaults: true, coerceTypes: 'array' }));
// `removeAdditional: true` removes, where a schema says `additionalProperties: false`, the keys
// it does not name instead of failing: the handler never sees them, known keys are still checked.
const queryAjv = addFormats.default(new Ajv.default({ allErrors: false, strict: false, useDefaults: true, coerceTypes: 'array', removeAdditional: true }));

export interface CompiledRouteValidators {
  params?: ValidateFunction;
  querystring?: ValidateFunction;
  body?: ValidateFunction;
}

export function compileRouteValidators(schema: { params?: object; querystring?: object; body?: object }): CompiledRouteValidators {
  return {
    params: schema.params ? textAjv.compile(schema.params) : undefined,
    querystring: schema.querystring ? queryAjv.compile(schema.querystring) : undefined,
    body: schema.body ? bodyAjv.compile(schema.body) : undefined,
  };
}

/** One readable line from ajv's first error: `/name must be string`. */
export function describeValidationError(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'invalid value';
  const where = first.instancePath || (first.params as { missingProperty?: string }).missingProperty || '';
  if (first.keyword === 'required') return `missing required field ${(first.params as { missingProperty: string }).missingProperty}`;
  if (first.keyword === 'additionalProperties') {
    return `unknown field ${(first.params as { additionalProperty: string }).additionalProperty}`;
  }
  return `${where || 'value'} ${first.message ?? 'is invalid'}`.trim();
}

export { bodyAjv };
