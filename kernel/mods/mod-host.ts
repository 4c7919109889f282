/**
 * The mod host: discovers mods, validates manifests, installs (migrations), resolves the
 * dependency order and runs the lifecycle state machine
 * `installed → enabling → loaded ⇄ disabling → disabled`, with `failed` reachable from any
 * step. System mods and mods from other roots take this one path; only `system` differs.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AwilixContainer } from 'awilix';
import type { Logger } from 'pino';
import type { ModStatus } from '../../sdk/core-services.js';
import { isModDefinition, type ModDefinition, type ModInitContext } from '../../sdk/define-mod.js';
import { toDisposable } from '../../sdk/disposable.js';
import { isSvcError, SvcError } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ErrorRegistry } from '../error-registry.js';
import type { ServiceRef } from '../../sdk/service-ref.js';
import { errors } from '../errors.js';
import type { HookCatalog } from '../hooks/hook-catalog.js';
import type { RouteOwnerGate } from '../http/dispatcher.js';
import { KERNEL_OWNER, type RouteTable } from '../http/route-table.js';
import type { Database } from '../storage/database.js';
import { migrateLatest } from '../storage/migrator.js';
import type { ModTableGuard } from '../storage/mod-table-guard.js';
import { isKernelNamespace, KERNEL_SERVICES } from './kernel-services.js';
import { checkManifest, hostSatisfied, providedServicesOf } from './manifest-schema.js';
import { discoverMods, type ModSource } from './mod-discovery.js';
import type { ExtensionRegistry } from './extension-registry.js';
import { createModContainer, DisposerStack } from './mod-scope.js';
import type { ProvidedService, ProvidedServices } from './registries.js';

type RuntimeStatus = 'installed' | 'enabling' | 'loaded' | 'disabling' | 'disabled' | 'failed';
type DesiredState = 'enabled' | 'disabled' | 'revoked';

interface ModRecord {
  id: string;
  dir: string;
  system: boolean;
  manifest?: ModManifest;
  definition?: ModDefinition;
  status: RuntimeStatus;
  desired: DesiredState;
  error?: SvcError;
  disposers?: DisposerStack;
  inFlight: number;
  installedAt?: string;
}

interface ModRow {
  id: string;
  version: string;
  system: boolean;
  state: DesiredState;
  error_code: string | null;
  error_message: string | null;
  installed_at: string | Date;
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
  /** Every catalogued error code; mods' catalogues are added when they load. */
  errors: ErrorRegistry;
  /** Builds the mods' checked database handles; told when migrations change the catalog. */
  tables: ModTableGuard;
  kernelVersion: string;
  enableTimeoutMs: number;
  defaultDeadlineMs: number;
}

export interface ModManagementEntry extends ModStatus {
  state: DesiredState;
  installedAt?: string;
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => SvcError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const isCatalog = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { entries?: unknown }).entries === 'object' && (value as { entries?: unknown }).entries !== null;

export class ModHost implements RouteOwnerGate {
  private readonly records = new Map<string, ModRecord>();
  private readonly log: Logger;

  constructor(private readonly deps: ModHostDeps) {
    this.log = deps.logger.child({ component: 'mod-host' });
  }

  // ── boot ────────────────────────────────────────────────────────────────────────────────

