import { coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { docsErrors } from './errors.js';
import { docsAssetRoute, docsPageRoute } from './routes/explorer.js';
import { buildOpenApi } from './services/openapi-builder.js';
import type { RouteId } from './route-ids.js';

export default defineMod({
  errors: [docsErrors],
  deps: { http: httpRouterFor<RouteId>(), runtime: coreServices.runtimeInfo, routes: coreServices.routeCatalog },
  init({ http, runtime, routes }) {
    // Rebuilt only when a route is bound or removed (a mod enabled or disabled).
    let cached: { revision: number; doc: unknown } | undefined;
    http.route('openapi', {
      schema: { tags: ['docs'], response: { 200: { type: 'object', required: ['openapi', 'paths'] } } },
      handler() {
        const revision = routes.revision();
        if (cached?.revision !== revision) cached = { revision, doc: buildOpenApi(runtime, routes) };
        return cached.doc;
      },
    });
    http.route('docs', docsPageRoute());
    http.route('docs-asset', docsAssetRoute());
  },
});
