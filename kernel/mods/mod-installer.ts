/**
 * The installer: finds mods under the configured roots, validates each manifest, declares its
 * routes and extension points, records it in `svc_mods`, runs its migrations — and knows what is
 * installed. Uninstall undoes the declarations and the record (data stays for a reinstall).
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { SvcError } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import type { HookCatalog } from '../hooks/hook-catalog.js';
import type { RouteTable } from '../http/route-table.js';
import type { Database } from '../storage/database.js';
import { migrateLatest, migrationsApplied } from '../storage/migrator.js';
import type { ModTableGuard } from '../storage/mod-table-guard.js';
import type { ExtensionRegistry } from './extension-registry.js';
import { checkManifest, hostSatisfied } from './manifest-schema.js';
import { discoverMods, type DiscoveredMod, type ModSource } from './mod-discovery.js';
import { failRecord, type DesiredState, type ModRecord } from './mod-record.js';
import { untrustedManifestProblems } from './untrusted-manifest.js';

interface ModRow {
  id: string;
  version: string;
  system: boolean;
  state: DesiredState;
  error_code: string | null;
  error_message: string | null;
  installed_at: string | Date;
}

export interface ModInstallerDeps {
  database: Database;
  routes: RouteTable;
  hooks: HookCatalog;
  extensions: ExtensionRegistry;
  tables: ModTableGuard;
  kernelVersion: string;
  defaultDeadlineMs: number;
  log: Logger;
}

export class ModInstaller {
  private readonly records = new Map<string, ModRecord>();

  constructor(private readonly deps: ModInstallerDeps) {}

  /**
   * Installs every mod found under `sources` (or only the folders named in `only`; roots the
   * Git installer manages are never filtered); `each` runs after a mod's install, in discovery
   * order. A broken mod is recorded as failed with its reason.
   */
  async installAll(sources: readonly ModSource[], only: readonly string[] | undefined, each: (record: ModRecord) => Promise<void>): Promise<void> {
    const rows = new Map((await this.deps.database.knex<ModRow>('svc_mods').select()).map((row) => [row.id, row]));
    const discovered = discoverMods(sources);
    // Whether each mod's migrations are all applied, asked of every mod at once (see migrationsApplied).
    const checks = new Map(discovered.map((found) => [found, this.migrationsApplied(found)]));
    for (const found of discovered) {
      if (found.recorded) {
        if (!found.recorded.has(found.folderName)) {
          // Only the installer writes there; a folder it has no record of is not the operator's choice.
          this.deps.log.warn({ mod: found.folderName, dir: found.dir }, 'a folder among installed mods has no install record; ignoring it');
          continue;
        }
      } else if (only && !only.includes(found.folderName)) {
        continue;
      }
      if (this.records.has(found.folderName)) {
        this.deps.log.warn({ mod: found.folderName, dir: found.dir }, 'a mod with this id is already loaded; ignoring this copy');
        continue;
      }
      const record = await this.installFound(found, rows.get(found.folderName), checks.get(found));
      await each(record);
    }
  }

  /** {@link migrationsApplied} for a discovered mod that has migrations; a check that fails answers undefined (asked again when it migrates). */
  private migrationsApplied(found: DiscoveredMod): Promise<boolean | undefined> | undefined {
    const folder = (found.manifest as Partial<ModManifest> | undefined)?.contributes?.migrations;
    if (typeof folder !== 'string' || found.sandboxed) return undefined;
    return migrationsApplied(this.deps.database.knex, found.folderName, path.join(found.dir, folder)).catch(() => undefined);
  }

  /**
   * Installs one mod found at runtime (a Git release just put in place): the same checks, route
   * declarations, `svc_mods` bookkeeping and migrations as at boot. The record is failed (with
   * its reason) when the mod cannot be installed.
   */
  async installOne(found: DiscoveredMod): Promise<ModRecord> {
    if (this.records.has(found.folderName)) throw errors.modInstallInProgress({ modId: found.folderName });
    const row = await this.deps.database.knex<ModRow>('svc_mods').where({ id: found.folderName }).first();
    const record = await this.installFound(found, row);
    await this.deps.tables.refresh();
    return record;
  }

  private async installFound(found: DiscoveredMod, row: ModRow | undefined, applied?: Promise<boolean | undefined>): Promise<ModRecord> {
    const record: ModRecord = { id: found.folderName, dir: found.dir, system: found.system, sandboxed: found.sandboxed, status: 'installed', desired: 'disabled', inFlight: 0 };
    this.records.set(record.id, record);
    if (found.readError) {
      this.fail(record, errors.modManifestInvalid({ modId: record.id, reason: `mod.json is not valid JSON: ${found.readError}` }));
      return record;
    }
    await this.install(record, found.manifest, row, found.recorded !== undefined, applied);
    return record;
  }

  /**
   * Validates the manifest, declares its routes, records it in `svc_mods` and migrates (system
   * and trusted local mods only). `fromGit`: the mod lives in the Git installer's root.
   */
  private async install(record: ModRecord, raw: unknown, row: ModRow | undefined, fromGit: boolean, applied?: Promise<boolean | undefined>): Promise<void> {
    const problems = checkManifest(raw, {
      folderName: record.id,
      kernelVersion: this.deps.kernelVersion,
      hookNames: Object.keys(this.deps.hooks),
    });
    if (problems.length > 0) {
      this.fail(record, errors.modManifestInvalid({ modId: record.id, reason: problems.join('; ') }));
      return;
    }
    const manifest = raw as ModManifest;
    if (!!manifest.system !== record.system) {
      this.fail(record, errors.modManifestInvalid({ modId: record.id, reason: record.system ? 'system mods must set "system": true' : 'only mods shipped with the runtime may set "system": true' }));
      return;
    }
    const publicRoute = record.system ? undefined : manifest.contributes?.routes?.find((r) => r.public);
    if (publicRoute) {
      // Unauthenticated routes are the runtime's own (health, login, setup): a mod from any
      // other source could otherwise open a door past the gate.
      this.fail(record, errors.modPublicRouteRefused({ modId: record.id, routeId: publicRoute.id }));
      return;
    }
    // Asked again here, not only when the release was inspected: at boot, at an update and in
    // every process that follows an install, the folder on disk is what would be loaded.
    const untrusted = record.sandboxed ? untrustedManifestProblems(manifest, { fromGit }) : [];
    if (untrusted.length > 0) {
      this.fail(record, errors.modUntrustedDeclarationRefused({ modId: record.id, reason: untrusted.join('; ') }));
      return;
    }
    record.manifest = manifest;
    if (!hostSatisfied(manifest, this.deps.kernelVersion)) {
      this.fail(record, errors.modHostIncompatible({ modId: record.id, range: manifest.host!, version: this.deps.kernelVersion }));
      return;
    }
    try {
      this.deps.routes.declare(record.id, manifest.contributes?.routes ?? [], this.deps.defaultDeadlineMs);
    } catch (error) {
      this.fail(record, error as SvcError);
      return;
    }
    try {
      this.deps.extensions.declarePoints(manifest);
    } catch (error) {
      this.deps.routes.undeclare(record.id);
      this.fail(record, error as SvcError);
      return;
    }
    const knex = this.deps.database.knex;
    if (row) {
      record.desired = row.state;
      record.installedAt = new Date(row.installed_at).toISOString();
      if (row.state === 'revoked') {
        // Revocation outlives a restart: the mod stays failed, with the reason, until re-enabled.
        record.error = new SvcError(row.error_code ?? 'mod_unavailable', 503, row.error_message ?? `Mod ${record.id} was revoked`);
      }
      if (row.version !== manifest.version) {
        await knex('svc_mods').where({ id: record.id }).update({ version: manifest.version, updated_at: knex.fn.now() });
      }
    } else {
      // A fresh install: system mods start enabled; any other mod starts disabled until the operator enables it.
      record.desired = record.system ? 'enabled' : 'disabled';
      const installedAt = new Date();
      // Another process starting at the same moment may record it first: its row stands.
      const inserted = await knex('svc_mods').insert({ id: record.id, version: manifest.version, system: record.system, state: record.desired, installed_at: installedAt }).onConflict('id').ignore().returning('id');
      const winner = inserted.length === 0 ? await knex<ModRow>('svc_mods').where({ id: record.id }).first() : undefined;
      if (winner) record.desired = winner.state;
      record.installedAt = new Date(winner?.installed_at ?? installedAt).toISOString();
    }
    // A migration is code the kernel imports: never one of a sandboxed mod, whatever its
    // manifest says (the check above refuses it; this holds even if that check is bypassed).
    if (manifest.contributes?.migrations && !record.sandboxed) {
      try {
        // A system mod migrates with the kernel's handle; a trusted local mod with its own checked
        // one, so its migrations too can only touch its own tables.
        const migrationKnex = record.system ? knex : this.deps.tables.handle(record.id, { system: false });
        const dir = path.join(record.dir, manifest.contributes.migrations);
        await migrateLatest(migrationKnex, record.id, dir, (fn) => this.deps.database.schemaLock(fn), await applied);
      } catch (error) {
        this.fail(record, errors.modMigrationFailed({ modId: record.id, reason: (error as Error).message }));
      }
    }
  }

  /** Forgets an installed mod: its routes, its extension points and its `svc_mods` row. */
  async uninstall(record: ModRecord): Promise<void> {
    if (record.system) throw errors.modUninstallSystemRefused({ modId: record.id });
    this.detach(record);
    // Settings, encrypted secrets and the mod's own tables stay: a reinstall finds them.
    await this.deps.database.knex('svc_mods').where({ id: record.id }).delete();
  }

  /**
   * Forgets the in-memory side of a mod (routes, extension points, record) but keeps its
   * `svc_mods` row: an update installs the new code under the same row, with the same state.
   */
  detach(record: ModRecord): void {
    if (this.records.get(record.id) !== record) return;
    this.deps.routes.undeclare(record.id);
    this.deps.extensions.undeclarePoints(record.id);
    this.records.delete(record.id);
  }

  get(modId: string): ModRecord | undefined {
    return this.records.get(modId);
  }

  require(modId: string): ModRecord {
    const record = this.records.get(modId);
    if (!record) throw errors.modNotFound({ modId });
    return record;
  }

  /** Every installed mod, in discovery order. */
  all(): ModRecord[] {
    return [...this.records.values()];
  }

  *manifests(): Iterable<ModManifest> {
    for (const record of this.records.values()) if (record.manifest) yield record.manifest;
  }

  isSystem(modId: string): boolean {
    return this.records.get(modId)?.system === true;
  }

  private fail(record: ModRecord, error: SvcError): void {
    failRecord(record, error, this.deps.log);
  }
}
