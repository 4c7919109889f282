/** `core.extensions`: the mod's extension facade (taps on others' hook points, handles on its own). */
import type { ExtensionsService, OwnedHookPoint, OwnedListPoint } from '../../sdk/extensions.js';
import { errors } from '../errors.js';
import { refuseTransactions } from '../mods/refuse-transactions.js';
import type { ModCradle, ModServiceDefinition } from './kernel-service.js';

export const extensionsService: ModServiceDefinition<ExtensionsService> = {
  id: 'core.extensions',
  scope: 'mod',
  build: (c) => createModExtensions(c),
};

/** The mod's extension facade: taps on others' hook points, handles on its own points. */
export function createModExtensions(c: ModCradle): ExtensionsService {
  const registry = c['kernel.extensions'];
  const guard = c['kernel.table-guard'];
  const owned = (id: string, kind: 'list' | 'hook') => {
    const declared = c.manifest.contributes?.extensionPoints?.find((p) => p.id === id);
    if (!declared || declared.kind !== kind) throw errors.modExtensionPointNotOwned({ modId: c.modId, kind, point: id });
  };
  /** A run-time contribution needs the id in `uses.extensionPoints` and, once declared, the right kind of point. */
  const usable = (id: string, kind: 'list' | 'hook', what: string) => {
    if (!c.manifest.uses?.extensionPoints?.includes(id)) throw errors.modContributionUndeclared({ modId: c.modId, kind: what, name: id });
    const declared = registry.point(id)?.declaration.kind;
    if (declared && declared !== kind) {
      throw errors.modExtensionInvalid({ modId: c.modId, point: id, reason: `it is a ${declared} point; ${kind === 'hook' ? 'only hook points are tapped' : 'only list points take values'}` });
    }
  };
  return {
    tap(point, fn) {
      const id = String(point?.id);
      usable(id, 'hook', 'extension point tap');
      return c.disposers.add(registry.add(id, c.modId, fn));
    },
    provide(point, value) {
      const id = String(point?.id);
      usable(id, 'list', 'extension point contribution');
      return c.disposers.add(registry.add(id, c.modId, value));
    },
    hook(point) {
      const id = String(point?.id);
      owned(id, 'hook');
      const handle: OwnedHookPoint<unknown[], unknown> = {
        id,
        // Work in the owner's transaction reaches taps as a unit-of-work token, never as knex.
        call: async (...args) => {
          refuseTransactions(args, guard, `hook point ${id}`);
          return registry.call(id, args);
        },
        taps: () => registry.contributions(id).map((e) => e.modId),
        onChange: (listener) => c.disposers.add(registry.onChange(id, listener)),
      };
      return handle as never;
    },
    list(point) {
      const id = String(point?.id);
      owned(id, 'list');
      const handle: OwnedListPoint<unknown> = {
        id,
        contributions: () => registry.contributions(id),
        onChange: (listener) => c.disposers.add(registry.onChange(id, listener)),
      };
      return handle as never;
    },
  };
}
