import { coreServices, defineMod, httpRouterFor } from '../../../sdk/index.js';
import { healthRoute } from './routes/health.js';
import type { RouteId } from './route-ids.js';

export default defineMod({
  deps: { http: httpRouterFor<RouteId>(), runtime: coreServices.runtimeInfo },
  init({ http, runtime }) {
    const route = healthRoute(runtime);
    http.route('health', route);
    http.route('api-health', route);
  },
});
