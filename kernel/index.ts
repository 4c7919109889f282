/**
 * createKernel(): config → storage → container → http → mod host → boot. The kernel never
 * imports a mod; it finds them through manifests and talks to them through the SDK contract.
 * The services mods receive are declared one per file in `services/` (how each is built);
 * this file only decides the order in which the kernel's parts are made and started.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { asFunction, asValue, type AwilixContainer } from 'awilix';
import type { Logger } from 'pino';
import type { RuntimeInfoService } from '../sdk/core/runtime-info.js';
import { projectRoot, type KernelConfig } from './config.js';
import { createRootContainer } from './container/root-container.js';
import { egressErrors, type EgressGuard } from '../sdk/core/egress.js';
import type { EgressGuardOptions } from './egress/egress-guard.js';
import { ErrorRegistry, KERNEL_ERRORS_OWNER } from './error-registry.js';
import { errors as kernelErrors } from './errors.js';
import { createHookCatalog } from './hooks/hook-catalog.js';
import { RequestMetrics } from './http/request-metrics.js';
import { KERNEL_OWNER, RouteTable } from './http/route-table.js';
import { computeBuildIdentity } from './http/build-identity.js';
import { createHttpServer } from './http/server.js';
import { keepTickObjectMapsAlive } from './http/tick-maps.js';
import { authRoutes } from './auth/auth-routes.js';
import { startAuth } from './auth/start-auth.js';
import { JobQueue } from './jobs/job-queue.js';
import { createLogger, traceLogLines } from './logger.js';
import type { ModSource } from './mods/mod-discovery.js';
import { ExtensionRegistry } from './mods/extension-registry.js';
import { ModHost } from './mods/mod-host.js';
import { preloadSystemModEntries } from './mods/mod-preload.js';
import { kernelModRoutes } from './mods/mod-routes.js';
import { ModApprovals } from './mods/mod-approvals.js';
import { kernelPermissionRoutes } from './mods/permission-routes.js';
import { kernelSourceRoutes } from './mods/source-routes.js';
import { InstallStore } from './mods/sources/install-store.js';
import { createModSources } from './mods/sources/mod-sources.js';
import { DiagnosticsRegistry, ProvidedServices, ToolRegistry } from './mods/registries.js';
import { loadSecretBox } from './secrets/secret-key.js';
import { SecretStore } from './secrets/secret-store.js';
import { ChangeBus } from './storage/change-bus.js';
import { ProcessLiveness } from './storage/process-liveness.js';
import { Database, databaseOptionsFor, type DatabaseOptions } from './storage/database.js';
import { migrateLatest } from './storage/migrator.js';
import { ModTableGuard } from './storage/mod-table-guard.js';
import { SettingsStore } from './storage/settings-store.js';
import { KERNEL_SERVICE_DEFINITIONS, type KernelCradle } from './services/index.js';
import { KERNEL_VERSION } from './version.js';
import { registerKernelMetrics, SandboxGauges } from './telemetry/kernel-metrics.js';
import { MetricRegistry } from './telemetry/metric-registry.js';
import { startTracing, type KernelTracing } from './telemetry/tracing.js';
import { kernelHandle, type Kernel } from './kernel-handle.js';

export type { Kernel } from './kernel-handle.js';

export interface KernelOptions {
  config: KernelConfig;
  /** Overrides the database chosen from the config (tests pass a cloned template). */
  database?: DatabaseOptions;
  logger?: Logger;
  /** Where mods are found; default: the system mods folder. */
  modSources?: ModSource[];
  /** Load only these mod ids (tests). */
  onlyMods?: string[];
  /**
   * The database, already being opened (from `database`/the config): `npm start` opens it while
   * the rest of the kernel and the mods are still loading.
   */
  opening?: Promise<Database>;
  /** Egress guard options (tests map host names with their own resolver). */
  egress?: EgressGuardOptions;
}

export { databaseOptionsFor } from './storage/database.js';

