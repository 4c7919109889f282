/**
 * The sections of the Settings page, read from what the page draws: every element marked
 * `data-settings-section="<label>"` with an id `settings-<key>` is one (a mod's view may mark
 * each of its panels, as the settings mod does). A mod's part that marks none (a declarative
 * settings form, a view with one panel) is one section under its slot's title, keyed by the
 * mod's id. `#/settings/<key>` opens
 * the page at a section.
 */
export interface SettingsSection {
  /** The address segment: `#/settings/<key>`. */
  key: string;
  label: string;
  element: HTMLElement;
}

export const SECTION_PREFIX = 'settings-';

export const sectionHref = (key: string): string => `#/settings/${encodeURIComponent(key)}`;

/** Each `[data-settings-part]` of `root` (one per contributing mod), in page order. */
export function sectionsIn(root: HTMLElement): SettingsSection[] {
  const sections: SettingsSection[] = [];
  for (const part of root.querySelectorAll<HTMLElement>('[data-settings-part]')) {
    const marked = [...part.querySelectorAll<HTMLElement>('[data-settings-section]')].filter((el) => el.id.startsWith(SECTION_PREFIX));
    for (const element of marked.length ? marked : [part]) {
      const label = (element.dataset.settingsSection || element.dataset.settingsTitle || '').trim();
      // A key twice (a mod whose id is another's panel name) keeps the first: one anchor per key.
      if (label && element.id.startsWith(SECTION_PREFIX) && !sections.some((s) => s.element.id === element.id)) sections.push({ key: element.id.slice(SECTION_PREFIX.length), label, element });
    }
  }
  return sections;
}

/** The section being read: the last one whose top has passed `offset` pixels from the viewport's top (the first before any has). */
export function currentSection(sections: readonly SettingsSection[], offset: number): SettingsSection | undefined {
  let current = sections[0];
  for (const section of sections) {
    if (section.element.getBoundingClientRect().top - offset <= 0) current = section;
    else break;
  }
  return current;
}
