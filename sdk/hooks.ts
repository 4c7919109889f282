/**
 * The kernel hook catalogue as mods see it: lifecycle only (a mod enabled or disabled, the
 * server ready, shutdown). A feature's hooks (`chat.beforeModelCall`, `agents.beforeDelete`, …)
 * are extension points of the mod that owns the feature (see `extensions.ts`). Mods tap through
 * a facade (the tap is named after the mod and removed on disable); they can never call a hook.
 */

/** A mod lifecycle notification. @public */
export interface ModLifecycleEvent {
  modId: string;
  version: string;
}

/** Hook name → semantics and argument types. @public */
export interface KernelHookMap {
  /** A mod finished enabling. */
  onModEnabled: { kind: 'series'; args: [ModLifecycleEvent] };
  /** A mod finished disabling (its registrations are gone). */
  onModDisabled: { kind: 'series'; args: [ModLifecycleEvent] };
  /** The listener is accepting connections. */
  onServerReady: { kind: 'series'; args: [{ url: string }] };
  /** The kernel is shutting down; mods are still enabled. */
  onShutdown: { kind: 'series'; args: [] };
}

/** Every hook name. @public */
export type KernelHookName = keyof KernelHookMap;

/** The function a mod taps onto hook `K`. @public */
export type HookTapFn<K extends KernelHookName> = KernelHookMap[K] extends { kind: 'bail'; result: infer R }
  ? (...args: KernelHookMap[K]['args']) => R | undefined | void | Promise<R | undefined | void>
  : KernelHookMap[K]['kind'] extends 'waterfall'
    ? (...args: KernelHookMap[K]['args']) => KernelHookMap[K]['args'][0] | Promise<KernelHookMap[K]['args'][0]>
    : (...args: KernelHookMap[K]['args']) => void | Promise<void>;