  /**
   * Discovers, validates, installs and enables mods. A broken mod is recorded as failed with
   * its reason; the kernel and every other mod still boot.
   */
  async boot(sources: readonly ModSource[], only?: readonly string[]): Promise<void> {
    const rows = new Map(
      (await this.deps.database.knex<ModRow>('svc_mods').select()).map((row) => [row.id, row]),
    );
    for (const found of discoverMods(sources)) {
      if (only && !only.includes(found.folderName)) continue;
      if (this.records.has(found.folderName)) {
        this.log.warn({ mod: found.folderName, dir: found.dir }, 'a mod with this id is already loaded; ignoring this copy');
        continue;
      }
      const record: ModRecord = { id: found.folderName, dir: found.dir, system: found.system, status: 'installed', desired: 'disabled', inFlight: 0 };
      this.records.set(record.id, record);
      if (found.readError) {
        this.fail(record, errors.modManifestInvalid({ modId: record.id, reason: `mod.json is not valid JSON: ${found.readError}` }));
        continue;
      }
      await this.install(record, found.manifest, rows.get(record.id));
    }
    // Every migration has run: the tables each mod owns are known before any mod starts.
    await this.deps.tables.refresh();
    for (const record of this.dependencyOrder()) {
      if (record.status === 'failed') continue;
      if (record.desired === 'enabled') {
        await this.enableRecord(record).catch(() => undefined); // recorded as failed
      } else {
        record.status = record.desired === 'revoked' ? 'failed' : 'disabled';
      }
    }
    const publicRoutes = this.deps.routes.list().filter((r) => r.public);
    this.log.info(
      { public: publicRoutes.map((r) => `${r.method} ${r.path} (${r.owner})`) },
      'public routes (served without authentication)',
    );
  }

