/**
 * Installs, updates and uninstalls Git mods: picks the latest accepted release, writes its tree
 * into a staging folder under the data dir, checks it, and hands the host a swap into
 * `<dataDir>/mods/<modId>` that it can undo. Never runs `npm install`, a Git hook or any
 * script of the mod; the host validates the manifest and runs the mod's migrations.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import semver from 'semver';
import type { ModStatus } from '../../../sdk/core-services.js';
import { isSvcError } from '../../../sdk/errors.js';
import { errors } from '../../errors.js';
import type { ModSource } from '../mod-discovery.js';
import type { ModHost, ModManagementEntry } from '../mod-host.js';
import type { InstallRecord, InstallStore } from './install-store.js';
import type { SourceCatalog } from './source-catalog.js';
import { GitReadError } from './source-repository.js';
import { checkTree, extractTree, UnsafeTreeError } from './tree-extractor.js';

export interface ReleaseInstallerDeps {
  catalog: SourceCatalog;
  installs: InstallStore;
  host: ModHost;
  dataDir: string;
  log: Logger;
}

export interface InstallResult {
  mod: ModStatus;
  release: { version: string; tag: string; commit: string; contentHash: string; sourceId: string };
  updated: boolean;
}

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

/** Inside a staging folder: the previous code while an update is in flight. */
const PREVIOUS = 'previous';

export class ReleaseInstaller {
  /** Installs and uninstalls in flight, by mod id (one at a time per mod). */
  private readonly busy = new Set<string>();
  readonly modsDir: string;
  private readonly stagingDir: string;
  private recorded = new Set<string>();

  constructor(private readonly deps: ReleaseInstallerDeps) {
    this.modsDir = path.join(deps.dataDir, 'mods');
    // Beside `mods/` on the same file system, so moving a folder in is one rename.
    this.stagingDir = path.join(deps.dataDir, 'mod-staging');
  }

  /** The root of installed Git mods, sandboxed; only folders with an install record are mods. */
  get root(): ModSource {
    return { root: this.modsDir, system: false, sandboxed: true, recorded: this.recorded };
  }

  /**
   * Before boot: puts back code an interrupted update had moved aside (the one unambiguous
   * case: the mod's folder is missing), clears staging leftovers, reads the install records.
   */
  async prepareBoot(): Promise<ModSource> {
    if (existsSync(this.stagingDir)) {
      for (const name of await readdir(this.stagingDir)) {
        const modId = name.slice(0, name.lastIndexOf('.'));
        const previous = path.join(this.stagingDir, name, PREVIOUS);
        const live = path.join(this.modsDir, modId);
        if (modId && existsSync(previous) && !existsSync(live)) {
          await rename(previous, live);
          this.deps.log.warn({ mod: modId }, 'an interrupted update was undone');
        }
        await rm(path.join(this.stagingDir, name), { recursive: true, force: true });
      }
    }
    for (const record of await this.deps.installs.list()) this.recorded.add(record.modId);
    return this.root;
  }

