/** What `GET /api/mod-management` shows of Git mods: installed ones with their release and any newer one, and what is offered. */
import semver from 'semver';
import type { ModManagementEntry } from '../mod-host.js';
import type { InstallStore } from './install-store.js';
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
 * newer accepted release, if any) and the latest release of every mod offered but not installed.
 */
export async function managementView(installs: InstallStore, catalog: SourceCatalog, installed: ModManagementEntry[]): Promise<{ installed: ManagedEntry[]; available: AvailableMod[] }> {
  const [records, offers] = await Promise.all([installs.list(), catalog.latestOffers()]);
  const byMod = new Map(records.map((r) => [r.modId, r]));
  const offered = new Map(offers.map((o) => [o.release.modId, o]));
  const ids = new Set(installed.map((m) => m.id));
  return {
    installed: installed.map((mod) => {
      const record = byMod.get(mod.id);
      if (!record) return mod;
      const latest = offered.get(mod.id)?.release;
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

