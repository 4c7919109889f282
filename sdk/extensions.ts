/**
 * Extension points: how a mod lets others plug into its feature without the kernel knowing
 * the feature. The owner declares a point in its manifest (`contributes.extensionPoints`);
 * other mods contribute plain data in their manifests (`contributes.extensions`, checked
 * against the point's schema) or tap a hook point at run time through
 * `coreServices.extensions` (listed in `uses.extensionPoints`). The owner reads the
 * contributions and calls its hooks through the same service; a disabled mod's contributions
 * are gone, and a point whose owner is disabled has no effect.
 */
import type { Disposable } from './disposable.js';

/** How a hook point runs its taps. @public */
export type ExtensionHookType = 'series' | 'waterfall' | 'bail' | 'parallel';

/**
 * A hook point as its owner publishes it in its contract: the id and the argument and result
 * types. `R` is what a tap returns and what the owner's call resolves to: for `waterfall` the
 * first argument's type (each tap returns it changed), for `bail` the veto type or undefined
 * (the first non-undefined result wins), for `series`/`parallel` void.
 * @public
 */
export interface HookPointRef<A extends unknown[], R = void> {
  /** `<ownerModId>.<name>`. */
  readonly id: string;
  readonly kind: 'hook';
  /** Phantom fields that keep the types; never set at run time. */
  readonly $args?: A;
  readonly $result?: R;
}

/**
 * A list point: contributions are items of type `T`, plain data declared in manifests or values
 * (objects with functions, such as adapters) a mod provides at run time. @public
 */
export interface ListPointRef<T> {
  readonly id: string;
  readonly kind: 'list';
  readonly $item?: T;
}

const POINT_ID = /^[a-z0-9]+(-[a-z0-9]+)*\.[A-Za-z][A-Za-z0-9-]*$/;

function checkPointId(id: string): void {
  if (!POINT_ID.test(id)) throw new TypeError(`extension point id "${id}" must look like "<ownerModId>.<name>"`);
}

/** Names a hook point with its types (the owner's contract publishes it). @public */
export function createHookPointRef<A extends unknown[], R = void>(id: string): HookPointRef<A, R> {
  checkPointId(id);
  return Object.freeze({ id, kind: 'hook' as const });
}

/** Names a list point with its item type. @public */
export function createListPointRef<T>(id: string): ListPointRef<T> {
  checkPointId(id);
  return Object.freeze({ id, kind: 'list' as const });
}

/** The function a mod taps onto hook point `P`. @public */
export type ExtensionTapFn<A extends unknown[], R> = (...args: A) => R | Promise<R>;

/** One contribution as its point's owner sees it. @public */
export interface ExtensionContribution<T> {
  /** The contributing mod. */
  modId: string;
  value: T;
  /** `manifest`: a data item of `contributes.extensions`; `runtime`: provided or tapped through the mod's scope. */
  source: 'manifest' | 'runtime';
}

/** A contribution came or went (a mod was enabled or disabled, a tap registered or disposed). @public */
export interface ExtensionChange {
  pointId: string;
  modId: string;
  change: 'added' | 'removed';
}

/** The owner's side of a list point. @public */
export interface OwnedListPoint<T> {
  readonly id: string;
  /** Current contributions of enabled mods, in the order the mods were enabled. */
  contributions(): Array<ExtensionContribution<T>>;
  /** Told after every change; the disposer (also run on the owner's disable) stops it. */
  onChange(listener: (change: ExtensionChange) => void): Disposable;
}

/** The owner's side of a hook point. @public */
export interface OwnedHookPoint<A extends unknown[], R> {
  readonly id: string;
  /**
   * Runs the taps as the point's manifest `hook.type` says. Arguments are plain data: a live
   * transaction among them is refused (`mod_transaction_not_shareable`); to let taps write in
   * the owner's transaction, pass `database.unitOfWork(trx)` and let them join it.
   */
  call(...args: A): Promise<R>;
  /** Ids of the mods tapping now, in call order. */
  taps(): string[];
  onChange(listener: (change: ExtensionChange) => void): Disposable;
}

/** Taps other mods' hook points and reads the mod's own points. @public */
export interface ExtensionsService {
  /**
   * Taps hook point `point`; the manifest must list its id in `uses.extensionPoints`. The tap
   * is named after the mod and removed on disable (or by the disposer). A point whose owner is
   * not enabled keeps the tap without calling it.
   */
  tap<A extends unknown[], R>(point: HookPointRef<A, R>, fn: ExtensionTapFn<A, R>): Disposable;
  /**
   * Adds `value` to list point `point` at run time (a value that is not plain data, such as an
   * adapter object); the manifest must list the id in `uses.extensionPoints`. The disposer (also
   * run when the mod is disabled) removes it. A point whose owner is not enabled keeps it until
   * the owner reads its contributions.
   */
  provide<T>(point: ListPointRef<T>, value: T): Disposable;
  /** The owner's handle on a hook point its manifest declares. */
  hook<A extends unknown[], R>(point: HookPointRef<A, R>): OwnedHookPoint<A, R>;
  /** The owner's handle on a list point its manifest declares. */
  list<T>(point: ListPointRef<T>): OwnedListPoint<T>;
}
