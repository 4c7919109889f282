/**
 * The services the kernel hands to mods, one file each. This list — not the ref object a mod
 * passes in its `deps` — decides what a mod receives: an id missing here is not a kernel
 * service (the `kernel.*` registrations of the root container are never reachable), and the
 * capability is the one written in the service's file whatever the mod's ref claims.
 * `sdk/core/` publishes the matching refs; a unit test keeps the two in step.
 */
import type { KernelServiceDefinition, KernelServiceEntry } from './kernel-service.js';
import { changesService } from './changes.js';
import { databaseInfoService } from './database-info.js';
import { databaseService } from './database.js';
import { diagnosticsService } from './diagnostics.js';
import { egressService } from './egress.js';
import { extensionsService } from './extensions.js';
import { hooksService } from './hooks.js';
import { httpRouterService } from './http-router.js';
import { jobsService } from './jobs.js';
import { loggerService } from './logger.js';
import { metricsService } from './metrics.js';
import { modCatalogService } from './mod-catalog.js';
import { modDiagnosticsService } from './mod-diagnostics.js';
import { processLivenessService } from './process-liveness.js';
import { routeCatalogService } from './route-catalog.js';
import { runtimeInfoService } from './runtime-info.js';
import { secretsService } from './secrets.js';
import { settingsService } from './settings.js';
import { toolCatalogService } from './tool-catalog.js';
import { toolsService } from './tools.js';
import { uiAuthTransferService } from './ui-auth-transfer.js';
import { instrumentsService, tracingService } from './telemetry.js';

export {
  isKernelNamespace,
  KERNEL_SERVICE_NAMESPACES,
  type KernelCradle,
  type KernelServiceDefinition,
  type KernelServiceEntry,
  type ModCradle,
  type ModServiceDefinition,
  type RootServiceDefinition,
} from './kernel-service.js';

export const KERNEL_SERVICE_DEFINITIONS: readonly KernelServiceDefinition[] = Object.freeze([
  // The mod's own things, built in its scope.
  loggerService,
  databaseService,
  httpRouterService,
  hooksService,
  extensionsService,
  settingsService,
  secretsService,
  toolsService,
  jobsService,
  diagnosticsService,
  changesService,
  instrumentsService,
  // Kernel singletons.
  runtimeInfoService,
  egressService,
  toolCatalogService,
  modCatalogService,
  metricsService,
  databaseInfoService,
  routeCatalogService,
  uiAuthTransferService,
  modDiagnosticsService,
  processLivenessService,
  tracingService,
]);

/** Each kernel service's scope, capability and system-only flag, by service ref id. */
export const KERNEL_SERVICES: ReadonlyMap<string, KernelServiceEntry> = new Map(KERNEL_SERVICE_DEFINITIONS.map(({ id, scope, capability, systemOnly }) => [id, Object.freeze({ scope, capability, systemOnly })]));
