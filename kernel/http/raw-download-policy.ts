/**
 * The one place raw answers under `/api/` are made safe to serve on the operator's origin. Raw
 * routes (the manifest's `raw`, system mods only) answer bytes or streams instead of the JSON
 * envelope: attachments, workspace files, Forge media, transcript and bundle downloads, the API
 * explorer. Their bytes are often data an agent, a tool or a model wrote, so:
 *
 * - a GET of a raw `/api/` route sent cross-site (`Sec-Fetch-Site: cross-site`) is refused before
 *   the route runs: a page elsewhere has no business loading them (a `<script src>` of an agent's
 *   `.js` file once read its contents);
 * - every raw `/api/` answer is `nosniff`, so a browser never runs bytes as a type they were not
 *   served as;
 * - a download (an answer that names itself a file with `Content-Disposition`) of a type a
 *   browser would run or style with — HTML, SVG and other XML, JavaScript, CSS, or no type at
 *   all — is sent as `attachment` and `application/octet-stream` in a `sandbox` CSP, whatever
 *   the owner chose, so it can never execute on this origin or be included from another.
 *
 * Raw answers without `Content-Disposition` are the owner's own pages and assets (the API
 * explorer's HTML and scripts) and keep their types. `Cross-Origin-Resource-Policy:
 * same-origin` is set on every `/api/` answer by the edge policy (`plugins/edge-policy.ts`).
 */
import type { ResponseHeaders } from '../../sdk/http.js';
import { errors } from '../errors.js';

/** The part of a route entry the policy reads. */
export interface RawRouteFacts {
  raw: boolean;
  method: string;
  /** The declared template, e.g. `/api/attachments/{agentId}/{artifactPath}`. */
  path: string;
}

const isApiPath = (path: string) => path.startsWith('/api/');

/** Raw GET routes under `/api/`: what a browser could be made to fetch from another site. */
export function isRawApiRead(route: RawRouteFacts): boolean {
  return route.raw && route.method === 'GET' && isApiPath(route.path);
}

/** Throws `cross_site_download_refused` for a browser's cross-site request of a raw `/api/` read. */
export function refuseCrossSite(route: RawRouteFacts, secFetchSite: string | string[] | undefined): void {
  if (secFetchSite === undefined || !isRawApiRead(route)) return;
  const site = (Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite)?.trim().toLowerCase();
  if (site === 'cross-site') throw errors.crossSiteDownloadRefused();
}

/**
 * Media types a browser executes, renders as a document or applies as a style when it meets
 * them inline or through `<script>`/`<link>`/`<iframe>`/`<object>`.
 */
const ACTIVE =
  /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/xsl|[a-z0-9.+-]+\/[a-z0-9.+-]*\+xml|(?:text|application)\/(?:x-)?(?:javascript|ecmascript|jscript|livescript)|text\/css|application\/x-shockwave-flash|text\/cache-manifest|text\/x-component)$/;

/** True when `contentType` is one a browser could run or render with this origin's authority. */
export function isActiveContentType(contentType: string | undefined): boolean {
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  return !media || ACTIVE.test(media);
}

function headerKey(headers: ResponseHeaders, name: string): string | undefined {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return key;
  return undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The headers a raw answer is sent with: the owner's, hardened as described above. `path` is
 * the route's declared template; answers outside `/api/` (the operator UI's page and assets)
 * are the owner's as they are.
 */
export function hardenRawAnswer(path: string, headers: ResponseHeaders): ResponseHeaders {
  if (!isApiPath(path)) return headers;
  const out: ResponseHeaders = { ...headers };
  const sniff = headerKey(out, 'x-content-type-options');
  if (sniff) delete out[sniff];
  out['x-content-type-options'] = 'nosniff';

  const dispositionKey = headerKey(out, 'content-disposition');
  if (!dispositionKey) return out;
  const typeKey = headerKey(out, 'content-type');
  if (!isActiveContentType(single(typeKey ? out[typeKey] : undefined))) return out;

  // Keep the owner's file name; only the disposition type and the content type change.
  const disposition = single(out[dispositionKey]) ?? '';
  const params = disposition.includes(';') ? disposition.slice(disposition.indexOf(';')) : '';
  delete out[dispositionKey];
  if (typeKey) delete out[typeKey];
  out['content-disposition'] = `attachment${params}`;
  out['content-type'] = 'application/octet-stream';
  const cspKey = headerKey(out, 'content-security-policy');
  if (cspKey) delete out[cspKey];
  out['content-security-policy'] = "default-src 'none'; sandbox";
  return out;
}
