import type { Disposable } from './disposable.js';
import type { ModManifest } from './manifest.js';
import type { ResolvedDeps, ServiceRef } from './service-ref.js';

/** What `init` gets besides its deps. @public */
export interface ModInitContext {
  modId: string;
  manifest: Readonly<ModManifest>;
  /** Offers a service the manifest lists in `provides`; mods that depend on this one receive it. */
  provide<T>(ref: ServiceRef<T>, implementation: T): Disposable;
}

/** A mod's entry module default export. @public */
export interface ModDefinition<D extends Record<string, ServiceRef<unknown>> = Record<string, ServiceRef<unknown>>> {
  readonly kind: 'svc-mod';
  readonly deps: D;
  /**
   * Called on enable with resolved deps. Registrations made through the services are undone
   * automatically on disable (in reverse order); a returned function runs first.
   */
  init(deps: ResolvedDeps<D>, context: ModInitContext): void | (() => void | Promise<void>) | Promise<void | (() => void | Promise<void>)>;
}

/**
 * Declares a mod's code. The id, routes and everything else it contributes come from the
 * manifest; this names the services `init` needs.
 * @public
 */
export function defineMod<D extends Record<string, ServiceRef<unknown>>>(definition: {
  deps: D;
  init: ModDefinition<D>['init'];
}): ModDefinition<D> {
  return Object.freeze({ kind: 'svc-mod' as const, deps: definition.deps, init: definition.init });
}

/** True for a value made by {@link defineMod}. @public */
export function isModDefinition(value: unknown): value is ModDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'svc-mod';
}
