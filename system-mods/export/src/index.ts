/**
 * The `export` system mod: selective export of an installation's setup as one bundle file and
 * its import elsewhere. It owns no data: each category comes from the mod that owns the data,
 * through the `export.categories` point (see `contract.ts`).
 */
import { bindRoutes, coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { CategoryRegistry } from './categories.js';
import { exportCategoryPoint } from './contract.js';
import { exportErrors } from './errors.js';
import type { RouteId } from './route-ids.js';
import { exportRoutes } from './routes.js';
import { TransferService } from './transfer-service.js';

export default defineMod({
  errors: [exportErrors],
  deps: { http: httpRouterFor<RouteId>(), extensions: coreServices.extensions, log: coreServices.logger, runtime: coreServices.runtimeInfo },
  init({ http, extensions, log, runtime }) {
    const registry = new CategoryRegistry(extensions.list(exportCategoryPoint));
    bindRoutes(http, exportRoutes(new TransferService(registry, runtime.version, log)));
  },
});
