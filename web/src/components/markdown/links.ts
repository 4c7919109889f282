/**
 * Which link targets in model Markdown become anchors. Model output is untrusted (a prompt
 * injection can make the model write any URL), so only `http:`, `https:` and `mailto:` URLs and
 * paths on this origin are followed; anything else (`javascript:`, `data:`, `vbscript:`, `file:`,
 * …) is shown as text. The URL is read the way the browser would read it (the URL parser, which
 * also drops the tabs, newlines and leading control characters that hide a scheme).
 */
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const BASE = 'https://same-origin.invalid';

/** The href to put on an anchor, or `undefined` when the target must not be a link. */
export function safeHref(href: string | null | undefined): string | undefined {
  if (typeof href !== 'string') return undefined;
  // What the URL parser strips before it looks for a scheme.
  const cleaned = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (cleaned === '') return undefined;
  let url: URL;
  try {
    url = new URL(cleaned, `${BASE}/`);
  } catch {
    return undefined;
  }
  if (SCHEME.test(cleaned)) return ALLOWED.has(url.protocol) ? url.href : undefined;
  // A relative reference: it must stay on this origin (`//host/…` and `/\\host/…` do not).
  return url.origin === BASE ? cleaned : undefined;
}
