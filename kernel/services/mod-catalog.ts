/** `core.mod-catalog`: read access to the mod catalog. */
import type { ModCatalogService } from '../../sdk/core/mod-catalog.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const modCatalogService: RootServiceDefinition<ModCatalogService> = {
  id: 'core.mod-catalog',
  scope: 'root',
  capability: 'kernel.introspect',
  build: (c) => {
    const host = c['kernel.mod-host'];
    return {
      list: () => host.list(),
      get: (id: string) => host.get(id),
      manifest: (id: string) => host.manifestOf(id),
    };
  },
};