export async function createKernel(options: KernelOptions): Promise<Kernel> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  // When each part of the start was ready, in ms since the process started (a debug line at the end).
  const phases: Record<string, number> = {};
  const mark = (name: string) => void (phases[name] = Math.round(performance.now()));
  mark('kernel');
  // Tells this process apart from the others on one database (change notices, diagnostics).
  const instanceId = randomUUID();
  const databaseOptions = options.database ?? databaseOptionsFor(config);
  await keepTickObjectMapsAlive();
  const opening = options.opening ?? Database.open(databaseOptions, logger);
  const modSources = options.modSources ?? [{ root: config.systemModsDir, system: true }];
  // The mods' code loads while the database opens (see mod-preload.ts).
  preloadSystemModEntries(modSources, options.onlyMods);
  const identifying = shippedCodeIdentity();
  const database = await opening;
  mark('database');
  let jobs: JobQueue | undefined;
  let changes: ChangeBus | undefined;
  let tracing: KernelTracing | undefined;
  try {
    tracing = await startTracing(config.tracing, logger);
    const tracer = tracing;
    if (tracer.enabled) traceLogLines(logger, () => tracer.activeIds());
    await migrateLatest(database.knex, KERNEL_OWNER, path.join(projectRoot, 'migrations'), (fn) => database.schemaLock(fn));
    mark('migrations');
    jobs = await JobQueue.start({
      driver: database.driver,
      knex: database.knex,
      postgresUrl: databaseOptions.driver === 'postgres' ? databaseOptions.url : undefined,
      log: logger.child({ component: 'jobs' }),
      stopGraceMs: config.shutdownTimeoutMs,
      exclusive: (fn) => database.schemaLock(fn),
      tracing: tracer,
    });
    const jobQueue = jobs;
    changes = await ChangeBus.start({
      driver: database.driver,
      knex: database.knex,
      url: databaseOptions.driver === 'postgres' ? databaseOptions.url : undefined,
      instanceId,
      log: logger.child({ component: 'changes' }),
    });
    const changeBus = changes;
    const processLiveness = new ProcessLiveness(database.driver, database.knex, instanceId);
    const persistentKey = databaseOptions.driver === 'postgres' || databaseOptions.dataDir !== undefined;
    const secretBox = await loadSecretBox({
      knex: database.knex,
      dataDir: persistentKey ? config.dataDir : undefined,
      settingsKey: config.settingsKey,
    });

    mark('jobs-changes-secrets');
    const buildIdentity = await identifying;
    const hooks = createHookCatalog();
    // Every code the service answers with: the kernel's and the SDK's shared catalogues now, each mod's when it loads.
    const errorRegistry = new ErrorRegistry();
    errorRegistry.register(KERNEL_ERRORS_OWNER, [kernelErrors, egressErrors]);
    const routes = new RouteTable();
    const metrics = new RequestMetrics();
    const metricRegistry = new MetricRegistry();
    const sandboxGauges = new SandboxGauges();
    const tools = new ToolRegistry();
    const diagnostics = new DiagnosticsRegistry();
    const provided = new ProvidedServices();
    const extensions = new ExtensionRegistry(logger.child({ component: 'extensions' }));
    const container = createRootContainer({
      'kernel.config': config,
      'kernel.instance-id': instanceId,
      'kernel.build-identity': buildIdentity,
      'kernel.logger': logger,
      'kernel.database': database,
      'kernel.routes': routes,
      'kernel.hooks': hooks,
      'kernel.tool-registry': tools,
      'kernel.diagnostics-registry': diagnostics,
      'kernel.jobs': jobQueue,
      'kernel.extensions': extensions,
      'kernel.changes': changeBus,
      'kernel.process-liveness': processLiveness,
      'kernel.metrics': metrics,
      'kernel.tracing': tracer,
      'kernel.metric-registry': metricRegistry,
      'kernel.sandbox-gauges': sandboxGauges,
      'kernel.error-registry': errorRegistry,
      'kernel.egress-options': options.egress ?? {},
    } satisfies Partial<KernelCradle>);
    const provide = (values: Partial<KernelCradle>) => registerValues(container, values);
    // The kernel services mods receive: each a singleton built on first use from the `kernel.*` material.
    for (const service of KERNEL_SERVICE_DEFINITIONS) {
      if (service.scope === 'root') container.register(service.id, asFunction(service.build).singleton());
    }
    const runtimeInfo = container.resolve<RuntimeInfoService>('core.runtime-info');

    let host: ModHost | undefined;
    const tableGuard = new ModTableGuard(database.knex, () => host?.installedMods() ?? []);
    // One guard for every outbound request of the kernel and the mods (`core.egress`).
    const egress = container.resolve<EgressGuard>('core.egress');
    const settingsStore = new SettingsStore(database.knex, changeBus);
    const secretStore = new SecretStore(database.knex, secretBox, changeBus);
    const { uiAuth, tokens, oidc, authenticator } = await startAuth({ config, database, changes: changeBus, settings: settingsStore, secrets: secretStore, egress, logger });

    mark('auth');
    provide({
      'kernel.table-guard': tableGuard,
      'kernel.settings-store': settingsStore,
      'kernel.secret-store': secretStore,
      'kernel.ui-auth': uiAuth,
      'kernel.identity-header': async () => (await uiAuth.effective()).trustedProxy.identityHeader,
    });

    const installs = new InstallStore(database.knex);
    const approvals = new ModApprovals(database.knex, (modId) => installs.sourceLabel(modId));

    host = new ModHost({
      database,
      routes,
      hooks,
      logger,
      container,
      provided,
      extensions,
      errors: errorRegistry,
      tables: tableGuard,
      kernelVersion: KERNEL_VERSION,
      enableTimeoutMs: config.modEnableTimeoutMs,
      defaultDeadlineMs: config.modRouteDeadlineMs,
      changes: changeBus,
      approvals,
    });
    const modHost = host;
    provide({ 'kernel.mod-host': modHost });
    registerKernelMetrics(metricRegistry, { mods: () => modHost.list(), sandboxes: sandboxGauges, knex: database.knex });

    const sources = createModSources({ config, database, installs, host: modHost, hooks, jobs: jobQueue, settings: settingsStore, changes: changeBus, egress, logger });

    const kernelRoutes = [
      ...kernelModRoutes(modHost, settingsStore, sources.installer),
      ...kernelPermissionRoutes(modHost, approvals, secretStore),
      ...kernelSourceRoutes(sources),
      ...authRoutes({ uiAuth, authenticator, oidc, tokens, trustedProxies: config.http.trustedProxies }),
    ];
    routes.declare(KERNEL_OWNER, kernelRoutes);
    for (const r of kernelRoutes) routes.bind(KERNEL_OWNER, r.id, r.binding);

    const app = createHttpServer({ logger, routes, gate: modHost, metrics, metricRegistry, tracing: tracer, http: config.http, listen: config, authenticator });
    mark('http');
    const installedRoot = await sources.installer.prepareBoot();
    await modHost.boot([...modSources, installedRoot], options.onlyMods);
    mark('mods');
    // Git mods another process installed or updated while this one was away: fetched now, in the background.
    for (const modId of sources.installer.staleMods()) void modHost.follow(modId);
    await sources.refresh.start();
    await app.ready();
    mark('ready');
    logger.debug({ phases }, 'start phases (ms since the process started)');

    return kernelHandle({
      app,
      config,
      database,
      hooks,
      extensions,
      jobs: jobQueue,
      mods: modHost,
      changes: changeBus,
      processLiveness,
      runtimeInfo,
      logger,
      routes,
      tools,
      diagnostics,
      provided,
      metrics,
      metricRegistry,
      tracing: tracer,
      sourceRefresh: sources.refresh,
    });
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await changes?.close().catch(() => undefined);
    await tracing?.shutdown();
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The shipped code's identity, hashed once per process: it cannot change under a running process
 * (an update of the code is a new process), and a process that makes several kernels (tests)
 * would otherwise hash the same thousand files for each. Kept between starts beside the server's
 * build (`.build/`, made here when missing): a start with the same files reads it back.
 */
let identity: Promise<string> | undefined;
function shippedCodeIdentity(): Promise<string> {
  if (!identity) {
    const cacheDir = path.join(projectRoot, '.build');
    identity = mkdir(cacheDir, { recursive: true })
      .then(
        () => path.join(cacheDir, 'identity.json'),
        () => undefined, // a read-only install: hashed at every start
      )
      .then((cacheFile) => computeBuildIdentity(projectRoot, { cacheFile }));
    identity.catch(() => (identity = undefined)); // asked again by the next kernel
  }
  return identity;
}

/** Registers `values` (root material the kernel services are built from) in the root container. */
function registerValues(container: AwilixContainer, values: Partial<KernelCradle>): void {
  container.register(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, asValue(value)])));
}
