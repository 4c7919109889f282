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
import type { ChangeBus } from '../../storage/change-bus.js';
import type { InstallRecord, InstallStore } from './install-store.js';
import { managementView, type AvailableMod, type ManagedEntry } from './management-view.js';
import { ModOrigins, type ModOrigin } from './mod-origins.js';
import { dropModState } from './mod-state-reset.js';
import { PlacedReleases } from './placed-releases.js';
import { latestAccepted } from './release-inspector.js';
import type { SourceCatalog } from './source-catalog.js';
import type { ModSourceRecord } from './source-store.js';
import { GitReadError } from './source-repository.js';
import { untrustedManifestProblems } from '../untrusted-manifest.js';
import { extractTree, readTree, UnsafeTreeError } from './tree-extractor.js';

export interface ReleaseInstallerDeps {
  catalog: SourceCatalog;
  installs: InstallStore;
  host: ModHost;
  dataDir: string;
  log: Logger;
  /**
   * The database's named advisory lock (`Database.namedLock`): two processes never install,
   * update or uninstall one mod at once. Absent: this process's own bookkeeping only.
   */
  lock?: <T>(name: string, wait: boolean, fn: () => Promise<T>) => Promise<{ acquired: true; value: T } | { acquired: false }>;
  /** Tells every process's settings and secret caches what a move deleted (absent: their short backstop does). */
  changes?: ChangeBus;
}

export interface InstallOptions {
  /** Must equal the latest accepted release of the source installed from. */
  version?: string;
  /** Install from this source: a fresh install's choice, otherwise it must be the mod's own source. */
  sourceId?: string;
  /** Move the mod to this source (with `confirmMove: true`): the operator's explicit choice of another publisher. */
  moveToSource?: string;
  confirmMove?: boolean;
  /** Keep the mod's settings, secrets and data across a move (they are deleted otherwise). */
  keepSettingsAndSecrets?: boolean;
}

export interface InstallResult {
  mod: ModStatus;
  release: { version: string; tag: string; commit: string; contentHash: string; sourceId: string };
  updated: boolean;
  /** Set when the mod moved to another source: where from, and whether its settings, secrets and data were kept. */
  moved?: { fromSourceId: string; kept: boolean };
}

export type { AvailableMod, ManagedEntry } from './management-view.js';

/** Inside a staging folder: the previous code while an update is in flight. */
const PREVIOUS = 'previous';

export class ReleaseInstaller {
  /** Installs and uninstalls in flight, by mod id (one at a time per mod). */
  private readonly busy = new Set<string>();
  readonly modsDir: string;
  private readonly stagingDir: string;
  private recorded = new Set<string>();
  private readonly placed: PlacedReleases;
  /** Recorded mods whose code here is missing or another release's: fetched after boot ({@link catchUp}). */
  private readonly stale = new Set<string>();
  private readonly origins: ModOrigins;

  constructor(private readonly deps: ReleaseInstallerDeps) {
    this.origins = new ModOrigins(deps.installs.knex);
    this.modsDir = path.join(deps.dataDir, 'mods');
    // Beside `mods/` on the same file system, so moving a folder in is one rename.
    this.stagingDir = path.join(deps.dataDir, 'mod-staging');
    this.placed = new PlacedReleases(deps.dataDir);
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
    await this.placed.read();
    for (const record of await this.deps.installs.list()) {
      const live = path.join(this.modsDir, record.modId);
      const here = this.placed.get(record.modId);
      if (existsSync(live) && (here === record.contentHash || here === undefined)) {
        // No hash here: code placed before this bookkeeping existed, taken as the recorded release.
        if (here === undefined) await this.placed.set(record.modId, record.contentHash);
        this.recorded.add(record.modId);
      } else {
        // Another process installed or updated it meanwhile: this code is not the recorded release.
        this.stale.add(record.modId);
        await this.removeLive(record.modId);
      }
    }
    return this.root;
  }

  /** After boot: fetches the recorded release of every mod whose code here was missing or stale (`follow` does each). */
  staleMods(): string[] {
    const ids = [...this.stale];
    this.stale.clear();
    return ids;
  }

  /**
   * Brings this process's code of `modId` in line with its install record after another process
   * changed it: a missing or different release is fetched from its source at the recorded commit
   * (its content hash checked), an uninstalled one removed. The lifecycle state then follows
   * the mod's `svc_mods` row (the host does that).
   */
  async follow(modId: string, installedHere: boolean): Promise<void> {
    const record = await this.deps.installs.get(modId);
    if (!record) {
      if (installedHere && this.recorded.has(modId)) {
        await this.exclusive(modId, true, async () => {
          await this.deps.host.uninstall(modId, { announce: false });
          await this.removeLive(modId);
          this.recorded.delete(modId);
          await this.placed.set(modId, undefined);
        });
        this.deps.log.info({ mod: modId }, 'mod uninstalled by another process removed here');
      }
      return;
    }
    if (installedHere && this.placed.get(modId) === record.contentHash) return;
    await this.exclusive(modId, true, async () => {
      const source = await this.deps.catalog.require(record.sourceId);
      // This process's mirror may predate the release: fetch the source first.
      await this.deps.catalog.fetch(source.id);
      await this.place(modId, source.id, record, record.contentHash, false);
    });
    this.deps.log.info({ mod: modId, version: record.version, commit: record.commit }, 'mod installed by another process fetched here');
  }

