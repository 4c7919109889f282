/**
 * `GET /` (the UI page) and `GET /ui/assets/{file}`. The page runs under a strict
 * Content-Security-Policy: the build emits no inline script, only `/ui/assets/` files.
 */
import { respond, type RouteBinding } from '../../../../sdk/index.js';
import { webUiErrors } from '../errors.js';
import type { UiBundle } from '../services/ui-bundle.js';

export const UI_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

const PAGE_HEADERS = {
  'content-security-policy': UI_CSP,
  // The page names the current hashed assets, so it must be revalidated after every build.
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>svc</title></head>
<body>
<h1>svc</h1>
<p>The operator UI is not built. Run <code>npm run build:web</code> in the installation folder, then reload this page.</p>
<p>The HTTP API works without it; the API explorer is at <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

export function pageRoute(bundle: UiBundle): RouteBinding {
  return {
    schema: { tags: ['ui'] },
    async handler() {
      const page = await bundle.page();
      return respond.bytes(page ?? NOT_BUILT_PAGE, { contentType: 'text/html; charset=utf-8', headers: PAGE_HEADERS });
    },
  };
}

export function assetRoute(bundle: UiBundle): RouteBinding<unknown, unknown, { file: string }> {
  return {
    schema: {
      tags: ['ui'],
      params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[A-Za-z0-9._-]+$', maxLength: 200 } } },
    },
    async handler({ params }) {
      const asset = await bundle.asset(params.file);
      if (!asset) throw webUiErrors.uiAssetNotFound({ file: params.file });
      return respond.bytes(asset.body, {
        contentType: asset.contentType,
        // Names carry a content hash: a changed file gets a new name.
        headers: { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
      });
    },
  };
}
