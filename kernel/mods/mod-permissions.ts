/**
 * What an installed (sandboxed) mod asks for, as the operator reviews it before enabling: the
 * source it comes from, outbound hosts, its key-value store, the secrets and settings it reads,
 * its routes, tools, UI slots and contributions to other mods' extension points, and its memory.
 * A release is enabled only when everything it asks for was approved; an update that asks for
 * more waits for the difference (`diffPermissions`) to be approved.
 */
import { createHash } from 'node:crypto';
import type { ModManifest } from '../../sdk/manifest.js';

/** The reviewable requests of one release; every list sorted, so equal requests digest equally. */
export interface ModPermissions {
  /** Where the code comes from (the Git source's URL), or null for a local root. */
  source: string | null;
  egress: string[];
  data: boolean;
  secrets: string[];
  /** Top-level keys of the settings schema the mod reads. */
  settings: string[];
  routes: string[];
  tools: string[];
  ui: string[];
  /** `<point id>` of each extension point the mod contributes to, with the number of items. */
  extensions: string[];
  memoryMb: number;
}

/** What a request asks for beyond an approval (and what it no longer asks for). */
export interface PermissionDiff {
  added: Partial<Record<keyof ModPermissions, unknown>>;
  removed: Partial<Record<keyof ModPermissions, unknown>>;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

export function requestedPermissions(manifest: ModManifest, source: string | null, defaultMemoryMb: number): ModPermissions {
  const contributes = manifest.contributes ?? {};
  const settingsSchema = contributes.settings as { properties?: Record<string, unknown> } | undefined;
  return {
    source,
    egress: sorted((manifest.sandbox?.egress ?? []).map((h) => h.toLowerCase())),
    data: manifest.sandbox?.data === true,
    secrets: sorted(manifest.sandbox?.secrets ?? []),
    settings: sorted(Object.keys(settingsSchema?.properties ?? {})),
    routes: sorted((contributes.routes ?? []).map((r) => `${r.method} ${r.path}`)),
    tools: sorted((contributes.tools ?? []).map((t) => t.name)),
    ui: sorted(Object.keys(contributes.ui ?? {})),
    extensions: sorted(Object.entries(contributes.extensions ?? {}).map(([point, items]) => `${point} (${items.length})`)),
    memoryMb: manifest.sandbox?.memoryMb ?? defaultMemoryMb,
  };
}

/** A stable digest of a request: what the operator saw is what an approval names. */
export function permissionsDigest(permissions: ModPermissions): string {
  const canonical = JSON.stringify(
    Object.keys(permissions)
      .sort()
      .map((key) => [key, permissions[key as keyof ModPermissions]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * `requested` against `approved` (none: everything is new). A list item, a `true` or a larger
 * memory bound that the approval lacks is added; a different source is always added.
 */
export function diffPermissions(approved: ModPermissions | undefined, requested: ModPermissions): PermissionDiff {
  const added: PermissionDiff['added'] = {};
  const removed: PermissionDiff['removed'] = {};
  for (const key of Object.keys(requested) as Array<keyof ModPermissions>) {
    const want = requested[key];
    const had = approved?.[key];
    if (Array.isArray(want)) {
      const before = new Set(Array.isArray(had) ? had : []);
      const now = new Set(want);
      const more = want.filter((item) => !before.has(item));
      const less = [...before].filter((item) => !now.has(item as string));
      if (more.length > 0) added[key] = more;
      if (less.length > 0) removed[key] = less;
    } else if (key === 'data') {
      if (want === true && had !== true) added.data = true;
      if (want === false && had === true) removed.data = true;
    } else if (key === 'memoryMb') {
      if (typeof had !== 'number' || (want as number) > had) added.memoryMb = want;
      else if ((want as number) < had) removed.memoryMb = want;
    } else if (key === 'source') {
      if (approved === undefined || had !== want) added.source = want;
    }
  }
  return { added, removed };
}

/** True when `diff` asks for nothing the approval did not cover. */
export const coversAll = (diff: PermissionDiff): boolean => Object.keys(diff.added).length === 0;
