/**
 * `core.hooks`: the mod's hook facade.
 */
import type { Disposable } from '../disposable.js';
import type { HookTapFn, KernelHookName } from '../hooks.js';
import { createServiceRef } from '../service-ref.js';

/** Taps the kernel's lifecycle hooks; the tap is named after the mod and removed on disable. @public */
export interface HooksService {
  /** Taps hook `name`; the manifest must list it in `uses.hooks`. */
  tap<K extends KernelHookName>(name: K, fn: HookTapFn<K>): Disposable;
}

/** The mod's hook facade. @public */
export const hooksServiceRef = createServiceRef<HooksService>({ id: 'core.hooks', scope: 'mod' });
