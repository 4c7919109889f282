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

/**
 * The validators of one route, each compiled on its first use and kept: a process compiles the
 * schemas of the routes it serves, not all of them at start (compiling every route's schemas
 * took a large share of a start's CPU). A schema ajv cannot compile fails its route's first request
 * with a 500, and {@link compileRouteValidatorsNow} (used by the route contract test) finds it first.
 */
export function compileRouteValidators(schema: { params?: object; querystring?: object; body?: object }): CompiledRouteValidators {
  const validators: CompiledRouteValidators = {};
  const lazily = (name: keyof CompiledRouteValidators, part: object | undefined, ajv: Ajv.default) => {
    if (!part) return;
    Object.defineProperty(validators, name, {
      enumerable: true,
      configurable: true,
      get() {
        const compiled = ajv.compile(part);
        Object.defineProperty(validators, name, { value: compiled, enumerable: true });
        return compiled;
      },
    });
  };
  lazily('params', schema.params, textAjv);
  lazily('querystring', schema.querystring, queryAjv);
  lazily('body', schema.body, bodyAjv);
  return validators;
}

/** Compiles every validator of `validators` now (throws what ajv throws). */
export function compileRouteValidatorsNow(validators: CompiledRouteValidators): void {
  void validators.params;
  void validators.querystring;
  void validators.body;
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
