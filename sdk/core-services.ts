/**
 * The services the kernel offers mods, as typed refs. Mod-scoped services are built per mod
 * (labelled logger, the mod's tables, its router, its settings); root services that reveal
 * more than the mod's own data require a capability listed in the manifest.
 */
import type { Knex } from 'knex';
import type { Disposable } from './disposable.js';
import type { HookTapFn, KernelHookName } from './hooks.js';
import type { RouteBinding } from './http.js';
import type { ModManifest } from './manifest.js';
import type { TransactionOptions, UnitOfWork } from './unit-of-work.js';
import { createServiceRef, type ServiceRef } from './service-ref.js';

/** Structured logger (pino-compatible call shapes). @public */
export interface LoggerService {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): LoggerService;
}

/** How vectors are stored on this database. @public */
export interface VectorSupport {
  /** `pgvector` when `CREATE EXTENSION vector` succeeded, else vectors go in `real[]`. */
  storage: 'pgvector' | 'real[]';
}

/** The mod's view of the database. @public */
export interface ModDatabaseService {
  /** Shared knex; by convention a mod touches only tables named by {@link ModDatabaseService.table}. */
  knex: Knex;
  /** `pglite` (embedded) or `postgres`. */
  driver: 'pglite' | 'postgres';
  vector: VectorSupport;
  /** `pg_trgm` is installed (GIN trigram indexes are available). */
  trigram: boolean;
  /** The mod's table name for `name`: `<mod_id>_<name>` with hyphens as underscores. */
  table(name: string): string;
  /**
   * Runs `fn` in one transaction: all of it commits or none of it. With `join`, `fn` runs in
   * the live transaction another mod handed over as a {@link UnitOfWork}, through a view checked
   * against this mod's tables: it commits with the owner's, and a throw rolls all of it back.
   * A token that is not live (ended, unknown) is refused with `mod_unit_of_work_unknown`.
   */
  transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * A token for `trx` (a live transaction of this mod) that another mod joins: pass it in a hook
   * event or a provided-service call instead of the transaction. Valid until `trx` ends.
   */
  unitOfWork(trx: Knex.Transaction): UnitOfWork;
}

/**
 * Binds handlers to the routes the manifest declares. `Id` is the ids it accepts at compile
 * time: a mod's generated `RouteId` union (`src/route-ids.ts`, made from `mod.json`) through
 * {@link httpRouterFor}, or any string through `coreServices.httpRouter`. @public
 */
export interface HttpRouterService<Id extends string = string> {
  /** Binds `binding` to declared route `routeId`; an undeclared id is refused. */
  route<B = any, Q = any, P = any>(routeId: Id, binding: RouteBinding<B, Q, P>): Disposable;
}

/** Taps the kernel's lifecycle hooks; the tap is named after the mod and removed on disable. @public */
export interface HooksService {
  /** Taps hook `name`; the manifest must list it in `uses.hooks`. */
  tap<K extends KernelHookName>(name: K, fn: HookTapFn<K>): Disposable;
}

/** The mod's settings document, validated against the manifest's `contributes.settings` schema. @public */
export interface SettingsService {
  get<T = Record<string, unknown>>(): Promise<T>;
  set<T = Record<string, unknown>>(value: T): Promise<T>;
}

/** The mod's write-only secrets, encrypted at rest. @public */
export interface SecretsService {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  has(name: string): Promise<boolean>;
}

/**
 * Who calls a tool: the chat runtime passes the run's agent, session and run id. Tool calls are
 * runtime actions, never operator actions (Brains, for one, refuses runtime edits of
 * operator-owned records). @public
 */
export interface ToolCallContext {
  agentId: string;
  sessionId: string;
  runId: string;
  /** Aborted when the run is cancelled or the tool's bound elapses. */
  signal: AbortSignal;
}

/**
 * An agent tool handler. `input` has already been validated against `inputSchema`; the
 * returned value (JSON-serializable) goes back to the model. Throw an `SvcError` for a refusal
 * the model should read (its code and message are shown to the model). @public
 */
export interface ToolBinding {
  inputSchema: Record<string, unknown>;
  handler: (input: any, context: ToolCallContext) => unknown | Promise<unknown>;
}

/** Registers the tools the manifest declares, as `mod.<id>.<name>`. @public */
export interface ToolRegistrarService {
  register(name: string, binding: ToolBinding): Disposable;
}

