/**
 * The views reachable by hash: the nav's (`#/mods`, `#/agents`, `#/status`, `#/settings`), one
 * agent (`#/agents/<id>`) and the setup wizard (`#/setup`, not in the nav); anything else shows
 * the default view.
 */
export const VIEWS = [
  { id: 'mods', title: 'Mods' },
  { id: 'agents', title: 'Agents' },
  { id: 'connections', title: 'Connections' },
  { id: 'chat', title: 'Chat' },
  { id: 'brains', title: 'Brains' },
  { id: 'status', title: 'Status' },
  { id: 'settings', title: 'Settings' },
] as const;

/** Reachable by hash only. */
export const HIDDEN_VIEWS = [{ id: 'setup', title: 'Setup' }] as const;

export type ViewId = (typeof VIEWS)[number]['id'] | (typeof HIDDEN_VIEWS)[number]['id'];

export const DEFAULT_VIEW: ViewId = 'mods';

export interface Route {
  view: ViewId;
  /** `#/agents/<id>`: the agent shown. */
  agentId?: string;
  /** False when the hash named no view and the default is shown (so the app may pick another, e.g. the wizard). */
  explicit: boolean;
}

const ALL_VIEWS: ReadonlyArray<{ id: ViewId; title: string }> = [...VIEWS, ...HIDDEN_VIEWS];

export function viewTitle(view: ViewId): string | undefined {
  return ALL_VIEWS.find((v) => v.id === view)?.title;
}

export function routeFromHash(hash: string): Route {
  const match = /^#\/([a-z-]+)(?:\/([^/?#]+))?/.exec(hash);
  const view = ALL_VIEWS.find((v) => v.id === match?.[1])?.id;
  if (!view) return { view: DEFAULT_VIEW, explicit: false };
  if (view === 'agents' && match?.[2]) {
    try {
      return { view, agentId: decodeURIComponent(match[2]), explicit: true };
    } catch {
      return { view, explicit: true };
    }
  }
  return { view, explicit: true };
}

export function agentHref(id: string): string {
  return `#/agents/${encodeURIComponent(id)}`;
}
