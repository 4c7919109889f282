/**
 * The shell's map from mods to views. Pages come from the enabled mods' `contributes.ui`: each
 * control slot is a page named by its title (mods that give the same title share the page, e.g.
 * Connections), every settings slot is a part of the Settings page and every archive slot one of
 * the Archive page. A system mod's slot names the component it ships in `system-mods/<id>/web/`
 * (built in, found here by a glob at build time); any other slot is rendered declaratively (a
 * settings form from the mod's JSON Schema) — an installed mod never runs a script in this page.
 * A `setup` slot is no page: the first-run wizard offers it on its first step (built-in views only).
 */
import type { Component } from 'svelte';
import { api, type ModInfo } from './api';
import { resource } from './resource.svelte';

export type Slot = 'control' | 'settings' | 'archive' | 'setup';

/** Keyed by path from this file: `../../../system-mods/<id>/web/<Name>.svelte`. */
const BUILT = import.meta.glob<Component<{ path?: string }>>('../../../system-mods/*/web/*.svelte', { eager: true, import: 'default' });

/** The installed mods with their status and declared slots; the Mods view and the navigation share it. */
export const installedMods = resource(api.mods);

export interface Contribution {
  mod: ModInfo;
  /** The slot's title in the manifest. */
  title: string;
  /** The built-in component, when the mod is a system mod that names one this build holds. */
  view?: Component<{ path?: string }>;
}

export interface Page {
  /** The hash segment: `#/<id>`. */
  id: string;
  title: string;
  slot: Slot;
  /** Every mod that declares the page, enabled or not: a disabled one's page explains why it is empty. */
  contributions: Contribution[];
  /** The shell titles pages several mods share; a single mod's view brings its own heading. */
  shared: boolean;
}

export function builtView(mod: ModInfo, slot: Slot): Component<{ path?: string }> | undefined {
  const entry = mod.ui[slot]?.entry;
  if (!mod.system || !entry) return undefined;
  return BUILT[`../../../system-mods/${mod.id}/${entry}`];
}

export function slug(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Reserved for the shell's own views. */
const SHELL_PAGES = new Set(['mods']);

export function pagesFrom(mods: readonly ModInfo[]): Page[] {
  const pages = new Map<string, Page>();
  const add = (id: string, title: string, slot: Slot, contribution: Contribution) => {
    if (!id || SHELL_PAGES.has(id)) return;
    const page = pages.get(id) ?? { id, title, slot, contributions: [], shared: slot !== 'control' };
    // A settings page and a control page titled "Settings" would collide: the first keeps the id.
    if (page.slot !== slot) return;
    page.contributions.push(contribution);
    page.shared ||= page.contributions.length > 1;
    pages.set(id, page);
  };
  for (const mod of mods) {
    const control = mod.ui.control;
    if (control) add(slug(control.title), control.title, 'control', { mod, title: control.title, view: builtView(mod, 'control') });
  }
  for (const slot of ['settings', 'archive'] as const) {
    const title = slot === 'settings' ? 'Settings' : 'Archive';
    // Built-in views first, then the declarative ones.
    const declaring = mods.filter((m) => m.ui[slot]).map((mod) => ({ mod, title: mod.ui[slot]!.title, view: builtView(mod, slot) }));
    for (const contribution of [...declaring.filter((c) => c.view), ...declaring.filter((c) => !c.view)]) add(slot, title, slot, contribution);
  }
  return [...pages.values()];
}

export function isLoaded(contribution: Contribution): boolean {
  return contribution.mod.status === 'loaded';
}

/** A built-in view the first-run wizard offers instead of its steps (e.g. importing an export). */
export interface SetupOffer {
  mod: ModInfo;
  title: string;
  view: Component<{ ondone?: () => void }>;
}

/** The `setup` slots of loaded system mods that ship their component; a declarative one has nothing to run. */
export function setupOffers(mods: readonly ModInfo[]): SetupOffer[] {
  return mods.flatMap((mod) => {
    const view = mod.status === 'loaded' ? builtView(mod, 'setup') : undefined;
    return view && mod.ui.setup ? [{ mod, title: mod.ui.setup.title, view: view as Component<{ ondone?: () => void }> }] : [];
  });
}