/** A registered tool as the tool catalog lists it. @public */
export interface RegisteredTool {
  /** Full name, `mod.<id>.<name>`. */
  name: string;
  modId: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  invoke(input: unknown, context: ToolCallContext): Promise<unknown>;
}

/** Every enabled mod's tools (for the chat runtime and grants). @public */
export interface ToolCatalogService {
  list(): RegisteredTool[];
  get(name: string): RegisteredTool | undefined;
}

/** Sanitized opt-in diagnostics a mod offers. @public */
export interface ModDiagnosticsProvider {
  pending?(): Promise<unknown[]>;
  jobs?(): Promise<unknown[]>;
  job?(jobId: string): Promise<unknown | undefined>;
}

/** Offers the mod's diagnostics (the manifest must opt in). @public */
export interface DiagnosticsService {
  provide(provider: ModDiagnosticsProvider): Disposable;
}

/** Facts about this runtime build and process. @public */
export interface RuntimeInfoService {
  runtime: 'svc';
  version: string;
  /** Content hash of the shipped code. */
  buildIdentity: string;
  releaseProvenance?: { assembly?: string; backend?: string; ui?: string };
  startedAt: Date;
  dataDir: string;
  /** A random id of this process, stable for its life (tells processes on one database apart). */
  instanceId: string;
  /** Matches the configured smoke token in constant time; false when none is configured. */
  smokeTokenMatches(candidate: string | undefined): boolean;
}

/** A change a process made that invalidates what caches elsewhere hold. @public */
export interface ChangeNotice {
  /** `<modId>.<name>` of the publisher (the kernel's own are `kernel.<name>`). */
  topic: string;
  /** What changed (e.g. an id); absent: anything under the topic. */
  key?: string;
  /** True when this process published it (delivered at once, before publish resolves). */
  local: boolean;
  /** True when notices may have been lost (the listening connection was re-established): drop everything derived from the topic. */
  resync: boolean;
}

/**
 * Announces changes to every process on one database so their caches drop stale entries
 * (PostgreSQL LISTEN/NOTIFY; in-process on embedded PGlite). @public
 */
export interface ChangesService {
  /** Announces, after the write committed, that `name` (optionally one `key`, ≤ 200 chars) changed: every process's subscribers of `<modId>.<name>` run; this process's at once. */
  publish(name: string, key?: string): Promise<void>;
  /** Runs `listener` for every notice of `topic` (a full `<modId>.<name>`, another mod's too); the disposer also runs when the mod is disabled. */
  subscribe(topic: string, listener: (notice: ChangeNotice) => void): Disposable;
}

/** A mod as the catalog reports it. @public */
export interface ModStatus {
  id: string;
  name: string;
  version: string;
  description?: string;
  system: boolean;
  /** `loaded` (enabled and running), `disabled`, or `failed` (with `error`). */
  status: 'loaded' | 'disabled' | 'failed';
  error?: { code: string; message: string };
  ui: { control?: { title: string }; settings?: { title: string }; archive?: { title: string }; setup?: { title: string } };
}

/** Read access to the mod catalog. @public */
export interface ModCatalogService {
  list(): ModStatus[];
  get(modId: string): ModStatus | undefined;
  /** The validated manifest of an installed mod. */
  manifest(modId: string): Readonly<ModManifest> | undefined;
}

/** Request metrics per declared route, bounded in size. @public */
export interface MetricsService {
  snapshot(): Record<string, unknown>;
}

/** Database reachability and extension facts (never a password or connection string). @public */
export interface DatabaseDescription {
  ok: boolean;
  driver: 'pglite' | 'postgres';
  available: boolean;
  latencyMs?: number;
  serverVersion?: string;
  vector: { installed: boolean; storage: 'pgvector' | 'real[]' };
  trigram: { installed: boolean };
  error?: string;
}

/** Describes the database. @public */
export interface DatabaseInfoService {
  describe(): Promise<DatabaseDescription>;
}

/** A route as published in the contract. @public */
export interface PublishedRoute {
  modId: string;
  routeId: string;
  method: string;
  path: string;
  public: boolean;
  deadlineMs: number;
  schema?: import('./http.js').RouteSchema;
  summary?: string;
}

/** The saved interactive-auth settings as plain data (what `PUT /api/settings/ui-auth` takes, minus secrets). @public */
export interface UiAuthSettingsData {
  mode: 'none' | 'trusted-proxy' | 'basic' | 'oidc';
  trustedProxy: { allowedProxies: string[]; identityHeader: string };
  basic: { username: string | null };
  oidc: { issuer: string | null; clientId: string | null; redirectUri: string | null; allowedEmails: string[]; allowedDomains: string[] };
}

