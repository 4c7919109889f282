/**
 * The one registry of extension points and their contributions, keyed by (point, mod). The
 * kernel knows no point by name: points come from the manifests of installed mods
 * (`contributes.extensionPoints`), contributions from enabled mods (manifest data, or hook taps
 * registered through the mod's scope). Each contribution is added with a disposer, so a
 * disabled mod's contributions are gone; the owner reads them, calls its hooks through
 * {@link ExtensionRegistry.call}, and is told of every change.
 */
import type { ValidateFunction } from 'ajv';
import type { Logger } from 'pino';
import { toDisposable, type Disposable } from '../../sdk/disposable.js';
import type { ExtensionChange, ExtensionContribution } from '../../sdk/extensions.js';
import type { ManifestExtensionPoint, ModManifest } from '../../sdk/manifest.js';
import { describeValidationError } from '../http/schema-validators.js';
import { errors } from '../errors.js';
import { contributionIds, schemaAjv } from './contribution-points.js';

interface DeclaredPoint {
  owner: string;
  declaration: ManifestExtensionPoint;
  validate?: ValidateFunction;
}

interface Entry {
  modId: string;
  value: unknown;
  source: 'manifest' | 'runtime';
}

type Listener = (change: ExtensionChange) => void;

export class ExtensionRegistry {
  private readonly points = new Map<string, DeclaredPoint>();
  private readonly entries = new Map<string, Entry[]>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Installed system mods: their points and the contribution ids they declare are theirs. */
  private readonly systemMods = new Set<string>();
  /** point id → contribution id → the system mod whose manifest declares it. */
  private readonly reserved = new Map<string, Map<string, string>>();

  constructor(private readonly log: Logger) {}

  /**
   * Records the points an installed mod's manifest declares (its schemas compiled once) and,
   * for a system mod, the contribution ids it declares: those stay its own whether it is
   * enabled or not, so no other mod can take one over while it is disabled. A point a system
   * mod declares is never replaced by another mod's.
   */
  declarePoints(manifest: ModManifest): void {
    const system = manifest.system === true;
    for (const declaration of manifest.contributes?.extensionPoints ?? []) {
      const existing = this.points.get(declaration.id);
      if (!system && existing && existing.owner !== manifest.id && this.systemMods.has(existing.owner)) {
        throw errors.modExtensionIdReserved({ modId: manifest.id, what: `extension point ${declaration.id}`, owner: existing.owner });
      }
    }
    for (const declaration of manifest.contributes?.extensionPoints ?? []) {
      const validate = declaration.schema ? schemaAjv.compile(declaration.schema) : undefined;
      this.points.set(declaration.id, { owner: manifest.id, declaration, validate });
    }
    if (!system) return;
    this.systemMods.add(manifest.id);
    for (const { point, id } of contributionIds(manifest)) {
      const ids = this.reserved.get(point) ?? new Map<string, string>();
      if (!ids.has(id)) ids.set(id, manifest.id);
      this.reserved.set(point, ids);
    }
  }

  /** Forgets the points (and reserved ids) of an uninstalled mod. */
  undeclarePoints(owner: string): void {
    for (const [id, point] of this.points) if (point.owner === owner) this.points.delete(id);
    this.systemMods.delete(owner);
    for (const ids of this.reserved.values()) for (const [id, by] of ids) if (by === owner) ids.delete(id);
  }

  point(id: string): DeclaredPoint | undefined {
    return this.points.get(id);
  }

