/**
 * In-memory fakes of the core services, for unit tests of a mod's own code: call its `init`
 * with {@link initWithFakes}, then call its routes and tools directly and read what it logged,
 * stored or provided. Nothing here boots the kernel or touches a database; for the real path
 * (schemas, auth, the edge, migrations) use `startTestKernel` from `sdk/testing.ts`.
 */
import { toDisposable, type Disposable } from './disposable.js';
import type { ModDefinition, ModInitContext } from './define-mod.js';
import type { LoggerService, SecretsService, SettingsService, ToolBinding, ToolCallContext, ToolRegistrarService } from './core-services.js';
import type { RouteBinding, RouteRequest } from './http.js';
import type { ModManifest } from './manifest.js';
import type { ServiceRef } from './service-ref.js';

/** One captured log call. @public */
export interface LoggedEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  msg?: string;
}

/** A logger that keeps what it is given; `entries` is shared with its children. @public */
export interface FakeLogger extends LoggerService {
  readonly entries: LoggedEntry[];
}

/** @public */
export function fakeLogger(bindings: Record<string, unknown> = {}, entries: LoggedEntry[] = []): FakeLogger {
  const at =
    (level: LoggedEntry['level']) =>
    (obj: object | string, msg?: string): void => {
      if (typeof obj === 'string') entries.push({ level, fields: { ...bindings }, msg: obj });
      else entries.push({ level, fields: { ...bindings, ...(obj as Record<string, unknown>) }, msg });
    };
  return {
    entries,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (more) => fakeLogger({ ...bindings, ...more }, entries),
  };
}

/** A settings document in memory; `set` replaces it (no schema check: the kernel's is in `startTestKernel`). @public */
export function fakeSettings(initial: Record<string, unknown> = {}): SettingsService & { readonly value: Record<string, unknown> } {
  let value = structuredClone(initial);
  return {
    get value() {
      return value;
    },
    get: async <T>() => structuredClone(value) as T,
    set: async <T>(next: T) => {
      value = structuredClone(next) as Record<string, unknown>;
      return structuredClone(next);
    },
  };
}

/** Secrets in memory. @public */
export function fakeSecrets(initial: Record<string, string> = {}): SecretsService {
  const values = new Map(Object.entries(initial));
  return {
    get: async (name) => values.get(name),
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
    has: async (name) => values.has(name),
  };
}

/** A router that keeps the bindings so a test can call a route's handler directly. @public */
export interface FakeHttpRouter<Id extends string = string> {
  route(routeId: Id, binding: RouteBinding): Disposable;
  /** The ids bound now. */
  bound(): Id[];
  /**
   * Calls the handler of `routeId` with a request built from `request` (defaults: no params,
   * query or body, no headers, unauthenticated, a live signal). Schemas are not applied here.
   */
  call(routeId: Id, request?: Partial<RouteRequest<unknown, unknown, unknown>>): Promise<unknown>;
}

/** @public */
export function fakeHttpRouter<Id extends string = string>(): FakeHttpRouter<Id> {
  const bindings = new Map<Id, RouteBinding>();
  return {
    route(routeId, binding) {
      if (bindings.has(routeId)) throw new Error(`route ${routeId} is already bound`);
      bindings.set(routeId, binding);
      return toDisposable(() => void bindings.delete(routeId));
    },
    bound: () => [...bindings.keys()],
    async call(routeId, request = {}) {
      const binding = bindings.get(routeId);
      if (!binding) throw new Error(`route ${routeId} is not bound`);
      return binding.handler({
        method: 'GET',
        path: `/${routeId}`,
        params: {},
        query: {},
        body: undefined,
        headers: {},
        auth: { enabled: false, authenticated: false },
        signal: new AbortController().signal,
        requestId: 'test',
        ...request,
      });
    },
  };
}

/** A tool registrar that keeps the bindings so a test can invoke a tool directly. @public */
export interface FakeTools extends ToolRegistrarService {
  registered(): string[];
  /** Invokes tool `name` (input not validated here) with a test call context. */
  invoke(name: string, input: unknown, context?: Partial<ToolCallContext>): Promise<unknown>;
}

/** @public */
export function fakeTools(): FakeTools {
  const tools = new Map<string, ToolBinding>();
  return {
    register(name, binding) {
      if (tools.has(name)) throw new Error(`tool ${name} is already registered`);
      tools.set(name, binding);
      return toDisposable(() => void tools.delete(name));
    },
    registered: () => [...tools.keys()],
    async invoke(name, input, context = {}) {
      const tool = tools.get(name);
      if (!tool) throw new Error(`tool ${name} is not registered`);
      return tool.handler(input, { agentId: 'test-agent', sessionId: 'default', runId: 'test-run', signal: new AbortController().signal, ...context });
    },
  };
}

/** What {@link initWithFakes} hands back: the services the mod provided, and its cleanup. @public */
export interface FakeInit {
  /** The implementation the mod provided for `ref`, if any. */
  provided<T>(ref: ServiceRef<T>): T | undefined;
  /** Runs the function `init` returned and the disposers of what it provided. */
  dispose(): Promise<void>;
}

/**
 * Runs a mod's `init` with the deps a test passes (fakes above, or stand-ins of other mods'
 * services), keyed as in the mod's `deps`. @public
 */
export async function initWithFakes<D extends Record<string, ServiceRef<unknown>>>(
  definition: ModDefinition<D>,
  deps: { [K in keyof D]: D[K] extends ServiceRef<infer T> ? T : never },
  manifest: Partial<ModManifest> & { id: string } = { id: 'test-mod' },
): Promise<FakeInit> {
  const provided = new Map<string, unknown>();
  const context: ModInitContext = {
    modId: manifest.id,
    manifest: { name: manifest.id, version: '0.0.0', entry: 'src/index.ts', ...manifest } as ModManifest,
    provide: (ref, implementation) => {
      provided.set(ref.id, implementation);
      return toDisposable(() => void provided.delete(ref.id));
    },
  };
  const cleanup = await definition.init(deps as never, context);
  return {
    provided: <T>(ref: ServiceRef<T>) => provided.get(ref.id) as T | undefined,
    async dispose() {
      if (typeof cleanup === 'function') await cleanup();
      provided.clear();
    },
  };
}
