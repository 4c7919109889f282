/**
 * The API explorer: Swagger UI served from the installed package's files (no CDN). Only an
 * allowlist of assets is served; the page loads its initializer from a file so a strict
 * Content-Security-Policy (no inline script) holds.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { respond, type RouteBinding } from '../../../../sdk/index.js';
import { docsErrors as errors } from '../errors.js';

const require = createRequire(import.meta.url);
const assetDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).toString(),
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout'
  });
});
`;

// Relative URLs: the page is /api/docs, so "docs/x" is /api/docs/x, also behind a path-prefixing proxy.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>svc API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/swagger-ui-standalone-preset.js"></script>
<script src="docs/svc-init.js"></script>
</body>
</html>
`;

const cache = new Map<string, Buffer>();

export function docsPageRoute(): RouteBinding {
  return {
    schema: { tags: ['docs'] },
    handler: () => respond.bytes(PAGE, { contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': CSP } }),
  };
}

export function docsAssetRoute(): RouteBinding<unknown, unknown, { asset: string }> {
  return {
    schema: {
      tags: ['docs'],
      params: { type: 'object', required: ['asset'], properties: { asset: { type: 'string', pattern: '^[A-Za-z0-9._-]+$', maxLength: 80 } } },
    },
    async handler({ params }) {
      if (params.asset === 'svc-init.js') return respond.bytes(INIT_SCRIPT, { contentType: 'text/javascript; charset=utf-8' });
      if (params.asset === 'openapi.json') return respond.json(null, { status: 308, headers: { location: '../openapi.json' } });
      const type = ASSETS[params.asset];
      if (!type) throw errors.docsAssetNotFound({ asset: params.asset });
      let body = cache.get(params.asset);
      if (!body) {
        body = await readFile(path.join(assetDir, params.asset));
        cache.set(params.asset, body);
      }
      return respond.bytes(body, { contentType: type, headers: { 'cache-control': 'public, max-age=86400' } });
    },
  };
}
