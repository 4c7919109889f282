/**
 * The services the kernel offers mods, as typed refs: one file per service with its interface
 * and ref. Mod-scoped services are built per mod (labelled logger, the mod's tables, its router,
 * its settings); root services that reveal more than the mod's own data require a capability
 * listed in the manifest. What a mod actually receives is decided by the kernel's table
 * (`kernel/services/`), whatever a ref claims.
 */
import { loggerServiceRef } from './logger.js';
import { databaseServiceRef } from './database.js';
import { httpRouterServiceRef } from './http-router.js';
import { hooksServiceRef } from './hooks.js';
import { extensionsServiceRef } from './extensions.js';
import { settingsServiceRef } from './settings.js';
import { secretsServiceRef } from './secrets.js';
import { toolsServiceRef } from './tools.js';
import { jobsServiceRef } from './jobs.js';
import { diagnosticsServiceRef } from './diagnostics.js';
import { changesServiceRef } from './changes.js';
import { runtimeInfoServiceRef } from './runtime-info.js';
import { egressServiceRef } from './egress.js';
import { toolCatalogServiceRef } from './tool-catalog.js';
import { modCatalogServiceRef } from './mod-catalog.js';
import { metricsServiceRef } from './metrics.js';
import { databaseInfoServiceRef } from './database-info.js';
import { uiAuthTransferServiceRef } from './ui-auth-transfer.js';
import { routeCatalogServiceRef } from './route-catalog.js';
import { modDiagnosticsServiceRef } from './mod-diagnostics.js';
import { processLivenessServiceRef } from './process-liveness.js';
import { instrumentsServiceRef, tracingServiceRef } from './telemetry.js';

export type { LoggerService } from './logger.js';
export type { ModDatabaseService, VectorSupport } from './database.js';
export type { HttpRouterService } from './http-router.js';
export type { HooksService } from './hooks.js';

export type { SettingsService } from './settings.js';
export type { SecretsService } from './secrets.js';
export type { ToolBinding, ToolCallContext, ToolRegistrarService } from './tools.js';
export type { JobContext, JobHandler, JobInfo, JobSendOptions, JobWorkOptions, JobsService } from './jobs.js';
export type { DiagnosticsService, ModDiagnosticsProvider, ModJobState, ModJobSummary } from './diagnostics.js';
export { MOD_JOB_STATES } from './diagnostics.js';
export type { ChangeNotice, ChangesService } from './changes.js';
export type { RuntimeInfoService } from './runtime-info.js';
export type { AddressKind, EgressGuard, EgressPolicy, EgressService } from './egress.js';
export type { RegisteredTool, ToolCatalogService } from './tool-catalog.js';
export type { ModCatalogService, ModStatus } from './mod-catalog.js';
export type { MetricsService } from './metrics.js';
export type { DatabaseDescription, DatabaseInfoService } from './database-info.js';
export type { UiAuthSettingsData, UiAuthTransferService } from './ui-auth-transfer.js';
export type { PublishedRoute, RouteCatalogService } from './route-catalog.js';
export type { ModDiagnosticsRegistryService } from './mod-diagnostics.js';
export type { ProcessLivenessService } from './process-liveness.js';
export type {
  CounterMetric,
  GaugeMetric,
  GaugeReading,
  HistogramMetric,
  InstrumentsService,
  MetricDefinition,
  MetricLabels,
  SpanAttributes,
  SpanKind,
  SpanOptions,
  TraceCarrier,
  TraceSpan,
  TracingService,
} from './telemetry.js';
// The values a mod uses beside its refs (the refs themselves are reached through `coreServices`).
export { egressErrors, EgressRefusedError, findEgressRefusal, readBoundedText } from './egress.js';
export { httpRouterFor } from './http-router.js';

/** The kernel's services. @public */
export const coreServices = {
  /** Logger labelled with the mod id. */
  logger: loggerServiceRef,
  /** The mod's database view. */
  database: databaseServiceRef,
  /** The mod's route binder. */
  httpRouter: httpRouterServiceRef,
  /** The mod's hook facade. */
  hooks: hooksServiceRef,
  /** The mod's extension facade: tap other mods' hook points, read and call its own points. */
  extensions: extensionsServiceRef,
  /** The mod's settings document. */
  settings: settingsServiceRef,
  /** The mod's encrypted secrets. */
  secrets: secretsServiceRef,
  /** The mod's tool registrar. */
  tools: toolsServiceRef,
  /** The mod's durable job queues. */
  jobs: jobsServiceRef,
  /** The mod's diagnostics provider slot. */
  diagnostics: diagnosticsServiceRef,
  /** The mod's change bus: publish what it wrote, hear what any process wrote. */
  changes: changesServiceRef,
  /** Runtime facts (version, build identity). */
  runtimeInfo: runtimeInfoServiceRef,
  /** The egress guard every outbound HTTP request goes through (policy from `SVC_EGRESS_*`). */
  egress: egressServiceRef,
  /** Every enabled mod's tools. */
  toolCatalog: toolCatalogServiceRef,
  /** The mod catalog. */
  modCatalog: modCatalogServiceRef,
  /** Request metrics. */
  metrics: metricsServiceRef,
  /** Database diagnostics. */
  databaseInfo: databaseInfoServiceRef,
  /** The interactive-auth settings with their secrets, for export and import. */
  uiAuthTransfer: uiAuthTransferServiceRef,
  /** Live routes for the published contract. */
  routeCatalog: routeCatalogServiceRef,
  /** Opt-in mod diagnostics. */
  modDiagnostics: modDiagnosticsServiceRef,
  /** Which processes on the database are gone (their session lock is free). */
  processLiveness: processLivenessServiceRef,
  /** OpenTelemetry spans (system mods; a no-op unless the operator turned traces on). */
  tracing: tracingServiceRef,
  /** The mod's Prometheus metrics at `/metrics` (system mods; removed on disable). */
  instruments: instrumentsServiceRef,
} as const;
