import type { Disposable } from './disposable.js';
import type { CatalogEntries } from './errors.js';
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
   * The error catalogues whose codes this mod throws. The host registers them when the mod is
   * loaded (they appear in `/api/openapi.json`) and drops them when it is uninstalled; a code
   * another catalogue defines with a different status or message fails the mod with
   * `mod_error_code_conflict`.
   */
  readonly errors: readonly CatalogEntries[];
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
  /** The mod's error catalogues (`defineErrorCatalog`), so its codes are published and checked. */
  errors?: readonly CatalogEntries[];
  init: ModDefinition<D>['init'];
}): ModDefinition<D> {
  return Object.freeze({
    kind: 'svc-mod' as const,
    deps: definition.deps,
    errors: Object.freeze([...(definition.errors ?? [])]),
    init: definition.init,
  });
}

/** True for a value made by {@link defineMod}. @public */
export function isModDefinition(value: unknown): value is ModDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'svc-mod';
}
