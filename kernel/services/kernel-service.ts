/**
 * What one kernel service declares: its id, whether it is built per mod or once for the
 * kernel, the capability a mod's manifest must list for it, whether only system mods receive
 * it, and how it is built. Each service has one file in this folder; `index.ts` lists them.
 * The list — not the ref object a mod passes in its `deps` — decides what a mod receives.
 */
import type { Logger } from 'pino';
import type { ModManifest } from '../../sdk/manifest.js';
import type { EgressGuardOptions } from '../egress/egress-guard.js';
import type { KernelConfig } from '../config.js';
import type { ErrorRegistry } from '../error-registry.js';
import type { UiAuthService } from '../auth/ui-auth-service.js';
import type { HookCatalog } from '../hooks/hook-catalog.js';
import type { RequestMetrics } from '../http/request-metrics.js';
import type { RouteTable } from '../http/route-table.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ExtensionRegistry } from '../mods/extension-registry.js';
import type { DisposerStack } from '../mods/disposer-stack.js';
import type { ModCatalogService } from '../../sdk/core/mod-catalog.js';
import type { DiagnosticsRegistry, ToolRegistry } from '../mods/registries.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { ChangeBus } from '../storage/change-bus.js';
import type { Database } from '../storage/database.js';
import type { ModTableGuard } from '../storage/mod-table-guard.js';
import type { ProcessLiveness } from '../storage/process-liveness.js';
import type { SettingsStore } from '../storage/settings-store.js';
import type { SandboxGauges } from '../telemetry/kernel-metrics.js';
import type { MetricRegistry } from '../telemetry/metric-registry.js';
import type { KernelTracing } from '../telemetry/tracing.js';

/**
 * The root container's `kernel.*` registrations: the material kernel services are built from.
 * They are never reachable by a mod.
 */
export interface KernelCradle {
  'kernel.config': KernelConfig;
  /** A random id of this process (see `RuntimeInfoService.instanceId`). */
  'kernel.instance-id': string;
  /** A content hash of the shipped code (see `http/build-identity.ts`), computed once at start. */
  'kernel.build-identity': string;
  'kernel.logger': Logger;
  'kernel.database': Database;
  'kernel.table-guard': ModTableGuard;
  'kernel.routes': RouteTable;
  'kernel.hooks': HookCatalog;
  'kernel.settings-store': SettingsStore;
  'kernel.secret-store': SecretStore;
  'kernel.tool-registry': ToolRegistry;
  'kernel.diagnostics-registry': DiagnosticsRegistry;
  'kernel.jobs': JobQueue;
  'kernel.extensions': ExtensionRegistry;
  'kernel.changes': ChangeBus;
  /** Which processes on the database are gone (the change bus's connection holds this one's lock). */
  'kernel.process-liveness': ProcessLiveness;
  'kernel.metrics': RequestMetrics;
  /** OpenTelemetry traces (the no-op while off). */
  'kernel.tracing': KernelTracing;
  /** The Prometheus registry `/metrics` renders; mods add to it through `core.instruments`. */
  'kernel.metric-registry': MetricRegistry;
  /** Running sandboxes, read by `/metrics`. */
  'kernel.sandbox-gauges': SandboxGauges;
  'kernel.error-registry': ErrorRegistry;
  'kernel.ui-auth': UiAuthService;
  /** Registered once the host exists (before any mod is enabled). */
  'kernel.mod-host': ModHostReader;
  /** The trusted-proxy identity header in force: dropped from sandboxed mods' outbound requests. */
  'kernel.identity-header': () => Promise<string | undefined>;
  /** How host names resolve for the egress checks (tests map names such as `metadata.test`). */
  'kernel.egress-options': EgressGuardOptions;
}

/** A mod's scope: the kernel's material plus the mod it is built for. */
export interface ModCradle extends KernelCradle {
  modId: string;
  manifest: ModManifest;
  /** What the mod registers, undone in reverse order on disable. */
  disposers: DisposerStack;
}

/** How a kernel service is offered, whatever scope it is built in. */
export interface KernelServiceEntry {
  /** Built per mod (`mod`) or one kernel singleton (`root`). */
  scope: 'mod' | 'root';
  /** Capability the mod's manifest must list. */
  capability?: string;
  /** Only mods from a system root receive it (it hands out credentials). */
  systemOnly?: boolean;
}

/** A service built in each mod's scope, from the mod's id, manifest and disposers. */
export interface ModServiceDefinition<T = unknown> extends KernelServiceEntry {
  /** The service ref id (`core.<name>`), as `sdk/core/` publishes it. */
  id: string;
  scope: 'mod';
  build(cradle: ModCradle): T;
}

/** One kernel singleton, built on first use from the root registrations. */
export interface RootServiceDefinition<T = unknown> extends KernelServiceEntry {
  /** The service ref id (`core.<name>`), as `sdk/core/` publishes it. */
  id: string;
  scope: 'root';
  build(cradle: KernelCradle): T;
}

export type KernelServiceDefinition<T = unknown> = ModServiceDefinition<T> | RootServiceDefinition<T>;

/** Service ids in these namespaces belong to the kernel; no mod may provide one. */
export const KERNEL_SERVICE_NAMESPACES = ['core.', 'kernel.'] as const;

export function isKernelNamespace(serviceId: string): boolean {
  return KERNEL_SERVICE_NAMESPACES.some((ns) => serviceId.startsWith(ns));
}

/**
 * What the kernel's services read of the mod host. Named by shape: the host imports the service
 * list (through the mod scope), so naming its class here would close an import cycle.
 */
export interface ModHostReader {
  list(): ReturnType<ModCatalogService['list']>;
  get(id: string): ReturnType<ModCatalogService['get']>;
  manifestOf(id: string): ReturnType<ModCatalogService['manifest']>;
  /** Why the mod's routes are not served now (not enabled here); undefined while they are. */
  unavailable(modId: string): unknown;
}