  /**
   * Installs or updates `modId` from the one source it belongs to: the source it was installed
   * from (kept after an uninstall), or for a mod never installed the one source that offers it
   * (or the one named). Another source offering the same id is another publisher: only an
   * explicit move reaches it, and a move deletes the mod's settings, secrets and data unless
   * the operator keeps them.
   */
  async install(modId: string, options: InstallOptions): Promise<InstallResult> {
    return this.exclusive(modId, false, async () => {
      const existing = this.deps.host.get(modId);
      const installedFromGit = await this.deps.installs.get(modId);
      if (existing && !installedFromGit) throw errors.modInstallConflict({ modId });
      const { source, movingFrom } = await this.chooseSource(modId, installedFromGit, options);
      const release = latestAccepted(source.releases, modId);
      if (!release) throw errors.modReleaseNotFound({ modId });
      if (options.version !== undefined && semver.clean(options.version) !== release.version) {
        throw errors.modVersionNotLatest({ modId, version: options.version, latest: release.version });
      }
      const keep = options.keepSettingsAndSecrets === true;
      const origin: ModOrigin = { sourceId: source.id, urlKey: source.urlKey };
      // Another publisher's code never starts by itself: an enabled mod is disabled before it moves (and enabled again if the move fails).
      const reenable = movingFrom !== undefined && existing !== undefined && this.desiredEnabled(modId);
      if (reenable) await this.deps.host.disable(modId);
      let placed;
      try {
        placed = await this.place(modId, source.id, release, undefined, true, { origin, dropState: movingFrom !== undefined && !keep });
      } catch (error) {
        if (reenable) await this.deps.host.enable(modId).catch((err: unknown) => this.deps.log.error({ err, mod: modId }, 're-enabling after a failed move failed'));
        throw error;
      }
      if (movingFrom !== undefined) this.deps.log.warn({ mod: modId, from: movingFrom, to: source.id, kept: keep }, 'mod moved to another source');
      return {
        mod: placed.mod,
        release: { version: release.version, tag: release.tag, commit: release.commit, contentHash: placed.contentHash, sourceId: source.id },
        updated: placed.updated,
        ...(movingFrom !== undefined ? { moved: { fromSourceId: movingFrom, kept: keep } } : {}),
      };
    });
  }

  /** The source `modId` installs from, and (for an explicit move) the one it leaves. */
  private async chooseSource(modId: string, record: InstallRecord | undefined, options: InstallOptions): Promise<{ source: ModSourceRecord; movingFrom?: string }> {
    const origin = await this.origins.get(modId);
    // The record is authoritative while installed (origins came later than some records).
    const boundId = record?.sourceId ?? origin?.sourceId;
    if (boundId === undefined) {
      const named = options.moveToSource ?? options.sourceId;
      if (named !== undefined) return { source: await this.deps.catalog.require(named) };
      const offers = await this.deps.catalog.offersOf(modId);
      if (offers.length === 0) throw errors.modReleaseNotFound({ modId });
      if (offers.length > 1) throw errors.modSourceAmbiguous({ modId, sourceIds: offers.map((o) => o.source.id).join(', ') });
      return { source: offers[0]!.source };
    }
    // The same repository added again under a new id is still the mod's own source.
    const urlKey = origin && origin.sourceId === boundId ? origin.urlKey : undefined;
    const own = (await this.deps.catalog.list()).find((s) => s.id === boundId) ?? (urlKey === undefined ? undefined : await this.deps.catalog.byUrlKey(urlKey));
    // Its own source may be named by the id recorded at install or by the id it has now.
    const isOwn = (id: string) => id === boundId || id === own?.id;
    if (options.moveToSource !== undefined && !isOwn(options.moveToSource)) {
      // The route's schema asks for the confirmation; checked here too, for callers that are not the route.
      if (options.confirmMove !== true) throw errors.modSourceMismatch({ modId, sourceId: boundId, requested: options.moveToSource });
      return { source: await this.deps.catalog.require(options.moveToSource), movingFrom: boundId };
    }
    if (options.sourceId !== undefined && !isOwn(options.sourceId)) throw errors.modSourceMismatch({ modId, sourceId: boundId, requested: options.sourceId });
    if (!own) throw errors.modOriginSourceGone({ modId, sourceId: boundId });
    return { source: own };
  }

  private desiredEnabled(modId: string): boolean {
    return this.deps.host.managementList().find((m) => m.id === modId)?.state === 'enabled';
  }

