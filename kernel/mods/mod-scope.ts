/**
 * The per-mod awilix scope: the services a mod receives, each bound to the mod's id and
 * manifest, each recording what it registers so disable can undo it in reverse order. What
 * each service is and how it is built is in its own file in `kernel/services/`.
 */
import { asFunction, asValue, type AwilixContainer } from 'awilix';
import type { ModManifest } from '../../sdk/manifest.js';
import { KERNEL_SERVICE_DEFINITIONS } from '../services/index.js';
import type { DisposerStack } from './disposer-stack.js';

export { DisposerStack } from './disposer-stack.js';

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
