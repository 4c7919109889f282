/**
 * The frozen, typed hook catalogue: the kernel's own lifecycle only. A feature's hooks are
 * extension points of the mod that owns it (`mods/extension-registry.ts`). The kernel calls
 * these hooks; mods only tap them through {@link tapHook}, which names the tap after the mod and
 * returns a disposer that removes it.
 */
import { AsyncSeriesHook, type Hook } from 'tapable';
import { toDisposable, type Disposable } from '../../sdk/disposable.js';
import type { HookTapFn, KernelHookName, ModLifecycleEvent } from '../../sdk/hooks.js';

export function createHookCatalog() {
  const hooks = {
    onModEnabled: new AsyncSeriesHook<[ModLifecycleEvent]>(['event']),
    onModDisabled: new AsyncSeriesHook<[ModLifecycleEvent]>(['event']),
    onServerReady: new AsyncSeriesHook<[{ url: string }]>(['server']),
    onShutdown: new AsyncSeriesHook<[]>([]),
  } satisfies Record<KernelHookName, Hook<any, any>>;
  return Object.freeze(hooks);
}

export type HookCatalog = ReturnType<typeof createHookCatalog>;

export function isHookName(hooks: HookCatalog, name: string): name is KernelHookName {
  return Object.prototype.hasOwnProperty.call(hooks, name);
}

/** Taps `name` as `tapName` (a mod id); the disposer removes exactly that tap. */
export function tapHook<K extends KernelHookName>(hooks: HookCatalog, name: K, tapName: string, fn: HookTapFn<K>): Disposable {
  const hook = hooks[name] as unknown as Hook<unknown[], unknown> & { _resetCompilation(): void };
  const marker = Symbol(tapName);
  const tapFn = async (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args);
  (hook as unknown as { tapPromise(opts: object, fn: (...a: unknown[]) => Promise<unknown>): void }).tapPromise({ name: tapName, marker } as object, tapFn);
  return toDisposable(() => {
    // tapable has no untap: drop our tap and force the call function to be recompiled.
    hook.taps = hook.taps.filter((tap) => (tap as unknown as { marker?: symbol }).marker !== marker);
    hook._resetCompilation();
  });
}
