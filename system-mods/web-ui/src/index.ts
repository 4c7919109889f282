import path from 'node:path';
import { defineMod, httpRouterFor } from '../../../sdk/index.js';
import { webUiErrors } from './errors.js';
import { assetRoute, pageRoute } from './routes/ui.js';
import { UiBundle } from './services/ui-bundle.js';
import type { RouteId } from './route-ids.js';

/** The repository root: this file is `<root>/system-mods/web-ui/src/index.ts`. */
const projectRoot = path.resolve(import.meta.dirname, '../../..');

export default defineMod({
  errors: [webUiErrors],
  deps: { http: httpRouterFor<RouteId>() },
  init({ http }) {
    const bundle = new UiBundle(path.join(projectRoot, 'web', 'dist'));
    http.route('page', pageRoute(bundle));
    http.route('asset', assetRoute(bundle));
  },
});