  async install(modId: string, options: { version?: string; sourceId?: string }): Promise<InstallResult> {
    return this.exclusive(modId, async () => {
      const existing = this.deps.host.get(modId);
      const installedFromGit = await this.deps.installs.get(modId);
      if (existing && !installedFromGit) throw errors.modInstallConflict({ modId });
      const offer = await this.deps.catalog.latestOffer(modId, options.sourceId);
      if (!offer) throw errors.modReleaseNotFound({ modId });
      const { source, release } = offer;
      if (options.version !== undefined && semver.clean(options.version) !== release.version) {
        throw errors.modVersionNotLatest({ modId, version: options.version, latest: release.version });
      }
      await mkdir(this.stagingDir, { recursive: true });
      const staging = await mkdtemp(path.join(this.stagingDir, `${modId}.`));
      try {
        const staged = path.join(staging, modId);
        const contentHash = await this.extract(modId, release.tag, source.id, release.commit, staged);
        await this.checkStagedManifest(modId, release.tag, staged);
        const live = path.join(this.modsDir, modId);
        const previous = path.join(staging, PREVIOUS);
        const record: Omit<InstallRecord, 'installedAt' | 'updatedAt'> = {
          modId,
          sourceId: source.id,
          tag: release.tag,
          version: release.version,
          commit: release.commit,
          contentHash,
        };
        const result = await this.deps.host.installAtRuntime({
          modId,
          source: this.root,
          swapIn: async () => {
            await mkdir(this.modsDir, { recursive: true });
            if (existsSync(live)) await rename(live, previous);
            await rename(staged, live);
            this.recorded.add(modId);
          },
          swapBack: async () => {
            if (existsSync(live)) await rename(live, path.join(staging, 'failed'));
            if (existsSync(previous)) await rename(previous, live);
            else this.recorded.delete(modId);
          },
          commit: async () => {
            await this.deps.installs.put(record);
          },
        });
        this.deps.log.info({ mod: modId, version: release.version, tag: release.tag, commit: release.commit, updated: result.updated }, 'mod installed from Git');
        return { mod: result.mod, release: { version: release.version, tag: release.tag, commit: release.commit, contentHash, sourceId: source.id }, updated: result.updated };
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    });
  }

  /** Uninstalls through the host (refused for system mods), then removes a Git mod's code and record. */
  async uninstall(modId: string): Promise<void> {
    await this.exclusive(modId, async () => {
      await this.deps.host.uninstall(modId);
      if (!(await this.deps.installs.get(modId))) return;
      const live = path.join(this.modsDir, modId);
      if (existsSync(live)) {
        // Moved out first so the removal is never half-visible under `mods/`.
        await mkdir(this.stagingDir, { recursive: true });
        const trash = await mkdtemp(path.join(this.stagingDir, `${modId}.`));
        await rename(live, path.join(trash, 'removed'));
        await rm(trash, { recursive: true, force: true });
      }
      await this.deps.installs.remove(modId);
      this.recorded.delete(modId);
    });
  }

  /**
   * The management catalogue: installed mods (Git ones with the release they came from and a
   * newer accepted release, if any) and the latest release of every mod offered but not installed.
   */
  async managementView(installed: ModManagementEntry[]): Promise<{ installed: ManagedEntry[]; available: AvailableMod[] }> {
    const [records, offers] = await Promise.all([this.deps.installs.list(), this.deps.catalog.latestOffers()]);
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

  private async extract(modId: string, tag: string, sourceId: string, commit: string, dest: string): Promise<string> {
    try {
      return await this.deps.catalog.withRepository(sourceId, async (repo) => extractTree(repo, checkTree(await repo.tree(commit)), dest));
    } catch (error) {
      if (error instanceof UnsafeTreeError) throw errors.modReleaseUnsafe({ modId, tag, reason: error.message });
      if (error instanceof GitReadError) throw errors.modInstallFailed({ modId, reason: `reading the release failed: ${error.message}` });
      if (isSvcError(error)) throw error;
      throw errors.modInstallFailed({ modId, reason: (error as Error).message });
    }
  }

  /** The tree is the one inspected, but its `mod.json` is what will be installed: check its id again. */
  private async checkStagedManifest(modId: string, tag: string, dir: string): Promise<void> {
    let manifest: { id?: unknown; system?: unknown };
    try {
      manifest = JSON.parse(await readFile(path.join(dir, 'mod.json'), 'utf8')) as typeof manifest;
    } catch (error) {
      throw errors.modReleaseUnsafe({ modId, tag, reason: `mod.json cannot be read: ${(error as Error).message}` });
    }
    if (manifest.id !== modId) throw errors.modReleaseUnsafe({ modId, tag, reason: `mod.json names ${String(manifest.id)}` });
    if (manifest.system === true) throw errors.modReleaseUnsafe({ modId, tag, reason: '"system": true is for mods shipped with the runtime' });
  }

  private async exclusive<T>(modId: string, fn: () => Promise<T>): Promise<T> {
    if (this.busy.has(modId)) throw errors.modInstallInProgress({ modId });
    this.busy.add(modId);
    try {
      return await fn();
    } finally {
      this.busy.delete(modId);
    }
  }
}
