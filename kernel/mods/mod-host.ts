/**
 * The mod host: the one face the kernel and its routes see. It puts together the installer
 * (what is installed), the lifecycle (enable ⇄ disable, revocation) with a runtime per mod,
 * and answers the HTTP edge's questions about a route's owner. System mods and mods from other
 * roots take this one path; only `system` differs.
 */
import type { AwilixContainer } from 'awilix';
import type { Logger } from 'pino';
import type { ModStatus } from '../../sdk/core-services.js';
import { isSvcError, type SvcError } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ErrorRegistry } from '../error-registry.js';
import { errors } from '../errors.js';
import type { HookCatalog } from '../hooks/hook-catalog.js';
import type { RouteOwnerGate } from '../http/dispatcher.js';
import { KERNEL_OWNER, type RouteTable } from '../http/route-table.js';
import type { ChangeBus } from '../storage/change-bus.js';
import type { Database } from '../storage/database.js';
import type { ModTableGuard } from '../storage/mod-table-guard.js';
import type { ExtensionRegistry } from './extension-registry.js';
import type { ModApprovals } from './mod-approvals.js';
import { defaultRuntimes } from './runtime-select.js';
import { discoverMod, type ModSource } from './mod-discovery.js';
import { ModInstaller } from './mod-installer.js';
import { ModFollower, MODS_TOPIC, type RemoteInstallFollower } from './mod-follower.js';
import { ModLifecycle } from './mod-lifecycle.js';
import { statusOf, type ModManagementEntry } from './mod-record.js';
import type { ModRuntimeFactory } from './mod-runtime.js';
import type { ProvidedServices } from './registries.js';
import { ServiceResolver } from './service-resolver.js';

export type { ModManagementEntry } from './mod-record.js';
export { MODS_TOPIC, type RemoteInstallFollower } from './mod-follower.js';

/** One runtime install or update, as the Git installer drives it. */
export interface RuntimeInstall {
  modId: string;
  /** The root the mod's folder is in once swapped in. */
  source: ModSource;
  /** Puts the new code in place. */
  swapIn(): Promise<void>;
  /** Puts the previous code back (removes the new code of a fresh install). */
  swapBack(): Promise<void>;
  /** Records the install; a failure here is undone like any other. */
  commit(): Promise<void>;
  /** Tell the other processes (default); false when this install follows one another process made. */
  announce?: boolean;
}

export interface ModHostDeps {
  database: Database;
  routes: RouteTable;
  hooks: HookCatalog;
  logger: Logger;
  container: AwilixContainer;
  provided: ProvidedServices;
  /** Extension points (from installed manifests) and the contributions of enabled mods. */
  extensions: ExtensionRegistry;
  /** The operator's consent to what sandboxed mods ask for (`mod-approvals.ts`). */
  approvals?: ModApprovals;
  /** Every catalogued error code; mods' catalogues are added when they load. */
  errors: ErrorRegistry;
  /** Builds the mods' checked database handles; told when migrations change the catalog. */
  tables: ModTableGuard;
  kernelVersion: string;
  enableTimeoutMs: number;
  defaultDeadlineMs: number;
  /** Where each mod's code runs (default: in-process). */
  runtimes?: ModRuntimeFactory;
  /** Tells the other processes on the database what this one changed, and this one what they did. */
  changes?: ChangeBus;
}

export class ModHost implements RouteOwnerGate {
  private readonly log: Logger;
  private readonly installer: ModInstaller;
  private readonly lifecycle: ModLifecycle;
  private readonly follower: ModFollower;

  constructor(private readonly deps: ModHostDeps) {
    this.log = deps.logger.child({ component: 'mod-host' });
    this.installer = new ModInstaller({ ...deps, log: this.log });
    this.lifecycle = new ModLifecycle({
      ...deps,
      installed: this.installer,
      runtimes: deps.runtimes ?? defaultRuntimes,
      resolver: new ServiceResolver(deps.provided, deps.tables, this.installer),
      log: this.log,
    });
    this.follower = new ModFollower({
      database: deps.database,
      changes: deps.changes,
      installed: this.installer,
      lifecycle: this.lifecycle,
      log: this.log,
    });
  }

