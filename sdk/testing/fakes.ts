/**
 * In-memory fakes of the core services, for unit tests of a mod's own code: call its `init`
 * with {@link initWithFakes}, then call its routes and tools directly and read what it logged,
 * stored or provided. Nothing here boots the kernel or touches a database; for the real path
 * (schemas, auth, the edge, migrations) use `startTestKernel` from `sdk/testing/index.ts`.
 */
import { toDisposable, type Disposable } from '../disposable.js';
import { checkChangeTopic } from '../change-topic.js';
import type { ModDefinition, ModInitContext } from '../define-mod.js';
import type { ChangeNotice, ChangesService, LoggerService, SecretsService, SettingsService, ToolBinding, ToolCallContext, ToolRegistrarService } from '../core-services.js';
import type { RouteBinding, RouteRequest } from '../http.js';
import type { ModManifest } from '../manifest.js';
import type { ServiceRef } from '../service-ref.js';

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

/** One notice a mod published through a {@link FakeChangeBus}. @public */
export interface PublishedChange {
  topic: string;
  key?: string;
}

const FAKE_CHANGE_BUS = Symbol('svc.fakeChangeBus');

/**
 * The change bus of one process, in memory. As a `ChangesService` it is a mod's view
 * (`publish(name)` announces `<modId>.<name>`); {@link initWithFakes} binds it to the mod it
 * initializes and drops that mod's subscriptions on `dispose`, as the kernel does on disable.
 * @public
 */
export interface FakeChangeBus extends ChangesService {
  readonly [FAKE_CHANGE_BUS]: true;
  /** Every notice published on this bus (by any mod bound to it), in order. */
  readonly published: PublishedChange[];
  /** What subscribers threw (the real bus logs it and goes on with the others, as this one does). */
  readonly failures: unknown[];
  /** The same bus as mod `modId` sees it: several mods of one process share one bus. */
  forMod(modId: string): ChangesService & Disposable;
  /** Delivers a notice another process published (`local: false`), as the real bus does when its NOTIFY arrives. */
  receive(topic: string, key?: string): void;
  /** The listening connection was re-established: every topic with a subscriber hears `resync: true`. */
  resync(): void;
  /** The topics with a subscriber now. */
  subscribed(): string[];
}

/**
 * A change bus with the real one's delivery: a publish reaches this process's subscribers at
 * once (`local: true`, before `publish` resolves); {@link FakeChangeBus.receive} and
 * {@link FakeChangeBus.resync} play what another process or a lost connection would cause.
 * Topics and keys are checked by the real bus's rule. @public
 */
export function fakeChanges(modId = 'test-mod'): FakeChangeBus {
  type Listener = (notice: ChangeNotice) => void;
  const listeners = new Map<string, Set<Listener>>();
  const published: PublishedChange[] = [];
  const failures: unknown[] = [];
  const deliver = (notice: ChangeNotice) => {
    for (const listener of [...(listeners.get(notice.topic) ?? [])]) {
      try {
        listener(notice);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  const notice = (topic: string, key: string | undefined, local: boolean): ChangeNotice => (key === undefined ? { topic, local, resync: false } : { topic, key, local, resync: false });
  const forMod = (owner: string): ChangesService & Disposable => {
    const mine = new Set<Disposable>();
    return {
      async publish(name, key) {
        const topic = `${owner}.${name}`;
        checkChangeTopic(topic, key);
        published.push(key === undefined ? { topic } : { topic, key });
        deliver(notice(topic, key, true));
      },
      subscribe(topic, listener) {
        checkChangeTopic(topic);
        let set = listeners.get(topic);
        if (!set) listeners.set(topic, (set = new Set()));
        set.add(listener);
        const subscription = toDisposable(() => {
          mine.delete(subscription);
          const current = listeners.get(topic);
          current?.delete(listener);
          if (current?.size === 0) listeners.delete(topic);
        });
        mine.add(subscription);
        return subscription;
      },
      dispose() {
        for (const subscription of [...mine]) void subscription.dispose();
      },
    };
  };
  const own = forMod(modId);
  return {
    [FAKE_CHANGE_BUS]: true,
    published,
    failures,
    publish: own.publish,
    subscribe: own.subscribe,
    forMod,
    receive(topic, key) {
      checkChangeTopic(topic, key);
      deliver(notice(topic, key, false));
    },
    resync() {
      for (const topic of [...listeners.keys()]) deliver({ topic, local: false, resync: true });
    },
    subscribed: () => [...listeners.keys()],
  };
}

function isFakeChangeBus(value: unknown): value is FakeChangeBus {
  return typeof value === 'object' && value !== null && FAKE_CHANGE_BUS in value;
}

/** What {@link initWithFakes} hands back: the services the mod provided, and its cleanup. @public */
export interface FakeInit {
  /** The implementation the mod provided for `ref`, if any. */
  provided<T>(ref: ServiceRef<T>): T | undefined;
  /** Runs the function `init` returned, the disposers of what it provided, and drops its change subscriptions. */
  dispose(): Promise<void>;
}

/**
 * Runs a mod's `init` with the deps a test passes (fakes above, or stand-ins of other mods'
 * services), keyed as in the mod's `deps`. A {@link fakeChanges} bus among them is handed to the
 * mod bound to its id, as the kernel binds `coreServices.changes`. @public
 */
export async function initWithFakes<D extends Record<string, ServiceRef<unknown>>>(
  definition: ModDefinition<D>,
  deps: { [K in keyof D]: D[K] extends ServiceRef<infer T> ? T : never },
  manifest: Partial<ModManifest> & { id: string } = { id: 'test-mod' },
): Promise<FakeInit> {
  const provided = new Map<string, unknown>();
  const scoped: Disposable[] = [];
  const bound = Object.fromEntries(
    Object.entries(deps).map(([name, value]) => {
      if (!isFakeChangeBus(value)) return [name, value];
      const view = value.forMod(manifest.id);
      scoped.push(view);
      return [name, view];
    }),
  );
  const context: ModInitContext = {
    modId: manifest.id,
    manifest: { name: manifest.id, version: '0.0.0', entry: 'src/index.ts', ...manifest } as ModManifest,
    provide: (ref, implementation) => {
      provided.set(ref.id, implementation);
      return toDisposable(() => void provided.delete(ref.id));
    },
  };
  const cleanup = await definition.init(bound as never, context);
  return {
    provided: <T>(ref: ServiceRef<T>) => provided.get(ref.id) as T | undefined,
    async dispose() {
      if (typeof cleanup === 'function') await cleanup();
      provided.clear();
      for (const view of scoped) await view.dispose();
    },
  };
}
