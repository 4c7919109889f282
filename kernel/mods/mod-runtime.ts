/**
 * Where a mod's code runs. The lifecycle drives one runtime per mod through `load` (read the
 * code), `start` (build the mod's scope, run `init`) and `stop` (undo every registration).
 * `in-process-runtime.ts` runs system mods and mods from trusted local roots in the kernel's
 * process; `isolate/isolate-runtime.ts` runs mods from sandboxed roots in an isolate in a child
 * process, with the host's side of the boundary (`ModStartScope`) unchanged.
 */
import type { AwilixContainer } from 'awilix';
import type { Logger } from 'pino';
import type { SvcError } from '../../sdk/errors.js';
import type { Disposable } from '../../sdk/disposable.js';
import type { CatalogEntries } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ServiceRef } from '../../sdk/service-ref.js';

/** What the host learns from a mod's code when it is loaded. */
export interface LoadedMod {
  /** The error catalogues the mod hands over (`defineMod({ errors })`). */
  errors: readonly CatalogEntries[];
}

/** The host's side of a start: what the mod may reach, under the host's rules. */
export interface ModStartScope {
  readonly manifest: ModManifest;
  /** The root container the mod's scope is built from. */
  readonly container: AwilixContainer;
  /** Makes the host's registrations for this mod (manifest data for extension points); undone last on stop. */
  contributions(): Disposable[];
  /** The services the mod's `deps` name, resolved from its scope (kernel table or enabled providers). */
  resolveDeps(deps: Record<string, ServiceRef<unknown>>, scope: AwilixContainer): Record<string, unknown>;
  /** Offers a service the manifest lists in `provides`. */
  provide(ref: ServiceRef<unknown>, implementation: unknown): Disposable;
  /** How long `init` may take. */
  readonly initTimeoutMs: number;
  /** Sandboxed mods: hosts the operator granted this mod on loopback or private addresses. */
  readonly privateHosts?: readonly string[];
  /**
   * Takes the running mod down with `error` (the lifecycle's revocation: failed until re-enabled,
   * dependents too), for a runtime that finds its mod broken between requests — a sandbox that
   * ran out of memory or died. A no-op unless the mod is loaded.
   */
  revoke?(error: SvcError): void;
}

export interface ModRuntime {
  /** Loads the entry; throws a catalogued error (`mod_entry_invalid`) when it is not a mod. */
  load(manifest: ModManifest): Promise<LoadedMod>;
  /** Starts the mod; on failure everything it registered is undone and a catalogued error thrown. */
  start(scope: ModStartScope): Promise<void>;
  /** Undoes everything the mod registered, in reverse order. */
  stop(): Promise<void>;
}

/** Makes the runtime for one installed mod. */
export type ModRuntimeFactory = (mod: { id: string; dir: string; system: boolean; sandboxed: boolean }, log: Logger) => ModRuntime;
