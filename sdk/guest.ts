/**
 * The SDK surface of a sandboxed mod: a mod installed from Git runs in an isolate and gets only
 * the capability functions below, made for what its manifest declares. Everything crosses the
 * boundary as plain JSON data; nothing here touches Node, so a mod author bundles this file into
 * the mod's single JavaScript module (or imports `svc:guest`, which the sandbox provides with the
 * same `defineGuestMod`).
 *
 * This file imports nothing on purpose: it must stay bundleable into an isolate.
 *
 * @packageDocumentation
 */

/** A JSON value as it crosses the sandbox boundary. @public */
export type GuestJson = null | boolean | number | string | GuestJson[] | { [key: string]: GuestJson };

/**
 * The projected request a sandboxed route handler receives: credentials headers
 * (`authorization`, `cookie`, `proxy-authorization`, `x-api-key`) are never in `headers`. @public
 */
export interface GuestRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, GuestJson>;
  body: GuestJson;
  headers: Record<string, string>;
  auth: { enabled: boolean; authenticated: boolean };
}

/** A JSON answer with a chosen status (2xx or 4xx), made by {@link GuestModApi.respond}. @public */
export interface GuestResponse {
  readonly status: number;
  readonly body: GuestJson;
}

/**
 * A route handler: returns plain JSON (objects, arrays, strings, finite numbers, booleans, null)
 * or a {@link GuestResponse}. Anything else (a function, a symbol, a cycle, a class instance, more
 * than 1 MiB) is refused with 502 `mod_response_invalid`. @public
 */
export type GuestRouteHandler = (request: GuestRequest) => unknown | Promise<unknown>;

/** Who calls a tool (the chat runtime's run). @public */
export interface GuestToolContext {
  agentId: string;
  sessionId: string;
  runId: string;
}

/** An agent tool: its input is validated against `inputSchema` by the kernel before the handler runs. @public */
export interface GuestToolBinding {
  inputSchema: Record<string, GuestJson>;
  handler: (input: any, context: GuestToolContext) => unknown | Promise<unknown>;
}

/** The mod's own key-value data (`"sandbox": { "data": true }`); values are JSON. @public */
export interface GuestData {
  /** The value, or undefined when the key is not set. */
  get<T extends GuestJson = GuestJson>(key: string): Promise<T | undefined>;
  /** Stores `value` (at most 64 KiB of JSON) under `key` (1–256 characters). */
  set(key: string, value: GuestJson): Promise<void>;
  /** True when a value was removed. */
  delete(key: string): Promise<boolean>;
  /** Keys in order, optionally those starting with `prefix` (at most `limit`, default and cap 1000). */
  keys(options?: { prefix?: string; limit?: number }): Promise<string[]>;
}

/** Options of {@link GuestModApi.fetch}. @public */
export interface GuestFetchInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  headers?: Record<string, string>;
  /** A string is sent as is; any other JSON value is sent as JSON with `content-type: application/json`. */
  body?: GuestJson;
}

/** An outbound answer; the body is read (text, at most 1 MiB) before the promise resolves. @public */
export interface GuestFetchResponse {
  status: number;
  ok: boolean;
  headers: Record<string, string>;
  text(): Promise<string>;
  json<T = GuestJson>(): Promise<T>;
}

/**
 * One of the mod's jobs as the operator's diagnostics show it
 * (`GET /api/diagnostics/mods/{modId}/jobs`): states and words, never a payload, prompt or
 * credential. At most 4 KiB of JSON; longer strings are cut when shown. @public
 */
export interface GuestJobReport {
  /** 1 to 128 characters of `A-Z a-z 0-9 _ -`; reporting the same id again replaces the report. */
  id: string;
  /** What kind of work, 1 to 64 characters. */
  kind: string;
  state: 'queued' | 'running' | 'retrying' | 'succeeded' | 'failed' | 'cancelled';
  /** ISO timestamps. */
  createdAt?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  attempts?: number;
  /** The last failure in words (shown up to 500 characters). */
  lastError?: string | null;
  /** Ids that say what the job is about (shown: up to 8, each up to 200 characters). */
  refs?: Record<string, string | number | null>;
}

/**
 * The mod's job reports (`contributes.diagnostics.jobs`). The kernel keeps the 200 most recently
 * reported while the mod runs; report again after the mod is enabled. @public
 */
export interface GuestJobs {
  /** Adds or replaces a job's report; refused (an Error with `code`) when it is not a valid report. */
  report(job: GuestJobReport): Promise<void>;
  /** True when a report was removed. */
  remove(id: string): Promise<boolean>;
}

/** The mod's logger: lines are labelled with the mod id by the kernel. @public */
export interface GuestLogger {
  debug(message: string, fields?: Record<string, GuestJson>): void;
  info(message: string, fields?: Record<string, GuestJson>): void;
  warn(message: string, fields?: Record<string, GuestJson>): void;
  error(message: string, fields?: Record<string, GuestJson>): void;
}

/**
 * What `init` receives. Members exist only when the manifest asks for them: `route` with
 * `contributes.routes`, `tool` with `contributes.tools`, `data` with `sandbox.data`, `fetch`
 * with `sandbox.egress`, `jobs` with `contributes.diagnostics.jobs`. `route` and `tool` may be
 * called only during `init`. @public
 */
export interface GuestModApi {
  readonly id: string;
  /** A copy of the mod's manifest. */
  readonly manifest: Record<string, GuestJson>;
  /** Binds a handler to a route id the manifest declares. */
  route(routeId: string, handler: GuestRouteHandler): void;
  /** Registers a tool the manifest declares; agents see it as `mod.<id>.<name>` once granted. */
  tool(name: string, binding: GuestToolBinding): void;
  /** A JSON answer with status 200–299 or 400–499. */
  respond(body: GuestJson, init?: { status?: number }): GuestResponse;
  data: GuestData;
  /** The mod's settings document (validated against `contributes.settings`, defaults filled in). */
  settings: { get<T = Record<string, GuestJson>>(): Promise<T> };
  /** The mod's secrets, as the operator set them. */
  secrets: { get(name: string): Promise<string | undefined> };
  log: GuestLogger;
  /** Outbound HTTP to the hosts `sandbox.egress` lists, through the kernel's egress guard; JSON or text only. */
  fetch(url: string, init?: GuestFetchInit): Promise<GuestFetchResponse>;
  /** Reports the mod's jobs to the operator's diagnostics. */
  jobs: GuestJobs;
}

/** A sandboxed mod's entry default export. @public */
export interface GuestModDefinition {
  readonly kind: 'svc-guest-mod';
  /** Called on enable; a returned function runs on disable (bounded, like every call). */
  init(mod: GuestModApi): void | (() => void | Promise<void>) | Promise<void | (() => void | Promise<void>)>;
}

/** Declares a sandboxed mod's code: `export default defineGuestMod({ init(mod) { … } })`. @public */
export function defineGuestMod(definition: { init: GuestModDefinition['init'] }): GuestModDefinition {
  return Object.freeze({ kind: 'svc-guest-mod' as const, init: definition.init });
}
