/**
 * The running kernel as its caller (the server entry, the test kit) holds it: the parts it may
 * reach, listen and the graceful close in its order.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { RuntimeInfoService } from '../sdk/core/runtime-info.js';
import type { RouteSchema } from '../sdk/http.js';
import type { KernelConfig } from './config.js';
import type { HookCatalog } from './hooks/hook-catalog.js';
import type { RequestMetrics } from './http/request-metrics.js';
import type { RouteTable } from './http/route-table.js';
import { compileRouteValidatorsNow } from './http/schema-validators.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { ExtensionRegistry } from './mods/extension-registry.js';
import { addOwnListeningPort } from './mods/isolate/sandbox-egress.js';
import type { ModHost } from './mods/mod-host.js';
import type { DiagnosticsRegistry, ProvidedServices, ToolRegistry } from './mods/registries.js';
import type { SourceRefreshSchedule } from './mods/sources/source-refresh-schedule.js';
import type { ChangeBus } from './storage/change-bus.js';
import type { ProcessLiveness } from './storage/process-liveness.js';
import type { Database } from './storage/database.js';
import type { MetricRegistry } from './telemetry/metric-registry.js';

/** Connections waiting to be accepted at most (see `listen`). */
const LISTEN_BACKLOG = 4096;
import type { KernelTracing } from './telemetry/tracing.js';

export interface Kernel {
  app: FastifyInstance;
  config: KernelConfig;
  database: Database;
  hooks: HookCatalog;
  /** Extension points and contributions (tests add a tap as a pseudo-mod with `add`). */
  extensions: ExtensionRegistry;
  /** Durable jobs (pg-boss); mods reach it as `coreServices.jobs`. */
  jobs: JobQueue;
  mods: ModHost;
  /** The change bus (mods reach it as `coreServices.changes`). */
  changes: ChangeBus;
  /** Which processes on the database are gone (mods reach it as `coreServices.processLiveness`). */
  processLiveness: ProcessLiveness;
  runtimeInfo: RuntimeInfoService;
  logger: Logger;
  /** OpenTelemetry traces (a no-op unless `SVC_OTEL_TRACES` is on); tests flush it. */
  tracing: KernelTracing;
  /** The implementation a mod provides for `serviceId` (tests call a mod's service directly). */
  providedService<T>(serviceId: string): T | undefined;
  /** What a mod has registered right now (the contract suite asserts all zero after disable). */
  inspectRegistrations(modId: string): {
    boundRoutes: number;
    tools: number;
    hookTaps: number;
    /** Data items and hook taps the mod contributes to extension points. */
    extensions: number;
    diagnostics: number;
    services: number;
    jobWorkers: number;
  };
  /**
   * The bound routes of `modId` whose schemas ajv cannot compile, as `routeId: message` (the
   * contract suite asserts none; a running process compiles each route's schemas on first use).
   */
  routeSchemaProblems(modId: string): string[];
  /**
   * The route a request `method pathname` (canonical path, no query) reaches now, with the
   * schemas its handler is bound with (none while unbound): what the published contract says
   * about it. The test kit checks answers against it.
   */
  routeAt(method: string, pathname: string): RouteAt | undefined;
  /** Starts listening; resolves to the base URL. */
  listen(): Promise<string>;
  /** Graceful stop: stop accepting, let in-flight requests finish (bounded), unload mods, close the database. */
  close(): Promise<void>;
}

/** A declared route as {@link Kernel.routeAt} finds it. */
export interface RouteAt {
  owner: string;
  routeId: string;
  method: string;
  /** The path template, e.g. `/api/agents/{agentId}`. */
  path: string;
  raw: boolean;
  bound: boolean;
  schema?: RouteSchema;
}

/** What the handle is made of: the kernel's parts, as `createKernel` built and started them. */
export type KernelParts = Pick<Kernel, 'app' | 'config' | 'database' | 'hooks' | 'extensions' | 'jobs' | 'mods' | 'changes' | 'processLiveness' | 'runtimeInfo' | 'logger' | 'tracing'> & {
  metricRegistry: MetricRegistry;
  routes: RouteTable;
  tools: ToolRegistry;
  diagnostics: DiagnosticsRegistry;
  provided: ProvidedServices;
  metrics: RequestMetrics;
  sourceRefresh: SourceRefreshSchedule;
};

export function kernelHandle(parts: KernelParts): Kernel {
  const { app, config, database, hooks, extensions, jobs, mods, changes, processLiveness, logger, routes, tools, diagnostics, provided, metrics, sourceRefresh, tracing, metricRegistry } = parts;
  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    database,
    hooks,
    extensions,
    jobs,
    mods,
    changes,
    processLiveness,
    runtimeInfo: parts.runtimeInfo,
    logger,
    tracing,
    providedService: <T>(serviceId: string) => provided.get(serviceId)?.implementation as T | undefined,
    inspectRegistrations: (modId) => ({
      boundRoutes: routes.list().filter((r) => r.owner === modId && r.binding).length,
      tools: tools.list().filter((tool) => tool.modId === modId).length,
      hookTaps: Object.values(hooks).reduce((n, hook) => n + hook.taps.filter((tap) => tap.name === modId).length, 0),
      extensions: extensions.countFor(modId),
      diagnostics: diagnostics.get(modId) ? 1 : 0,
      services: provided.countFor(modId),
      jobWorkers: jobs.workerCount(modId),
    }),
    routeSchemaProblems: (modId) =>
      routes.list().flatMap((r) => {
        if (r.owner !== modId || !r.binding) return [];
        try {
          compileRouteValidatorsNow(r.binding.validators);
          return [];
        } catch (error) {
          return [`${r.routeId}: ${(error as Error).message}`];
        }
      }),
    routeAt(method, pathname) {
      const match = routes.find(method === 'HEAD' ? 'GET' : method, pathname);
      if (!match) return undefined;
      const { owner, routeId, path, raw, binding } = match.entry;
      return { owner, routeId, method: match.entry.method, path, raw, bound: binding !== undefined, schema: binding?.schema };
    },
    async listen() {
      // Node's default backlog (511) drops the connections of a burst beyond it; their clients
      // retry after 1 s, 3 s, 7 s (TCP's retransmission), which is the tail a thousand turns
      // started at once saw. The kernel caps it at net.core.somaxconn (4096 on current Linux).
      const url = await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
      const address = app.server.address();
      if (address !== null && typeof address === 'object') addOwnListeningPort(address.port);
      await hooks.onServerReady.promise({ url });
      return url;
    },
    close() {
      closing ??= (async () => {
        await hooks.onShutdown.promise().catch((err) => logger.error({ err }, 'shutdown hook failed'));
        // app.close() stops accepting and waits for in-flight requests; past the bound, connections are cut.
        const timer = setTimeout(() => app.server.closeAllConnections(), config.shutdownTimeoutMs);
        await app.close();
        clearTimeout(timer);
        // Mods first (their workers finish the job in hand, bounded), then the queue itself.
        await sourceRefresh.stop().catch((err) => logger.error({ err }, 'stopping the source refresh failed'));
        await mods.shutdown();
        await jobs.stop().catch((err) => logger.error({ err }, 'stopping the job queue failed'));
        metrics.close();
        metricRegistry.close();
        // The spans of the last requests and jobs leave before the process does.
        await tracing.shutdown();
        await changes.close().catch((err) => logger.error({ err }, 'closing the change listener failed'));
        await database.close();
      })();
      return closing;
    },
  };
}