  /** The Git installer registers how this process fetches or removes a mod another process installed or uninstalled. */
  followRemoteInstalls(follower: RemoteInstallFollower): void {
    this.follower.remoteInstalls = follower;
  }

  /** Re-reads one mod's records and brings this process to them (another process changed it). */
  follow(modId: string): Promise<void> {
    return this.follower.follow(modId);
  }

  /** Tells every other process that `modId` changed (after the change is committed here). */
  private async announce(modId: string): Promise<void> {
    await this.deps.changes?.publish(MODS_TOPIC, modId).catch((err: unknown) => this.log.warn({ err, mod: modId }, 'announcing a mod change failed'));
  }

  /**
   * Discovers, validates, installs, loads and enables mods. A broken mod is recorded as failed
   * with its reason; the kernel and every other mod still boot.
   */
  async boot(sources: readonly ModSource[], only?: readonly string[]): Promise<void> {
    await this.installer.installAll(sources, only, (record) => this.lifecycle.load(record));
    // Every migration has run: the tables each mod owns are known before any mod starts.
    await this.deps.tables.refresh();
    await this.lifecycle.startAll();
    const publicRoutes = this.deps.routes.list().filter((r) => r.public);
    this.log.info({ public: publicRoutes.map((r) => `${r.method} ${r.path} (${r.owner})`) }, 'public routes (served without authentication)');
  }

  async enable(modId: string): Promise<ModStatus> {
    const status = await this.lifecycle.enable(modId);
    await this.announce(modId);
    return status;
  }

  async disable(modId: string): Promise<ModStatus> {
    const status = await this.lifecycle.disable(modId);
    await this.announce(modId);
    return status;
  }

  /** Revokes availability after a deadline: the mod and what depends on it fail until re-enabled. */
  revoke(modId: string, error: SvcError): Promise<void> {
    return this.lifecycle.revoke(modId, error);
  }

  /**
   * Installs or updates one mod while the kernel runs. An update keeps the lifecycle state: a
   * loaded mod is disabled, its code swapped, reinstalled and enabled again. Any failure puts
   * back the previous code, its `svc_mods` row and its state, then throws the reason; a fresh
   * install whose code cannot be loaded stays installed and failed, as at boot.
   */
  async installAtRuntime(step: RuntimeInstall): Promise<{ mod: ModStatus; updated: boolean }> {
    const { modId } = step;
    const knex = this.deps.database.knex;
    const rowBefore = await knex('svc_mods').where({ id: modId }).first();
    const previous = this.installer.get(modId);
    const wasLoaded = previous?.status === 'loaded';
    const wantEnabled = previous?.desired === 'enabled';
    // Refused while busy or needed: nothing has changed yet. Following another process's install,
    // that process already decided (its own in-flight and dependents checks were its own), so a
    // request being answered here does not stop this process from following.
    if (wasLoaded) {
      if (step.announce === false) await this.lifecycle.follow(modId, 'disabled');
      else await this.lifecycle.disable(modId);
    }
    if (previous) {
      this.lifecycle.forget(previous);
      this.installer.detach(previous);
    }
    try {
      await step.swapIn();
      const found = discoverMod(step.source, modId);
      if (!found) throw errors.modManifestInvalid({ modId, reason: 'the release has no mod.json' });
      const record = await this.installer.installOne(found);
      if (record.status === 'failed') throw record.error;
      await this.lifecycle.load(record);
      if (wantEnabled) {
        const started = await this.lifecycle.enable(modId).then(
          () => undefined,
          (error: unknown) => error,
        );
        // The previous version was serving: it goes on serving rather than a version that cannot.
        // A release that asks for more than was approved is kept, installed and disabled, until
        // the operator approves the difference.
        const awaitsApproval = isSvcError(started) && started.code === 'mod_permissions_not_approved';
        if (started !== undefined && wasLoaded && !awaitsApproval) throw started;
      }
      await step.commit();
      if (step.announce !== false) await this.announce(modId);
      return { mod: statusOf(record), updated: previous !== undefined };
    } catch (error) {
      await this.rollBack(step, rowBefore, previous !== undefined, wasLoaded).catch((err) => this.log.error({ err, mod: modId }, 'restoring the previous version failed'));
      throw error;
    }
  }

