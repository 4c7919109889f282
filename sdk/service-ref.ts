/**
 * Typed service references. A mod lists the refs it needs in `deps`; the host resolves them
 * from the mod's scope (or from the mod that `provides` them) and hands the instances to
 * `init`. Mod code never sees the container.
 */

/** Where a service lives: one kernel singleton, or one instance per mod. @public */
export type ServiceScope = 'root' | 'mod';

/** A typed handle on a service. `T` is carried only at the type level. @public */
export interface ServiceRef<T> {
  /** Stable id, e.g. `core.logger` or `agents.service`. */
  readonly id: string;
  /** `root` services are kernel singletons; `mod` services are built per mod. */
  readonly scope: ServiceScope;
  /**
   * Capability a mod must list in its manifest `capabilities` to receive this service, when
   * the service exposes more than the mod's own data (kernel introspection, other mods' data).
   */
  readonly capability?: string;
  /** Set on refs made by {@link optional}: the id of the service that may or may not be there. */
  readonly optionalOf?: string;
  /** Phantom field that keeps `T`; never set at run time. */
  readonly $type?: T;
}

/** A service another mod may provide; looked up on each `get()`, so it follows that mod's enable/disable. @public */
export interface OptionalService<T> {
  get(): T | undefined;
}

/**
 * Declares a dependency on a service some mod may provide, without requiring that mod
 * (no `dependsOn`). The mod receives an {@link OptionalService}.
 * @public
 */
export function optional<T>(ref: ServiceRef<T>): ServiceRef<OptionalService<T>> {
  return Object.freeze({ id: `${ref.id}.optional`, scope: ref.scope, capability: ref.capability, optionalOf: ref.id });
}

/** Creates a service ref. Ids must be unique across the kernel and all mods. @public */
export function createServiceRef<T>(options: { id: string; scope?: ServiceScope; capability?: string }): ServiceRef<T> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-zA-Z0-9-]+)+$/.test(options.id)) {
    throw new TypeError(`service ref id "${options.id}" must look like "<owner>.<name>"`);
  }
  return Object.freeze({ id: options.id, scope: options.scope ?? 'root', capability: options.capability });
}

/** Maps a record of refs to the record of their service types. @public */
export type ResolvedDeps<D extends Record<string, ServiceRef<unknown>>> = {
  [K in keyof D]: D[K] extends ServiceRef<infer T> ? T : never;
};