  /** Validates the manifest, declares its routes, records it in `svc_mods`, migrates and loads the entry. */
  private async install(record: ModRecord, raw: unknown, row: ModRow | undefined): Promise<void> {
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
    this.deps.extensions.declarePoints(manifest);
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
      await knex('svc_mods').insert({ id: record.id, version: manifest.version, system: record.system, state: record.desired, installed_at: installedAt });
      record.installedAt = installedAt.toISOString();
    }
    if (manifest.contributes?.migrations) {
      try {
        // A system mod migrates with the kernel's handle; any other mod with its own checked one,
        // so its migrations too can only touch its own tables.
        const migrationKnex = record.system ? knex : this.deps.tables.handle(record.id, { system: false });
        await migrateLatest(migrationKnex, record.id, path.join(record.dir, manifest.contributes.migrations));
      } catch (error) {
        this.fail(record, errors.modMigrationFailed({ modId: record.id, reason: (error as Error).message }));
        return;
      }
    }
    try {
      const loaded = (await import(pathToFileURL(path.join(record.dir, manifest.entry)).href)) as { default?: unknown };
      if (!isModDefinition(loaded.default)) throw new Error('its default export is not made with defineMod()');
      const definition = loaded.default;
      if (!Array.isArray(definition.errors) || !definition.errors.every(isCatalog)) {
        throw new Error('errors must list catalogues made with defineErrorCatalog()');
      }
      this.deps.errors.register(record.id, definition.errors);
      record.definition = definition;
    } catch (error) {
      this.fail(record, isSvcError(error) ? error : errors.modEntryInvalid({ modId: record.id, entry: manifest.entry, reason: (error as Error).message }));
    }
  }

  /** Mods ordered so dependencies come first; missing dependencies and cycles fail the mods involved. */
  private dependencyOrder(): ModRecord[] {
    const order: ModRecord[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (record: ModRecord, trail: string[]): void => {
      if (state.get(record.id) === 'done') return;
      if (state.get(record.id) === 'visiting') {
        const cycle = [...trail.slice(trail.indexOf(record.id)), record.id];
        for (const id of cycle) {
          const member = this.records.get(id)!;
          if (member.status !== 'failed') this.fail(member, errors.modDependencyCycle({ modId: id, cycle: cycle.join(' → ') }));
        }
        return;
      }
      state.set(record.id, 'visiting');
      for (const dep of record.manifest?.dependsOn ?? []) {
        const target = this.records.get(dep);
        if (!target) {
          if (record.status !== 'failed') this.fail(record, errors.modDependencyMissing({ modId: record.id, dependency: dep }));
          continue;
        }
        visit(target, [...trail, record.id]);
      }
      state.set(record.id, 'done');
      order.push(record);
    };
    for (const record of this.records.values()) visit(record, []);
    return order;
  }

  // ── lifecycle ───────────────────────────────────────────────────────────────────────────

  private require(modId: string): ModRecord {
    const record = this.records.get(modId);
    if (!record) throw errors.modNotFound({ modId });
    return record;
  }

  private fail(record: ModRecord, error: SvcError): void {
    record.status = 'failed';
    record.error = error;
    this.log.warn({ mod: record.id, code: error.code, reason: error.message }, 'mod failed');
  }

  private async persist(record: ModRecord, state: DesiredState, error?: SvcError): Promise<void> {
    const knex = this.deps.database.knex;
    record.desired = state;
    await knex('svc_mods')
      .where({ id: record.id })
      .update({ state, error_code: error?.code ?? null, error_message: error?.message ?? null, updated_at: knex.fn.now() });
  }

  async enable(modId: string): Promise<ModStatus> {
    const record = this.require(modId);
    if (record.status === 'loaded') return this.status(record);
    await this.enableRecord(record);
    await this.persist(record, 'enabled');
    return this.status(record);
  }

  private async enableRecord(record: ModRecord): Promise<void> {
    if (record.status === 'enabling' || record.status === 'disabling') {
      throw errors.modLifecycleInProgress({ modId: record.id, phase: record.status });
    }
    const { manifest, definition } = record;
    if (!manifest || !definition) throw record.error ?? errors.modEntryInvalid({ modId: record.id, entry: '?', reason: 'not loaded' });
    for (const dep of manifest.dependsOn ?? []) {
      const target = this.records.get(dep);
      if (!target) {
        this.fail(record, errors.modDependencyMissing({ modId: record.id, dependency: dep }));
        throw record.error;
      }
      if (target.status !== 'loaded') {
        this.fail(record, errors.modDependencyUnavailable({ modId: record.id, dependency: dep }));
        throw record.error;
      }
    }
    record.status = 'enabling';
    const disposers = new DisposerStack((error) => this.log.error({ err: error, mod: record.id }, 'dispose failed'));
    try {
      // Manifest contributions to other mods' points: checked against each point's schema, then
      // live until disable.
      this.deps.extensions.checkData(manifest);
      for (const added of this.deps.extensions.addData(manifest)) disposers.add(added);
      const scope = createModContainer(this.deps.container, manifest, disposers);
      const resolved = this.resolveDeps(manifest, definition, scope);
      const context: ModInitContext = {
        modId: record.id,
        manifest,
        provide: (ref, implementation) => {
          const declared = providedServicesOf(manifest).find((p) => p.id === ref.id);
          if (!declared) throw errors.modServiceNotProvided({ modId: record.id, service: ref.id });
          return disposers.add(this.deps.provided.add(ref.id, record.id, implementation, declared.capability));
        },
      };
      const cleanup = await withTimeout(
        Promise.resolve(definition.init(resolved as never, context)),
        this.deps.enableTimeoutMs,
        () => errors.modInitTimeout({ modId: record.id, timeoutMs: this.deps.enableTimeoutMs }),
      );
      if (typeof cleanup === 'function') disposers.add(toDisposable(cleanup));
    } catch (error) {
      await disposers.dispose();
      this.fail(record, isSvcError(error) ? error : errors.modInitFailed({ modId: record.id, reason: (error as Error).message }));
      throw record.error;
    }
    record.disposers = disposers;
    record.status = 'loaded';
    record.error = undefined;
    await this.deps.hooks.onModEnabled.promise({ modId: record.id, version: manifest.version });
  }

  /**
   * The services `init` receives. Only the kernel's table (`KERNEL_SERVICES`) and the services
   * enabled mods registered are reachable, and the capability checked is the one the kernel or
   * the provider declared: a mod's ref object supplies nothing but the id it asks for.
   */
  private resolveDeps(manifest: ModManifest, definition: ModDefinition, scope: AwilixContainer): Record<string, unknown> {
    const resolved: Record<string, unknown> = {};
    const granted = new Set(manifest.capabilities ?? []);
    const requireCapability = (capability: string | undefined, service: string) => {
      if (capability !== undefined && !granted.has(capability)) throw errors.modCapabilityMissing({ modId: manifest.id, capability, service });
    };
    for (const [name, ref] of Object.entries(definition.deps) as [string, ServiceRef<unknown> | undefined][]) {
      const id = typeof ref?.id === 'string' ? ref.id : String(ref?.id);
      if (ref?.optionalOf !== undefined) {
        const target = String(ref.optionalOf);
        // Optional refs name services mods provide; the kernel's are never optional.
        if (isKernelNamespace(target)) throw errors.modServiceUnknown({ modId: manifest.id, service: id });
        requireCapability(this.declaredCapability(target), target);
        resolved[name] = {
          get: () => {
            const entry = this.deps.provided.get(target);
            if (!entry || (entry.capability !== undefined && !granted.has(entry.capability))) return undefined;
            return this.shared(entry);
          },
        };
        continue;
      }
      const kernel = KERNEL_SERVICES.get(id);
      if (kernel) {
        requireCapability(kernel.capability, id);
        resolved[name] = scope.resolve(id);
        continue;
      }
      const provided = this.deps.provided.get(id);
      if (!provided || !manifest.dependsOn?.includes(provided.modId)) {
        throw errors.modServiceUnknown({ modId: manifest.id, service: id });
      }
      requireCapability(provided.capability, id);
      resolved[name] = this.shared(provided);
    }
    return resolved;
  }

  /** The capability an installed mod's manifest declares for `serviceId`, if any mod provides it. */
  private declaredCapability(serviceId: string): string | undefined {
    for (const record of this.records.values()) {
      const declared = record.manifest && providedServicesOf(record.manifest).find((p) => p.id === serviceId);
      if (declared?.capability !== undefined) return declared.capability;
    }
    return undefined;
  }

  private readonly sharedViews = new WeakMap<object, unknown>();

  /**
   * A provided service as its consumers see it: a transaction passed to one of its methods
   * (`agents.create(input, trx)`) reaches the provider as a view checked against the
   * provider's tables, so work across mods still commits as one.
   */
  private shared(entry: ProvidedService): unknown {
    const implementation = entry.implementation;
    if (implementation === null || typeof implementation !== 'object') return implementation;
    const cached = this.sharedViews.get(implementation);
    if (cached) return cached;
    const tables = this.deps.tables;
    const providerId = entry.modId;
    const system = this.records.get(providerId)?.system === true;
    const wrappers = new WeakMap<(...args: unknown[]) => unknown, (...args: unknown[]) => unknown>();
    const target = implementation;
    // An empty stand-in as the proxy's target: a frozen implementation's methods could not be
    // answered with wrappers otherwise (proxy invariants).
    const proxy = new Proxy(Object.create(null) as object, {
      has: (_, key) => Reflect.has(target, key),
      get(_, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        let wrapper = wrappers.get(method);
        if (!wrapper) {
          wrapper = (...args: unknown[]) => {
            for (let i = 0; i < args.length; i++) {
              const arg = args[i];
              if (tables.isTransaction(arg)) args[i] = tables.viewFor(arg, providerId, system);
            }
            return method.apply(target, args);
          };
          wrappers.set(method, wrapper);
        }
        return wrapper;
      },
    });
    this.sharedViews.set(implementation, proxy);
    return proxy;
  }

  async disable(modId: string): Promise<ModStatus> {
    const record = this.require(modId);
    if (record.status === 'enabling' || record.status === 'disabling') {
      throw errors.modLifecycleInProgress({ modId, phase: record.status });
    }
    if (record.status === 'loaded') {
      const dependents = this.loadedDependents(modId);
      if (dependents.length > 0) throw errors.modHasDependents({ modId, dependents: dependents.map((d) => d.id).join(', ') });
      if (record.inFlight > 0) throw errors.modBusy({ modId, count: record.inFlight });
      await this.unload(record);
      record.status = 'disabled';
      await this.deps.hooks.onModDisabled.promise({ modId, version: record.manifest!.version });
    } else if (record.definition) {
      record.status = 'disabled';
      record.error = undefined;
    }
    await this.persist(record, 'disabled');
    return this.status(record);
  }

  /** Revokes availability after a deadline: the mod and what depends on it fail until re-enabled. */
  async revoke(modId: string, error: SvcError): Promise<void> {
    const record = this.records.get(modId);
    if (!record || record.status !== 'loaded') return;
    for (const dependent of this.loadedDependents(modId)) {
      await this.revoke(dependent.id, errors.modDependencyUnavailable({ modId: dependent.id, dependency: modId }));
    }
    await this.unload(record);
    this.fail(record, error);
    await this.persist(record, 'revoked', error);
    await this.deps.hooks.onModDisabled.promise({ modId, version: record.manifest!.version });
  }

  async uninstall(modId: string): Promise<void> {
    const record = this.require(modId);
    if (record.system) throw errors.modUninstallSystemRefused({ modId });
    if (record.status === 'loaded') await this.disable(modId);
    this.deps.routes.undeclare(modId);
    this.deps.extensions.undeclarePoints(modId);
    this.deps.errors.unregister(modId);
    this.records.delete(modId);
    // Settings, encrypted secrets and the mod's own tables stay: a reinstall finds them.
    await this.deps.database.knex('svc_mods').where({ id: modId }).delete();
  }

  private async unload(record: ModRecord): Promise<void> {
    record.status = 'disabling';
    const disposers = record.disposers;
    record.disposers = undefined;
    await disposers?.dispose();
  }

  private loadedDependents(modId: string): ModRecord[] {
    return [...this.records.values()].filter((r) => r.status === 'loaded' && r.manifest?.dependsOn?.includes(modId));
  }

  /** Unloads every mod, dependents first, without changing the persisted states (shutdown). */
  async shutdown(): Promise<void> {
    for (const record of this.dependencyOrder().reverse()) {
      if (record.status === 'loaded') await this.unload(record);
    }
  }

  // ── catalog ─────────────────────────────────────────────────────────────────────────────

  status(record: ModRecord): ModStatus {
    const m = record.manifest;
    const ui = m?.contributes?.ui ?? {};
    return {
      id: record.id,
      name: m?.name ?? record.id,
      version: m?.version ?? '0.0.0',
      description: m?.description,
      system: record.system,
      status: record.status === 'loaded' ? 'loaded' : record.status === 'failed' ? 'failed' : 'disabled',
      ...(record.error ? { error: { code: record.error.code, message: record.error.message } } : {}),
      ui: Object.fromEntries(Object.entries(ui).map(([slot, entry]) => [slot, { title: entry!.title }])),
    };
  }

  list(): ModStatus[] {
    return [...this.records.values()].map((r) => this.status(r));
  }

  get(modId: string): ModStatus | undefined {
    const record = this.records.get(modId);
    return record && this.status(record);
  }

  managementList(): ModManagementEntry[] {
    return [...this.records.values()].map((r) => ({ ...this.status(r), state: r.desired, installedAt: r.installedAt }));
  }

  /** Every mod found at boot, loaded or not (its tables are its own either way). */
  installedMods(): Array<{ id: string; system: boolean }> {
    return [...this.records.values()].map((r) => ({ id: r.id, system: r.system }));
  }

  manifestOf(modId: string): ModManifest | undefined {
    return this.records.get(modId)?.manifest;
  }

  // ── RouteOwnerGate ──────────────────────────────────────────────────────────────────────

  unavailable(owner: string): SvcError | undefined {
    if (owner === KERNEL_OWNER) return undefined;
    const record = this.records.get(owner);
    if (record?.status === 'loaded') return undefined;
    return errors.modUnavailable({ modId: owner, status: record ? this.status(record).status : 'not installed' });
  }

  enter(owner: string): void {
    const record = this.records.get(owner);
    if (record) record.inFlight++;
  }

  leave(owner: string): void {
    const record = this.records.get(owner);
    if (record && record.inFlight > 0) record.inFlight--;
  }

  deadlineExceeded(owner: string, error: SvcError): void {
    this.revoke(owner, error).catch((err) => this.log.error({ err, mod: owner }, 'revocation failed'));
  }

  mayAnswerRaw(owner: string): boolean {
    return owner === KERNEL_OWNER || this.records.get(owner)?.system === true;
  }
}
