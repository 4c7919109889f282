/** What `GET /api/mod-management` shows of Git mods: installed ones with their release and any newer one, and what is offered. */
import semver from 'semver';
import type { ModManagementEntry } from '../mod-host.js';
import type { InstallStore } from './install-store.js';
import type { ModOrigins } from './mod-origins.js';
import type { SourceCatalog } from './source-catalog.js';

export interface ManagedEntry extends ModManagementEntry {
  source?: { sourceId: string; version: string; tag: string; commit: string; contentHash: string };
  updateAvailable?: { version: string; tag: string } | null;
}

export interface AvailableMod {
  modId: string;
  name: string;
  description?: string;
  version: string;
  sourceId: string;
  tag: string;
  commit: string;
}

/**
 * The management catalogue: installed mods (Git ones with the release they came from and a
 * newer accepted release of their own source, if any: another source offering the same id is
 * another publisher and never an update) and, for mods not installed, the latest release each
 * source offers (one entry per source and mod).
 */
export async function managementView(installs: InstallStore, origins: ModOrigins, catalog: SourceCatalog, installed: ModManagementEntry[]): Promise<{ installed: ManagedEntry[]; available: AvailableMod[] }> {
  const [records, offers, originOf, sources] = await Promise.all([installs.list(), catalog.latestOffers(), origins.list(), catalog.list()]);
  const byMod = new Map(records.map((r) => [r.modId, r]));
  const ids = new Set(installed.map((m) => m.id));
  return {
    installed: installed.map((mod) => {
      const record = byMod.get(mod.id);
      if (!record) return mod;
      // Its source by id, or the same repository added again under a new id.
      const urlKey = originOf.get(mod.id)?.urlKey;
      const own = sources.find((s) => s.id === record.sourceId) ?? (urlKey === undefined ? undefined : sources.find((s) => s.urlKey === urlKey));
      const latest = own && offers.find((o) => o.source.id === own.id && o.release.modId === mod.id)?.release;
      const newer = latest && semver.valid(record.version) && semver.gt(latest.version, record.version);
      return {
        ...mod,
        source: { sourceId: record.sourceId, version: record.version, tag: record.tag, commit: record.commit, contentHash: record.contentHash },
        updateAvailable: newer ? { version: latest.version, tag: latest.tag } : null,
      };
    }),
    available: offers
      .filter((o) => !ids.has(o.release.modId))
      .map(({ source, release }) => ({
        modId: release.modId,
        name: release.name ?? release.modId,
        ...(release.description ? { description: release.description } : {}),
        version: release.version,
        sourceId: source.id,
        tag: release.tag,
        commit: release.commit,
      })),
  };
}
