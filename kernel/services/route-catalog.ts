/** `core.route-catalog`: the routes that are live now (enabled mods and the kernel). */
import type { RouteCatalogService } from '../../sdk/core/route-catalog.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const routeCatalogService: RootServiceDefinition<RouteCatalogService> = {
  id: 'core.route-catalog',
  scope: 'root',
  capability: 'kernel.introspect',
  build: (c) => {
    const routes = c['kernel.routes'];
    const host = c['kernel.mod-host'];
    const errorRegistry = c['kernel.error-registry'];
    return {
      list: () =>
        routes
          .list()
          .filter((r) => r.binding && !host.unavailable(r.owner))
          .map((r) => ({
            modId: r.owner,
            routeId: r.routeId,
            method: r.method,
            path: r.path,
            public: r.public,
            deadlineMs: r.deadlineMs,
            schema: r.binding?.schema,
            summary: r.summary,
          })),
      revision: () => routes.revision(),
      errorCodes: () => errorRegistry.entries(),
    };
  },
};
