/** The views reachable by hash (`#/mods`, `#/status`, `#/settings`); anything else shows the default view. */
export const VIEWS = [
  { id: 'mods', title: 'Mods' },
  { id: 'status', title: 'Status' },
  { id: 'settings', title: 'Settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export const DEFAULT_VIEW: ViewId = 'mods';

export function viewFromHash(hash: string): ViewId {
  const id = /^#\/([a-z-]+)/.exec(hash)?.[1];
  return VIEWS.find((v) => v.id === id)?.id ?? DEFAULT_VIEW;
}