  private async rollBack(step: RuntimeInstall, rowBefore: unknown, hadPrevious: boolean, wasLoaded: boolean): Promise<void> {
    const { modId } = step;
    const current = this.installer.get(modId);
    if (current) {
      if (current.status === 'loaded') await this.lifecycle.disable(modId).catch(() => undefined);
      this.lifecycle.forget(current);
      this.installer.detach(current);
    }
    await step.swapBack();
    const knex = this.deps.database.knex;
    await knex.transaction(async (trx) => {
      await trx('svc_mods').where({ id: modId }).delete();
      if (rowBefore) await trx('svc_mods').insert(rowBefore);
    });
    if (!hadPrevious) return;
    const found = discoverMod(step.source, modId);
    if (!found) return;
    const restored = await this.installer.installOne(found);
    await this.lifecycle.load(restored);
    if (wasLoaded) await this.lifecycle.enable(modId);
  }

  /**
   * `beforeAnnounce` runs once the mod is gone here (the Git installer removes its install
   * record); `announce: false` when following another process's uninstall.
   */
  async uninstall(modId: string, options: { announce?: boolean; beforeAnnounce?: () => Promise<void> } = {}): Promise<void> {
    const record = this.installer.require(modId);
    if (record.system) throw errors.modUninstallSystemRefused({ modId });
    if (record.status === 'loaded') {
      // Another process already decided: its in-flight and dependents checks were its own.
      if (options.announce === false) await this.lifecycle.follow(modId, 'disabled');
      else await this.lifecycle.disable(modId);
    }
    this.lifecycle.forget(record);
    await this.installer.uninstall(record);
    await options.beforeAnnounce?.();
    if (options.announce !== false) await this.announce(modId);
  }

  /** Unloads every mod, dependents first, without changing the persisted states (shutdown). */
  shutdown(): Promise<void> {
    return this.lifecycle.stopAll();
  }

  // ── catalog ─────────────────────────────────────────────────────────────────────────────

  list(): ModStatus[] {
    return this.installer.all().map(statusOf);
  }

  get(modId: string): ModStatus | undefined {
    const record = this.installer.get(modId);
    return record && statusOf(record);
  }

  managementList(): ModManagementEntry[] {
    return this.installer.all().map((r) => ({ ...statusOf(r), state: r.desired, installedAt: r.installedAt }));
  }

  /** Every mod found at boot, loaded or not (its tables are its own either way). */
  installedMods(): Array<{ id: string; system: boolean }> {
    return this.installer.all().map((r) => ({ id: r.id, system: r.system }));
  }

  /** Untrusted code (an installed Git mod): runs in the sandbox, with what the operator approved. */
  isSandboxed(modId: string): boolean {
    return this.installer.get(modId)?.sandboxed === true;
  }

  manifestOf(modId: string): ModManifest | undefined {
    return this.installer.get(modId)?.manifest;
  }

  // ── RouteOwnerGate ──────────────────────────────────────────────────────────────────────

  unavailable(owner: string): SvcError | undefined {
    if (owner === KERNEL_OWNER) return undefined;
    const record = this.installer.get(owner);
    if (record?.status === 'loaded') return undefined;
    return errors.modUnavailable({ modId: owner, status: record ? statusOf(record).status : 'not installed' });
  }

  enter(owner: string): void {
    const record = this.installer.get(owner);
    if (record) record.inFlight++;
  }

  leave(owner: string): void {
    const record = this.installer.get(owner);
    if (record && record.inFlight > 0) record.inFlight--;
  }

  deadlineExceeded(owner: string, error: SvcError): void {
    this.revoke(owner, error).catch((err) => this.log.error({ err, mod: owner }, 'revocation failed'));
  }

  mayAnswerRaw(owner: string): boolean {
    return owner === KERNEL_OWNER || this.installer.isSystem(owner);
  }
}
