import path from 'node:path';
import { coreServices, defineMod } from '../../../sdk/index.js';
import { webUiErrors } from './errors.js';
import { assetRoute, pageRoute } from './routes/ui.js';
import { UiBundle } from './services/ui-bundle.js';

/** The repository root: this file is `<root>/system-mods/web-ui/src/index.ts`. */
const projectRoot = path.resolve(import.meta.dirname, '../../..');

export default defineMod({
  errors: [webUiErrors],
  deps: { http: coreServices.httpRouter },
  init({ http }) {
    const bundle = new UiBundle(path.join(projectRoot, 'web', 'dist'));
    http.route('page', pageRoute(bundle));
    http.route('asset', assetRoute(bundle));
  },
});
