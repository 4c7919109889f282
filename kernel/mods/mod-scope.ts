/**
 * The per-mod awilix scope: the services a mod receives, each bound to the mod's id and
 * manifest, each recording what it registers so disable can undo it in reverse order. What
 * each service is and how it is built is in its own file in `kernel/services/`.
 */
import { asFunction, asValue, type AwilixContainer } from 'awilix';
import type { Disposable } from '../../sdk/disposable.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { KERNEL_SERVICE_DEFINITIONS } from '../services/index.js';

/** The mod's registrations, undone in reverse order on disable. */
export class DisposerStack {
  private readonly items: Disposable[] = [];
  private closed = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Records `item`; after the stack closed (a late registration from a timed-out init) it is undone at once. */
  add<T extends Disposable>(item: T): T {
    if (this.closed) {
      void Promise.resolve(item.dispose()).catch(this.onError);
      throw new Error('the mod is no longer enabled');
    }
    this.items.push(item);
    return item;
  }

  async dispose(): Promise<void> {
    this.closed = true;
    while (this.items.length > 0) {
      const item = this.items.pop()!;
      try {
        await item.dispose();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/**
 * Registers the mod-scoped core services in a fresh child scope of `root`. The mod host
 * resolves from it only the ids in `KERNEL_SERVICES`; the `kernel.*` entries are the
 * material these services are built from and never reach a mod.
 */
export function createModContainer(root: AwilixContainer, manifest: ModManifest, disposers: DisposerStack): AwilixContainer {
  const scope = root.createScope();
  scope.register({
    modId: asValue(manifest.id),
    manifest: asValue(manifest),
    disposers: asValue(disposers),
  });
  for (const service of KERNEL_SERVICE_DEFINITIONS) {
    if (service.scope === 'mod') scope.register(service.id, asFunction(service.build).scoped());
  }
  return scope;
}
