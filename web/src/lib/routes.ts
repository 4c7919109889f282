/**
 * Hash routes: `#/<page>` (the shell's `#/mods`, or a page the mods contribute: see
 * `lib/mod-views`) and `#/<page>/<rest>` (handed to the page's view, e.g. one agent at
 * `#/agents/<id>`). Anything else shows the default view.
 */
export const DEFAULT_PAGE = 'mods';

export interface Route {
  page: string;
  /** What follows the page, decoded: `#/agents/<id>` gives the id. */
  path?: string;
  /** False when the hash named no page and the default is shown (so the app may pick another, e.g. the wizard). */
  explicit: boolean;
}

export function routeFromHash(hash: string): Route {
  const match = /^#\/([a-z0-9-]+)(?:\/([^/?#]+))?/.exec(hash);
  if (!match?.[1]) return { page: DEFAULT_PAGE, explicit: false };
  if (!match[2]) return { page: match[1], explicit: true };
  try {
    return { page: match[1], path: decodeURIComponent(match[2]), explicit: true };
  } catch {
    return { page: match[1], explicit: true };
  }
}

export function agentHref(id: string): string {
  return `#/agents/${encodeURIComponent(id)}`;
}
