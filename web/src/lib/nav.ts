/**
 * The console's navigation, by what operators do: each page in a group, the groups in this
 * order. A mod places its control page with `contributes.ui.control.group`; settings slots are
 * Settings, archive slots (past conversations) are Chat; a page that names no group is under
 * "More". A group with one page is a link; with several, a menu.
 */
import type { Page } from './mod-views.svelte';

export interface NavGroup {
  id: string;
  label: string;
  /** The pages (and the shell's own links) of the group, in order. */
  links: NavLink[];
}

export interface NavLink {
  /** The page id, or `mods`; external links have none. */
  id?: string;
  title: string;
  href: string;
  external?: boolean;
}

const ORDER: Array<{ id: string; label: string }> = [
  { id: 'chat', label: 'Chat' },
  { id: 'agents', label: 'Agents' },
  { id: 'memory', label: 'Memory' },
  { id: 'work', label: 'Work' },
  { id: 'files', label: 'Files' },
  { id: 'connections', label: 'Connections' },
  { id: 'mods', label: 'Mods' },
  { id: 'settings', label: 'Settings' },
  { id: 'system', label: 'System' },
  { id: 'more', label: 'More' },
];

function groupOf(page: Page): string {
  if (page.slot === 'settings') return 'settings';
  if (page.slot === 'archive') return 'chat';
  const declared = page.contributions.find((c) => c.mod.ui.control?.group)?.mod.ui.control?.group;
  return declared && ORDER.some((g) => g.id === declared) ? declared : 'more';
}

export function navGroups(pages: readonly Page[]): NavGroup[] {
  const links = new Map<string, NavLink[]>(ORDER.map((g) => [g.id, []]));
  for (const page of pages) links.get(groupOf(page))!.push({ id: page.id, title: page.title, href: `#/${page.id}` });
  links.get('mods')!.push({ id: 'mods', title: 'Mods', href: '#/mods' });
  links.get('system')!.push({ title: 'API explorer', href: '/api/docs', external: true });
  return ORDER.map((g) => ({ ...g, links: links.get(g.id)! })).filter((g) => g.links.length > 0);
}
