/**
 * What a browser gets when it opens a page whose mod is not serving: a small HTML page that says
 * which mod it is and how to enable it again, instead of raw JSON. The operator UI is a mod too
 * (`web-ui`): disabled through the API, it would otherwise leave the operator a 503 in JSON at
 * `/` with no way back but the API. Only top-level navigations get it (`Sec-Fetch-Mode:
 * navigate`, or a GET asking for HTML first); API clients keep the catalogued JSON error.
 */
import type { FastifyRequest } from 'fastify';
import type { SvcError } from '../../sdk/errors.js';

/** The page runs nothing and loads nothing. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = request.headers.accept ?? '';
  return accept.startsWith('text/html');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function unavailablePage(modId: string, error: SvcError): { headers: Record<string, string>; body: string } {
  const id = escape(modId);
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>svc: ${id} is not serving</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1c2024;background:#f6f7f9}code,pre{font-family:ui-monospace,monospace;background:#e9ecf0;border-radius:4px;padding:0.1rem 0.3rem}pre{padding:0.75rem;overflow:auto}@media (prefers-color-scheme:dark){body{color:#e4e7eb;background:#14171b}code,pre{background:#242932}}</style>
</head>
<body>
<h1>This page is not available</h1>
<p>It comes from the mod <code>${id}</code>, which is not serving: ${escape(error.message)}.</p>
<p>Enable it again through the API, as an operator (add your credentials or token as you sign in):</p>
<pre>curl -X POST -H 'content-type: application/json' -d '{}' \\
  http://&lt;this server&gt;/api/mod-management/${id}/enable</pre>
<p>or from a browser tab that still has the console open (Mods, then Enable). The HTTP API and its explorer at <a href="/api/docs">/api/docs</a> work meanwhile, if that mod is enabled.</p>
</body>
</html>
`;
  return { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body };
}