/**
 * The kernel's interactive-auth settings for moving them between installations (the export
 * mod's `ui-auth` category). The secrets are the Basic password's hash and the OIDC client
 * secret: they must go nowhere but an encrypted bundle. @public
 */
export interface UiAuthTransferService {
  /** `saved` is false while the defaults are in force (nothing was ever saved). */
  read(): Promise<{ settings: UiAuthSettingsData; saved: boolean; secrets: { passwordHash?: string; clientSecret?: string } }>;
  /**
   * Saves them as the settings route would: refused (`ui_auth_would_lock_out`) when the result
   * would admit nobody; a secret not given keeps the stored one.
   */
  write(settings: UiAuthSettingsData, secrets: { passwordHash?: string; clientSecret?: string }): Promise<void>;
}

/** The routes that are live now (enabled mods and the kernel). @public */
export interface RouteCatalogService {
  list(): PublishedRoute[];
  /** Changes whenever a route is bound or removed; for caching derived documents. */
  revision(): number;
  /** Catalogued error codes and their statuses (kernel and enabled mods). */
  errorCodes(): Record<string, { status: number; message: string }>;
}

/** Mod diagnostics providers, looked up by mod id. @public */
export interface ModDiagnosticsRegistryService {
  get(modId: string): ModDiagnosticsProvider | undefined;
}

/**
 * Options of one job. Retry timing is in whole seconds because the queue stores it that way;
 * with `retryBackoff` the n-th retry waits about `retryDelay × 2^(n-1)` to `2×` that (jitter).
 * @public
 */
export interface JobSendOptions {
  /** Retries after the first attempt fails (default 3); 0 runs the job at most once. */
  retryLimit?: number;
  /** Seconds before a retry (default 1). */
  retryDelay?: number;
  /** Exponential backoff with jitter over `retryDelay` (default true). */
  retryBackoff?: boolean;
  /** Not before this: seconds from now, or a point in time. */
  startAfter?: number | Date;
  /**
   * Dedupes by key according to the queue's declared `policy` (`short`: one queued job per key;
   * `singleton`: one running; `stately`: one queued and one running). With `standard` it only
   * matters together with `singletonSeconds`.
   */
  singletonKey?: string;
  /** At most one job per key (or per queue without a key) in each window of this many seconds. */
  singletonSeconds?: number;
  /** Bound on one attempt, in seconds (default 900); past it the attempt fails and its signal aborts. */
  expireInSeconds?: number;
  /** Higher runs first (default 0). */
  priority?: number;
  /**
   * Enqueue inside this transaction: the job exists only if the transaction commits (the
   * outbox pattern). Pass it whenever you send while holding a transaction — on the embedded
   * database there is one connection, and the transaction holds it.
   */
  transaction?: Knex.Transaction;
}

/** One attempt of a job, as its handler receives it. @public */
export interface JobContext<T = Record<string, unknown>> {
  id: string;
  /** The queue name as the mod declared it (without the mod-id prefix). */
  queue: string;
  data: T;
  /** 0 on the first attempt, then 1, 2, … */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the attempt passes its expiry, or when the worker stops and its grace ran out. */
  signal: AbortSignal;
}

/**
 * Works one job. Resolving completes it (the value, when an object, is kept as its output);
 * throwing fails the attempt, and the job is retried while retries remain. @public
 */
export type JobHandler<T = Record<string, unknown>> = (job: JobContext<T>) => unknown | Promise<unknown>;

/** Options of a worker. @public */
export interface JobWorkOptions {
  /** How often an idle worker looks for due jobs (retries, delayed jobs, other replicas' sends); default 2000, minimum 500. */
  pollingIntervalMs?: number;
}

/** A job's state as stored. @public */
export interface JobInfo {
  id: string;
  queue: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  retryCount: number;
  retryLimit: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** What the handler returned, or `{message}` of the last failure. */
  output: unknown;
}

/**
 * Durable jobs on the runtime's database (pg-boss): they survive restarts, are claimed once
 * across replicas, and retry with backoff. Queues are the mod's own: names are declared in the
 * manifest's `contributes.jobs` and stored as `<modId>.<name>`, so mods never see each
 * other's queues. @public
 */
