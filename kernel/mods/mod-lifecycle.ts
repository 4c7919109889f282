/**
 * The lifecycle state machine `installed → enabling → loaded ⇄ disabling → disabled`, with
 * `failed` reachable from any step: loads a mod's code through its runtime (registering its
 * error catalogues), starts and stops it in dependency order, persists what the operator asked
 * for, and revokes a mod (and its dependents) that passed a deadline.
 */
import type { AwilixContainer } from 'awilix';
import type { Logger } from 'pino';
import type { ModStatus } from '../../sdk/core-services.js';
import { isSvcError, type SvcError } from '../../sdk/errors.js';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ErrorRegistry } from '../error-registry.js';
import { errors } from '../errors.js';
import type { HookCatalog } from '../hooks/hook-catalog.js';
import type { Database } from '../storage/database.js';
import type { ExtensionRegistry } from './extension-registry.js';
import { providedServicesOf } from './manifest-schema.js';
import type { ModApprovals } from './mod-approvals.js';
import type { ModInstaller } from './mod-installer.js';
import { failRecord, statusOf, type DesiredState, type ModRecord } from './mod-record.js';
import type { ModRuntimeFactory, ModStartScope } from './mod-runtime.js';
import type { ProvidedServices } from './registries.js';
import type { ServiceResolver } from './service-resolver.js';
import { assertUntrustedManifest } from './untrusted-manifest.js';

export interface ModLifecycleDeps {
  installed: ModInstaller;
  runtimes: ModRuntimeFactory;
  resolver: ServiceResolver;
  database: Database;
  hooks: HookCatalog;
  container: AwilixContainer;
  provided: ProvidedServices;
  extensions: ExtensionRegistry;
  errors: ErrorRegistry;
  enableTimeoutMs: number;
  /** The operator's consent to what sandboxed mods ask for; without it a sandboxed mod never starts. */
  approvals?: ModApprovals;
  log: Logger;
}

export class ModLifecycle {
  /**
   * Set when the service starts to stop (the kernel's `onShutdown`, before requests drain): a
   * sandbox that ends from here on ends with the service, and is never saved as the mod's failure.
   */
  private shuttingDown = false;

  constructor(private readonly deps: ModLifecycleDeps) {
    deps.hooks.onShutdown.tap('kernel.mod-lifecycle', () => {
      this.shuttingDown = true;
    });
  }

  /** Loads an installed mod's code and registers its error catalogues; a conflict fails the mod. */
  async load(record: ModRecord): Promise<void> {
    if (record.status === 'failed' || !record.manifest) return;
    const runtime = this.deps.runtimes(record, this.deps.log);
    try {
      const loaded = await runtime.load(record.manifest);
      this.deps.errors.register(record.id, loaded.errors);
      record.runtime = runtime;
    } catch (error) {
      this.fail(record, isSvcError(error) ? error : errors.modEntryInvalid({ modId: record.id, entry: record.manifest.entry, reason: (error as Error).message }));
    }
  }

  /** Drops an uninstalled mod's code and its error codes. */
  forget(record: ModRecord): void {
    record.runtime = undefined;
    this.deps.errors.unregister(record.id);
  }

  /** Starts every mod the operator wants enabled, dependencies first; a failure stays with its mod. */
  async startAll(): Promise<void> {
    for (const record of this.dependencyOrder()) {
      if (record.status === 'failed') continue;
      if (record.desired === 'enabled') {
        await this.start(record).catch(() => undefined); // recorded as failed
      } else {
        record.status = record.desired === 'revoked' ? 'failed' : 'disabled';
      }
    }
  }

