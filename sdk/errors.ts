/**
 * The error mechanism shared by the kernel and every mod: a catalogued error has a stable
 * `code`, the HTTP `status` the spec names, and a message template. The edge renders any
 * {@link SvcError} as `{ ok: false, error: code, message }` with its status.
 *
 * @packageDocumentation
 */

/** Values interpolated into a message template (`"Mod {modId} not found"`). @public */
export type ErrorParams = Record<string, string | number | boolean | undefined>;

/** One catalogue entry: HTTP status and message template. @public */
export interface ErrorDefinition {
  /** HTTP status the edge answers with. */
  status: number;
  /** Message template; `{name}` is replaced by the matching parameter. */
  message: string;
}

/**
 * An error with a catalogued code. Throw it from a route handler or service and the edge
 * answers with its status and code; tests assert `code`, never message text.
 * @public
 */
export class SvcError extends Error {
  /** Stable machine-readable code, e.g. `mod_not_found`. */
  readonly code: string;
  /** HTTP status from the catalogue. */
  readonly status: number;
  /** Extra JSON fields added to the error body (never secrets). */
  readonly details?: Record<string, unknown>;
  /** Headers the edge sets on the error response (e.g. `WWW-Authenticate`). */
  readonly headers?: Record<string, string>;

  constructor(code: string, status: number, message: string, options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SvcError';
    this.code = code;
    this.status = status;
    this.details = options.details;
    this.headers = options.headers;
  }
}

/**
 * The body every error answer carries (`{ok: false, error, message}` plus the error's details):
 * the `Error` component of the published OpenAPI document, the answer of any status a route
 * does not declare itself. @public
 */
export const ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['ok', 'error', 'message'],
  properties: {
    ok: { const: false },
    error: { type: 'string', description: 'Stable error code' },
    message: { type: 'string' },
  },
} as const;

/** True when `value` is a catalogued error (works across module copies). @public */
export function isSvcError(value: unknown): value is SvcError {
  return (
    value instanceof SvcError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { name?: unknown }).name === 'SvcError' &&
      typeof (value as { code?: unknown }).code === 'string' &&
      typeof (value as { status?: unknown }).status === 'number')
  );
}

/** Options accepted by every generated error factory. @public */
export interface ErrorFactoryOptions {
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A factory per catalogue entry: `errors.modNotFound({ modId })`. @public */
export type ErrorFactories<T extends Record<string, ErrorDefinition>> = {
  [K in keyof T]: (params?: ErrorParams, options?: ErrorFactoryOptions) => SvcError;
};

/**
 * A catalogue plus its factories; `entries` lists `code → definition` for docs and checks.
 * A catalogue is a plain value: defining one registers nothing. The kernel's error registry
 * learns a mod's codes from `defineMod({ errors: [catalog] })` when the mod is loaded.
 * @public
 */
export type ErrorCatalog<T extends Record<string, ErrorDefinition>> = ErrorFactories<T> & CatalogEntries;

/** What the host reads from any catalogue: its `code → definition` entries. @public */
export interface CatalogEntries {
  readonly entries: Readonly<Record<string, ErrorDefinition>>;
}

const camelToSnake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Replaces `{name}` placeholders; unknown placeholders stay visible so a missing param shows. */
export function renderMessage(template: string, params: ErrorParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Builds a catalogue from `camelCaseName → {status, message}`. The code of each entry is the
 * snake_case form of its name (`modNotFound` → `mod_not_found`), so codes cannot drift from
 * the factory names. Nothing is registered: whether a code clashes with another catalogue's is
 * checked by the kernel's error registry when the catalogue is handed to it.
 * @public
 */
export function defineErrorCatalog<T extends Record<string, ErrorDefinition>>(definitions: T): ErrorCatalog<T> {
  const factories: Record<string, unknown> = {};
  const entries: Record<string, ErrorDefinition> = {};
  for (const [name, def] of Object.entries(definitions)) {
    const code = camelToSnake(name);
    if (!Number.isInteger(def.status) || def.status < 400 || def.status > 599) {
      throw new TypeError(`error ${code}: status ${def.status} is not an HTTP error status`);
    }
    entries[code] = Object.freeze({ status: def.status, message: def.message });
    factories[name] = (params?: ErrorParams, options: ErrorFactoryOptions = {}) => new SvcError(code, def.status, renderMessage(def.message, params), options);
  }
  Object.defineProperty(factories, 'entries', { value: Object.freeze(entries), enumerable: false });
  return Object.freeze(factories) as ErrorCatalog<T>;
}