  /**
   * Extracts `release` of `sourceId` into staging, checks it (and its content hash, when one is
   * expected), and swaps it in through the host, which records and migrates it.
   */
  private async place(
    modId: string,
    sourceId: string,
    release: { tag: string; version: string; commit: string },
    expectedHash: string | undefined,
    announce: boolean,
    /** A fresh install, an update or a move: the origin to record, and whether the mod's state goes. */
    change?: { origin: ModOrigin; dropState: boolean },
  ): Promise<{ mod: ModStatus; contentHash: string; updated: boolean }> {
    await mkdir(this.stagingDir, { recursive: true });
    const staging = await mkdtemp(path.join(this.stagingDir, `${modId}.`));
    try {
      const staged = path.join(staging, modId);
      const contentHash = await this.extract(modId, release.tag, sourceId, release.commit, staged);
      if (expectedHash !== undefined && contentHash !== expectedHash) {
        throw errors.modReleaseUnsafe({ modId, tag: release.tag, reason: `its content hash ${contentHash} is not the recorded ${expectedHash}` });
      }
      await this.checkStagedManifest(modId, release.tag, staged);
      const live = path.join(this.modsDir, modId);
      const previous = path.join(staging, PREVIOUS);
      const record: Omit<InstallRecord, 'installedAt' | 'updatedAt'> = { modId, sourceId, tag: release.tag, version: release.version, commit: release.commit, contentHash };
      const result = await this.deps.host.installAtRuntime({
        modId,
        source: this.root,
        announce,
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
          // Following another process: its record is already the one written.
          if (change) {
            // One transaction: the record, the origin and a move's reset land together or not at all.
            await this.deps.installs.knex.transaction(async (trx) => {
              if (change.dropState) {
                const dropped = await dropModState(trx, modId, this.deps.changes);
                this.deps.log.warn({ mod: modId, ...dropped }, "a moved mod's settings, secrets and data were deleted");
              }
              await this.deps.installs.put(record, trx);
              await this.origins.set(modId, change.origin, trx);
            });
          }
          await this.placed.set(modId, contentHash);
        },
      });
      this.deps.log.info({ mod: modId, version: release.version, tag: release.tag, commit: release.commit, updated: result.updated }, 'mod installed from Git');
      return { mod: result.mod, contentHash, updated: result.updated };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** Uninstalls through the host (refused for system mods), then removes a Git mod's code and record. */
  async uninstall(modId: string): Promise<void> {
    await this.exclusive(modId, false, async () => {
      // The record goes before the host announces, so other processes find it gone.
      const record = await this.deps.installs.get(modId);
      await this.deps.host.uninstall(modId, { beforeAnnounce: record ? () => this.deps.installs.remove(modId) : undefined });
      if (!record) return;
      await this.removeLive(modId);
      this.recorded.delete(modId);
      await this.placed.set(modId, undefined);
    });
  }

  private async removeLive(modId: string): Promise<void> {
    const live = path.join(this.modsDir, modId);
    if (!existsSync(live)) return;
    // Moved out first so the removal is never half-visible under `mods/`.
    await mkdir(this.stagingDir, { recursive: true });
    const trash = await mkdtemp(path.join(this.stagingDir, `${modId}.`));
    await rename(live, path.join(trash, 'removed'));
    await rm(trash, { recursive: true, force: true });
  }

  /** The management catalogue (see `management-view.ts`). */
  managementView(installed: ModManagementEntry[]): Promise<{ installed: ManagedEntry[]; available: AvailableMod[] }> {
    return managementView(this.deps.installs, this.origins, this.deps.catalog, installed);
  }

  private async extract(modId: string, tag: string, sourceId: string, commit: string, dest: string): Promise<string> {
    try {
      return await this.deps.catalog.withRepository(sourceId, async (repo) => extractTree(repo, await readTree(repo, commit), dest));
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
    if (manifest.id !== modId) throw errors.modReleaseUnsafe({ modId, tag, reason: `mod.json names ${JSON.stringify(String(manifest.id).slice(0, 120))}` });
    if (manifest.system === true) throw errors.modReleaseUnsafe({ modId, tag, reason: '"system": true is for mods shipped with the runtime' });
    // A release inspected by an older kernel (or a record edited since) meets today's policy before it is placed.
    const untrusted = untrustedManifestProblems(manifest, { fromGit: true });
    if (untrusted.length > 0) throw errors.modReleaseUnsafe({ modId, tag, reason: untrusted.join('; ') });
  }

  /** One install, update or uninstall of a mod at a time, in this process and (with the database lock) in every process; `wait` queues for another process's. */
  private async exclusive<T>(modId: string, wait: boolean, fn: () => Promise<T>): Promise<T> {
    if (this.busy.has(modId)) throw errors.modInstallInProgress({ modId });
    this.busy.add(modId);
    try {
      if (!this.deps.lock) return await fn();
      const held = await this.deps.lock(`svc-mod-install:${modId}`, wait, fn);
      if (!held.acquired) throw errors.modInstallInProgress({ modId });
      return held.value;
    } finally {
      this.busy.delete(modId);
    }
  }
}