  /**
   * Checks a mod's manifest contributions against the points' schemas. A point no installed mod
   * declares is not an error: its contributions wait, unread, for an owner.
   */
  checkData(manifest: ModManifest): void {
    if (manifest.system !== true) {
      // The scenario this stops: a mod enabled while a system provider was disabled declared its
      // id first, and once the system mod was back every chat went to the impostor.
      for (const { point, id } of contributionIds(manifest)) {
        const owner = this.reserved.get(point)?.get(id);
        if (owner !== undefined && owner !== manifest.id) throw errors.modExtensionIdReserved({ modId: manifest.id, what: `id ${id} at extension point ${point}`, owner });
      }
    }
    for (const [pointId, items] of Object.entries(manifest.contributes?.extensions ?? {})) {
      const point = this.points.get(pointId);
      if (!point) continue;
      if (point.declaration.kind !== 'list') {
        throw errors.modExtensionInvalid({ modId: manifest.id, point: pointId, reason: 'it is a hook point; hooks are tapped at run time, not listed' });
      }
      items.forEach((item, index) => {
        if (point.validate && !point.validate(item)) {
          throw errors.modExtensionInvalid({ modId: manifest.id, point: pointId, reason: `item ${index}: ${describeValidationError(point.validate.errors)}` });
        }
      });
    }
  }

  /** Adds a mod's manifest data contributions; the disposer removes them. */
  addData(manifest: ModManifest): Disposable[] {
    const added: Disposable[] = [];
    for (const [pointId, items] of Object.entries(manifest.contributes?.extensions ?? {})) {
      for (const item of items) added.push(this.add(pointId, manifest.id, Object.freeze(structuredClone(item)), 'manifest'));
    }
    return added;
  }

  /**
   * Adds one contribution of `modId` to `pointId`: a manifest data item, or a tap function or
   * provided value registered at run time.
   */
  add(pointId: string, modId: string, value: unknown, source: Entry['source'] = 'runtime'): Disposable {
    const entry: Entry = { modId, value, source };
    const list = this.entries.get(pointId) ?? [];
    list.push(entry);
    this.entries.set(pointId, list);
    this.notify({ pointId, modId, change: 'added' });
    return toDisposable(() => {
      const current = this.entries.get(pointId);
      const index = current?.indexOf(entry) ?? -1;
      if (index < 0) return;
      current!.splice(index, 1);
      this.notify({ pointId, modId, change: 'removed' });
    });
  }

  /**
   * The contributions to a point, system mods' first (in enable order within each group): an
   * owner that lets the first entry for a key win hears a system mod before any other, whatever
   * the order the mods were enabled in.
   */
  contributions<T>(pointId: string): Array<ExtensionContribution<T>> {
    const list = this.entries.get(pointId) ?? [];
    const ordered = [...list.filter((e) => this.systemMods.has(e.modId)), ...list.filter((e) => !this.systemMods.has(e.modId))];
    return ordered.map((e) => ({ modId: e.modId, value: e.value as T, source: e.source }));
  }

  /** Runs the taps of a hook point as its declaration says. */
  async call(pointId: string, args: unknown[]): Promise<unknown> {
    const point = this.points.get(pointId);
    const type = point?.declaration.hook?.type ?? 'series';
    const taps = [...(this.entries.get(pointId) ?? [])].map((e) => e.value as (...a: unknown[]) => unknown);
    switch (type) {
      case 'series':
        for (const tap of taps) await tap(...args);
        return undefined;
      case 'parallel':
        await Promise.all(taps.map((tap) => tap(...args)));
        return undefined;
      case 'waterfall': {
        let value = args[0];
        // As tapable's waterfall: a tap that returns nothing passes the value on unchanged.
        for (const tap of taps) {
          const next = await tap(value, ...args.slice(1));
          if (next !== undefined) value = next;
        }
        return value;
      }
      case 'bail':
        for (const tap of taps) {
          const result = await tap(...args);
          if (result !== undefined) return result;
        }
        return undefined;
    }
  }

  onChange(pointId: string, listener: Listener): Disposable {
    const set = this.listeners.get(pointId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(pointId, set);
    return toDisposable(() => {
      set.delete(listener);
    });
  }

  /** Contributions `modId` has registered right now (the contract suite asserts 0 after disable). */
  countFor(modId: string): number {
    let n = 0;
    for (const list of this.entries.values()) n += list.filter((e) => e.modId === modId).length;
    return n;
  }

  private notify(change: ExtensionChange): void {
    for (const listener of this.listeners.get(change.pointId) ?? []) {
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error, point: change.pointId }, 'an extension point listener failed');
      }
    }
  }
}