  /** Mods ordered so dependencies come first; missing dependencies and cycles fail the mods involved. */
  dependencyOrder(): ModRecord[] {
    const order: ModRecord[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (record: ModRecord, trail: string[]): void => {
      if (state.get(record.id) === 'done') return;
      if (state.get(record.id) === 'visiting') {
        const cycle = [...trail.slice(trail.indexOf(record.id)), record.id];
        for (const id of cycle) {
          const member = this.deps.installed.get(id)!;
          if (member.status !== 'failed') this.fail(member, errors.modDependencyCycle({ modId: id, cycle: cycle.join(' → ') }));
        }
        return;
      }
      state.set(record.id, 'visiting');
      for (const dep of record.manifest?.dependsOn ?? []) {
        const target = this.deps.installed.get(dep);
        if (!target) {
          if (record.status !== 'failed') this.fail(record, errors.modDependencyMissing({ modId: record.id, dependency: dep }));
          continue;
        }
        visit(target, [...trail, record.id]);
      }
      state.set(record.id, 'done');
      order.push(record);
    };
    for (const record of this.deps.installed.all()) visit(record, []);
    return order;
  }

  async enable(modId: string): Promise<ModStatus> {
    const record = this.deps.installed.require(modId);
    if (record.status === 'loaded') return statusOf(record);
    await this.start(record);
    await this.persist(record, 'enabled');
    return statusOf(record);
  }

  private async start(record: ModRecord): Promise<void> {
    if (record.status === 'enabling' || record.status === 'disabling') {
      throw errors.modLifecycleInProgress({ modId: record.id, phase: record.status });
    }
    const { manifest, runtime } = record;
    if (!manifest || !runtime) throw record.error ?? errors.modEntryInvalid({ modId: record.id, entry: '?', reason: 'not loaded' });
    for (const dep of manifest.dependsOn ?? []) {
      const target = this.deps.installed.get(dep);
      if (!target) {
        this.fail(record, errors.modDependencyMissing({ modId: record.id, dependency: dep }));
        throw record.error;
      }
      if (target.status !== 'loaded') {
        this.fail(record, errors.modDependencyUnavailable({ modId: record.id, dependency: dep }));
        throw record.error;
      }
    }
    // Untrusted code never starts with what its runtime would ignore or the kernel would load (migrations).
    if (record.sandboxed) assertUntrustedManifest(record.id, manifest, { fromGit: false });
    // Marked before the approval is read, so a second start of the same mod (a follow notice
    // while an install enables it) is refused above instead of starting it twice.
    const before = record.status;
    record.status = 'enabling';
    // An installed mod runs only with what the operator approved: not approved is not a failure,
    // the mod stays as it was (an update that asks for more waits here for the difference).
    let privateHosts: readonly string[] | undefined;
    if (record.sandboxed) {
      try {
        if (!this.deps.approvals) throw errors.modPermissionsNotApproved({ modId: record.id, version: manifest.version });
        privateHosts = (await this.deps.approvals.gate(record.id, manifest)).privateHosts;
      } catch (error) {
        record.status = before;
        throw error;
      }
    }
    try {
      await runtime.start(this.startScope(manifest, record.system, privateHosts));
    } catch (error) {
      this.fail(record, isSvcError(error) ? error : errors.modInitFailed({ modId: record.id, reason: (error as Error).message }));
      throw record.error;
    }
    record.status = 'loaded';
    record.error = undefined;
    await this.deps.hooks.onModEnabled.promise({ modId: record.id, version: manifest.version });
  }

  /** The host's side of a start: manifest data for extension points, deps, provided services. */
  private startScope(manifest: ModManifest, system: boolean, privateHosts?: readonly string[]): ModStartScope {
    const { extensions, provided, resolver } = this.deps;
    return {
      manifest,
      privateHosts,
      container: this.deps.container,
      initTimeoutMs: this.deps.enableTimeoutMs,
      revoke: (error) => void this.revoke(manifest.id, error).catch((err) => this.deps.log.error({ err, mod: manifest.id }, 'revocation failed')),
      contributions() {
        // Contributions to other mods' points: checked against each point's schema, then live until stop.
        extensions.checkData(manifest);
        return extensions.addData(manifest);
      },
      resolveDeps: (deps, scope) => resolver.resolveDeps(manifest, deps, scope, { system }),
      provide(ref, implementation) {
        const declared = providedServicesOf(manifest).find((p) => p.id === ref.id);
        if (!declared) throw errors.modServiceNotProvided({ modId: manifest.id, service: ref.id });
        return provided.add(ref.id, manifest.id, implementation, declared.capability);
      },
    };
  }

  async disable(modId: string): Promise<ModStatus> {
    const record = this.deps.installed.require(modId);
    if (record.status === 'enabling' || record.status === 'disabling') {
      throw errors.modLifecycleInProgress({ modId, phase: record.status });
    }
    if (record.status === 'loaded') {
      const dependents = this.loadedDependents(modId);
      if (dependents.length > 0) throw errors.modHasDependents({ modId, dependents: dependents.map((d) => d.id).join(', ') });
      if (record.inFlight > 0) throw errors.modBusy({ modId, count: record.inFlight });
      await this.stop(record);
      record.status = 'disabled';
      await this.deps.hooks.onModDisabled.promise({ modId, version: record.manifest!.version });
    } else if (record.runtime) {
      record.status = 'disabled';
      record.error = undefined;
    }
    await this.persist(record, 'disabled');
    return statusOf(record);
  }

  /**
   * Brings this process's copy of a mod to the state another process persisted: no write (the
   * row already says it) and no in-flight or dependents refusal (the deciding process checked
   * its own; dependents it disabled first stop here too). A step already running here wins;
   * its own notice tells the other processes.
   */
  async follow(modId: string, state: DesiredState): Promise<void> {
    const record = this.deps.installed.get(modId);
    if (!record || record.status === 'enabling' || record.status === 'disabling') return;
    record.desired = state;
    if (state === 'enabled') {
      if (record.status !== 'loaded' && record.runtime) await this.start(record).catch(() => undefined); // recorded as failed
      return;
    }
    if (record.status !== 'loaded') {
      if (record.runtime && record.status !== 'failed') record.status = 'disabled';
      return;
    }
    for (const dependent of this.loadedDependents(modId)) await this.follow(dependent.id, 'disabled');
    await this.stop(record);
    record.status = 'disabled';
    await this.deps.hooks.onModDisabled.promise({ modId, version: record.manifest!.version });
  }

  /** Revokes availability after a deadline: the mod and what depends on it fail until re-enabled. */
  async revoke(modId: string, error: SvcError): Promise<void> {
    const record = this.deps.installed.get(modId);
    if (!record || record.status !== 'loaded' || this.shuttingDown) return;
    for (const dependent of this.loadedDependents(modId)) {
      await this.revoke(dependent.id, errors.modDependencyUnavailable({ modId: dependent.id, dependency: modId }));
    }
    await this.stop(record);
    this.fail(record, error);
    await this.persist(record, 'revoked', error);
    await this.deps.hooks.onModDisabled.promise({ modId, version: record.manifest!.version });
  }

  /** Stops every mod, dependents first, without changing the persisted states (shutdown). */
  async stopAll(): Promise<void> {
    this.shuttingDown = true;
    for (const record of this.dependencyOrder().reverse()) {
      if (record.status === 'loaded') await this.stop(record);
    }
  }

  private async stop(record: ModRecord): Promise<void> {
    record.status = 'disabling';
    await record.runtime?.stop();
  }

  private loadedDependents(modId: string): ModRecord[] {
    return this.deps.installed.all().filter((r) => r.status === 'loaded' && r.manifest?.dependsOn?.includes(modId));
  }

  private async persist(record: ModRecord, state: DesiredState, error?: SvcError): Promise<void> {
    const knex = this.deps.database.knex;
    record.desired = state;
    await knex('svc_mods')
      .where({ id: record.id })
      .update({ state, error_code: error?.code ?? null, error_message: error?.message ?? null, updated_at: knex.fn.now() });
  }

  private fail(record: ModRecord, error: SvcError): void {
    failRecord(record, error, this.deps.log);
  }
}