export interface JobsService {
  /** Enqueues a job (`data` a JSON object); resolves to its id, or null when a singleton rule dropped it. */
  send<T extends object>(queue: string, data: T, options?: JobSendOptions): Promise<string | null>;
  /**
   * Starts a worker for the queue; one job at a time, each settled on its own. The disposer (also
   * run when the mod is disabled) stops taking work and waits, bounded, for the job in hand.
   */
  work<T = Record<string, unknown>>(queue: string, handler: JobHandler<T>, options?: JobWorkOptions): Disposable;
  /** The job, or undefined when this queue has no such job. */
  get(queue: string, id: string): Promise<JobInfo | undefined>;
  /** Cancels a job that has not finished; false when there was nothing to cancel. */
  cancel(queue: string, id: string): Promise<boolean>;
}

/** @public */
export type { EgressGuard as EgressService, EgressPolicy } from './egress.js';
import type { EgressGuard } from './egress.js';
import type { ExtensionsService } from './extensions.js';

/** The kernel's services. @public */
export const coreServices = {
  /** Logger labelled with the mod id. */
  logger: createServiceRef<LoggerService>({ id: 'core.logger', scope: 'mod' }),
  /** The mod's database view. */
  database: createServiceRef<ModDatabaseService>({ id: 'core.database', scope: 'mod' }),
  /** The mod's route binder. */
  httpRouter: createServiceRef<HttpRouterService>({ id: 'core.http-router', scope: 'mod' }),
  /** The mod's hook facade. */
  hooks: createServiceRef<HooksService>({ id: 'core.hooks', scope: 'mod' }),
  /** The mod's extension facade: tap other mods' hook points, read and call its own points. */
  extensions: createServiceRef<ExtensionsService>({ id: 'core.extensions', scope: 'mod' }),
  /** The mod's settings document. */
  settings: createServiceRef<SettingsService>({ id: 'core.settings', scope: 'mod' }),
  /** The mod's encrypted secrets. */
  secrets: createServiceRef<SecretsService>({ id: 'core.secrets', scope: 'mod' }),
  /** The mod's tool registrar. */
  tools: createServiceRef<ToolRegistrarService>({ id: 'core.tools', scope: 'mod' }),
  /** The mod's durable job queues. */
  jobs: createServiceRef<JobsService>({ id: 'core.jobs', scope: 'mod' }),
  /** The mod's diagnostics provider slot. */
  diagnostics: createServiceRef<DiagnosticsService>({ id: 'core.diagnostics', scope: 'mod' }),
  /** The mod's change bus: publish what it wrote, hear what any process wrote. */
  changes: createServiceRef<ChangesService>({ id: 'core.changes', scope: 'mod' }),
  /** Runtime facts (version, build identity). */
  runtimeInfo: createServiceRef<RuntimeInfoService>({ id: 'core.runtime-info' }),
  /** The egress guard every outbound HTTP request goes through (policy from `SVC_EGRESS_*`). */
  egress: createServiceRef<EgressGuard>({ id: 'core.egress' }),
  /** Every enabled mod's tools. */
  toolCatalog: createServiceRef<ToolCatalogService>({ id: 'core.tool-catalog', capability: 'kernel.tools' }),
  /** The mod catalog. */
  modCatalog: createServiceRef<ModCatalogService>({ id: 'core.mod-catalog', capability: 'kernel.introspect' }),
  /** Request metrics. */
  metrics: createServiceRef<MetricsService>({ id: 'core.metrics', capability: 'kernel.introspect' }),
  /** Database diagnostics. */
  databaseInfo: createServiceRef<DatabaseInfoService>({ id: 'core.database-info', capability: 'kernel.introspect' }),
  /** The interactive-auth settings with their secrets, for export and import. */
  uiAuthTransfer: createServiceRef<UiAuthTransferService>({ id: 'core.ui-auth-transfer', capability: 'kernel.ui-auth' }),
  /** Live routes for the published contract. */
  routeCatalog: createServiceRef<RouteCatalogService>({ id: 'core.route-catalog', capability: 'kernel.introspect' }),
  /** Opt-in mod diagnostics. */
  modDiagnostics: createServiceRef<ModDiagnosticsRegistryService>({
    id: 'core.mod-diagnostics',
    capability: 'kernel.introspect',
  }),
} as const;

/**
 * `coreServices.httpRouter` typed by the mod's generated `RouteId` union (`src/route-ids.ts`):
 * with `deps: { http: httpRouterFor<RouteId>() }`, binding an id the manifest does not declare
 * fails to compile. It is the same ref at run time. @public
 */
export function httpRouterFor<Id extends string>(): ServiceRef<HttpRouterService<Id>> {
  return coreServices.httpRouter;
}
