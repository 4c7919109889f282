/**
 * The services the kernel hands to mods, by service ref id, with the capability each needs.
 * This table — not the ref object a mod passes in its `deps` — decides what a mod receives:
 * an id missing here is not a kernel service (the `kernel.*` registrations of the root
 * container are never reachable), and the capability is the one written here whatever the
 * mod's ref claims. `sdk/core-services.ts` publishes the matching refs; a unit test keeps the
 * two in step.
 */
export interface KernelServiceEntry {
  /** Built per mod (`mod`) or one kernel singleton (`root`). */
  scope: 'mod' | 'root';
  /** Capability the mod's manifest must list. */
  capability?: string;
  /** Only mods from a system root receive it (it hands out credentials). */
  systemOnly?: boolean;
}

export const KERNEL_SERVICES: ReadonlyMap<string, KernelServiceEntry> = new Map<string, KernelServiceEntry>([
  // The mod's own things.
  ['core.logger', { scope: 'mod' }],
  ['core.database', { scope: 'mod' }],
  ['core.http-router', { scope: 'mod' }],
  ['core.hooks', { scope: 'mod' }],
  ['core.extensions', { scope: 'mod' }],
  ['core.settings', { scope: 'mod' }],
  ['core.secrets', { scope: 'mod' }],
  ['core.tools', { scope: 'mod' }],
  ['core.jobs', { scope: 'mod' }],
  ['core.diagnostics', { scope: 'mod' }],
  ['core.changes', { scope: 'mod' }],
  // Kernel singletons.
  ['core.runtime-info', { scope: 'root' }],
  ['core.egress', { scope: 'root' }],
  ['core.tool-catalog', { scope: 'root', capability: 'kernel.tools' }],
  ['core.mod-catalog', { scope: 'root', capability: 'kernel.introspect' }],
  ['core.metrics', { scope: 'root', capability: 'kernel.introspect' }],
  ['core.database-info', { scope: 'root', capability: 'kernel.introspect' }],
  ['core.route-catalog', { scope: 'root', capability: 'kernel.introspect' }],
  // Reads the Basic password hash and the OIDC client secret: for the export category only.
  ['core.ui-auth-transfer', { scope: 'root', capability: 'kernel.ui-auth', systemOnly: true }],
  ['core.mod-diagnostics', { scope: 'root', capability: 'kernel.introspect' }],
]);

/** Service ids in these namespaces belong to the kernel; no mod may provide one. */
export const KERNEL_SERVICE_NAMESPACES = ['core.', 'kernel.'] as const;

export function isKernelNamespace(serviceId: string): boolean {
  return KERNEL_SERVICE_NAMESPACES.some((ns) => serviceId.startsWith(ns));
}
