import { coreServices, defineMod } from '../../../sdk/index.js';
import { healthRoute } from './routes/health.js';

export default defineMod({
  deps: { http: coreServices.httpRouter, runtime: coreServices.runtimeInfo },
  init({ http, runtime }) {
    const route = healthRoute(runtime);
    http.route('health', route);
    http.route('api-health', route);
  },
});
