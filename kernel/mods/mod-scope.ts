/**
 * The per-mod awilix scope: the services a mod receives, each bound to the mod's id and
 * manifest, each recording what it registers so disable can undo it in reverse order.
 */
import { asFunction, asValue, type AwilixContainer } from 'awilix';
import type { Logger } from 'pino';
import Ajv from 'ajv';
import type {
  ChangesService,
  DiagnosticsService,
  HooksService,
  HttpRouterService,
  JobsService,
  LoggerService,
  ModDatabaseService,
  SecretsService,
  SettingsService,
  ToolRegistrarService,
} from '../../sdk/core-services.js';
import type { Disposable } from '../../sdk/disposable.js';
import type { ExtensionsService, OwnedHookPoint, OwnedListPoint } from '../../sdk/extensions.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import { describeValidationError } from '../http/schema-validators.js';
import { isHookName, tapHook, type HookCatalog } from '../hooks/hook-catalog.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createModJobs } from '../jobs/mod-jobs.js';
import type { RouteTable } from '../http/route-table.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { Database } from '../storage/database.js';
import { tablePrefixOf, type ModTableGuard } from '../storage/mod-table-guard.js';
import type { ChangeBus } from '../storage/change-bus.js';
import type { SettingsStore } from '../storage/settings-store.js';
import type { ExtensionRegistry } from './extension-registry.js';
import type { DiagnosticsRegistry, ToolRegistry } from './registries.js';
import { refuseTransactions } from './service-resolver.js';

/** The mod's registrations, undone in reverse order on disable. */
export class DisposerStack {
  private readonly items: Disposable[] = [];
  private closed = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Records `item`; after the stack closed (a late registration from a timed-out init) it is undone at once. */
  add<T extends Disposable>(item: T): T {
    if (this.closed) {
      void Promise.resolve(item.dispose()).catch(this.onError);
      throw new Error('the mod is no longer enabled');
    }
    this.items.push(item);
    return item;
  }

  async dispose(): Promise<void> {
    this.closed = true;
    while (this.items.length > 0) {
      const item = this.items.pop()!;
      try {
        await item.dispose();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** Root registrations the mod scope builds on. */
export interface KernelCradle {
  'kernel.logger': Logger;
  'kernel.database': Database;
  'kernel.table-guard': ModTableGuard;
  'kernel.routes': RouteTable;
  'kernel.hooks': HookCatalog;
  'kernel.settings-store': SettingsStore;
  'kernel.secret-store': SecretStore;
  'kernel.tool-registry': ToolRegistry;
  'kernel.diagnostics-registry': DiagnosticsRegistry;
  'kernel.jobs': JobQueue;
  'kernel.extensions': ExtensionRegistry;
  'kernel.changes': ChangeBus;
}

interface ModCradle extends KernelCradle {
  modId: string;
  manifest: ModManifest;
  disposers: DisposerStack;
}

const settingsAjv = new Ajv.default({ strict: false, useDefaults: true, allErrors: false });
/** Tool inputs come from outside the mod: validated strictly, no coercion, no defaults filled in. */
const toolAjv = new Ajv.default({ strict: false, allErrors: false });

/**
 * Checks a settings document against the mod's `contributes.settings` schema and returns a
 * copy with defaults filled in; 400 `mod_settings_invalid` names the first problem.
 */
export function modSettingsChecker(manifest: ModManifest): <T>(value: T) => T {
  const validate = settingsAjv.compile(manifest.contributes?.settings ?? { type: 'object' });
  return <T>(value: T): T => {
    const copy = structuredClone(value ?? {}) as T;
    if (!validate(copy)) {
      const first = validate.errors?.[0];
      throw errors.modSettingsInvalid({ modId: manifest.id, reason: `${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}` });
    }
    return copy;
  };
}

/**
 * Registers the mod-scoped core services in a fresh child scope of `root`. The mod host
 * resolves from it only the ids in `KERNEL_SERVICES`; the `kernel.*` entries are the
 * material these services are built from and never reach a mod.
 */
export function createModContainer(root: AwilixContainer, manifest: ModManifest, disposers: DisposerStack): AwilixContainer {
  const scope = root.createScope();
  scope.register({
    modId: asValue(manifest.id),
    manifest: asValue(manifest),
    disposers: asValue(disposers),
    'core.logger': asFunction((c: ModCradle): LoggerService => c['kernel.logger'].child({ mod: c.modId }) as unknown as LoggerService).scoped(),
    'core.database': asFunction((c: ModCradle): ModDatabaseService => {
      const db = c['kernel.database'];
      const prefix = tablePrefixOf(c.modId);
      // Same pool as the kernel's; every statement (and every transaction opened from it) is
      // checked against the mod's own tables.
      const guard = c['kernel.table-guard'];
      const system = c.manifest.system === true;
      const knex = guard.handle(c.modId, { system });
      return {
        knex,
        driver: db.driver,
        vector: db.vector,
        trigram: db.trigram,
        table: (name: string) => `${prefix}_${name}`,
        transaction: async (fn, options) => {
          if (options?.join === undefined) return knex.transaction(fn);
          // Another mod's transaction, named by the token it handed over: write in it under our own check.
          const joined = db.joined(options.join);
          if (!joined) throw errors.modUnitOfWorkUnknown({ modId: c.modId });
          return fn(guard.viewFor(joined, c.modId, system));
        },
        // Registered as the kernel's view: whoever joins narrows it to their own tables.
        unitOfWork: (trx) => db.unitOfWork(guard.kernelView(trx)),
      };
    }).scoped(),
    'core.http-router': asFunction((c: ModCradle): HttpRouterService => ({
      route: (routeId, binding) => c.disposers.add(c['kernel.routes'].bind(c.modId, routeId, binding)),
    })).scoped(),
    'core.hooks': asFunction((c: ModCradle): HooksService => ({
      tap(name, fn) {
        const hooks = c['kernel.hooks'];
        if (!isHookName(hooks, name)) throw errors.modHookUnknown({ modId: c.modId, hook: String(name) });
        if (!c.manifest.uses?.hooks?.includes(name)) {
          throw errors.modContributionUndeclared({ modId: c.modId, kind: 'hook tap', name });
        }
        return c.disposers.add(tapHook(hooks, name, c.modId, fn));
      },
    })).scoped(),
    'core.extensions': asFunction((c: ModCradle): ExtensionsService => createModExtensions(c)).scoped(),
    'core.settings': asFunction((c: ModCradle): SettingsService => {
      const check = modSettingsChecker(c.manifest);
      const store = c['kernel.settings-store'];
      return {
        get: async <T>() => check(((await store.getCached<T>(c.modId, 'settings')) ?? {}) as T),
        set: async <T>(value: T) => {
          const valid = check(value);
          await store.set(c.modId, 'settings', valid);
          return valid;
        },
      };
    }).scoped(),
    'core.secrets': asFunction((c: ModCradle): SecretsService => {
      const store = c['kernel.secret-store'];
      return {
        get: (name) => store.getCached(c.modId, name),
        set: (name, value) => store.set(c.modId, name, value),
        delete: (name) => store.delete(c.modId, name),
        has: (name) => store.has(c.modId, name),
      };
    }).scoped(),
    'core.tools': asFunction((c: ModCradle): ToolRegistrarService => ({
      register(name, binding) {
        const declared = c.manifest.contributes?.tools?.find((t) => t.name === name);
        if (!declared) throw errors.modContributionUndeclared({ modId: c.modId, kind: 'tool', name });
        const validate = toolAjv.compile(binding.inputSchema);
        return c.disposers.add(
          c['kernel.tool-registry'].add({
            name: `mod.${c.modId}.${name}`,
            modId: c.modId,
            title: declared.title,
            description: declared.description,
            inputSchema: binding.inputSchema,
            invoke: async (input, context) => {
              if (!validate(input)) throw errors.toolInputInvalid({ tool: `mod.${c.modId}.${name}`, reason: describeValidationError(validate.errors) });
              return binding.handler(input, context);
            },
          }),
        );
      },
    })).scoped(),
    'core.jobs': asFunction((c: ModCradle): JobsService => createModJobs(c['kernel.jobs'], c.manifest, c.disposers)).scoped(),
    'core.changes': asFunction((c: ModCradle): ChangesService => ({
      // A mod publishes only under its own id; it may listen to anyone's.
      publish: (name, key) => c['kernel.changes'].publish(`${c.modId}.${name}`, key),
      subscribe: (topic, listener) => c.disposers.add(c['kernel.changes'].subscribe(topic, listener)),
    })).scoped(),
    'core.diagnostics': asFunction((c: ModCradle): DiagnosticsService => ({
      provide(provider) {
        if (!c.manifest.contributes?.diagnostics) {
          throw errors.modContributionUndeclared({ modId: c.modId, kind: 'diagnostics', name: 'provider' });
        }
        return c.disposers.add(c['kernel.diagnostics-registry'].add(c.modId, provider));
      },
    })).scoped(),
  });
  return scope;
}


/** The mod's extension facade: taps on others' hook points, handles on its own points. */
function createModExtensions(c: ModCradle): ExtensionsService {
  const registry = c['kernel.extensions'];
  const guard = c['kernel.table-guard'];
  const owned = (id: string, kind: 'list' | 'hook') => {
    const declared = c.manifest.contributes?.extensionPoints?.find((p) => p.id === id);
    if (!declared || declared.kind !== kind) throw errors.modExtensionPointNotOwned({ modId: c.modId, kind, point: id });
  };
  /** A run-time contribution needs the id in `uses.extensionPoints` and, once declared, the right kind of point. */
  const usable = (id: string, kind: 'list' | 'hook', what: string) => {
    if (!c.manifest.uses?.extensionPoints?.includes(id)) throw errors.modContributionUndeclared({ modId: c.modId, kind: what, name: id });
    const declared = registry.point(id)?.declaration.kind;
    if (declared && declared !== kind) {
      throw errors.modExtensionInvalid({ modId: c.modId, point: id, reason: `it is a ${declared} point; ${kind === 'hook' ? 'only hook points are tapped' : 'only list points take values'}` });
    }
  };
  return {
    tap(point, fn) {
      const id = String(point?.id);
      usable(id, 'hook', 'extension point tap');
      return c.disposers.add(registry.add(id, c.modId, fn));
    },
    provide(point, value) {
      const id = String(point?.id);
      usable(id, 'list', 'extension point contribution');
      return c.disposers.add(registry.add(id, c.modId, value));
    },
    hook(point) {
      const id = String(point?.id);
      owned(id, 'hook');
      const handle: OwnedHookPoint<unknown[], unknown> = {
        id,
        // Work in the owner's transaction reaches taps as a unit-of-work token, never as knex.
        call: async (...args) => {
          refuseTransactions(args, guard, `hook point ${id}`);
          return registry.call(id, args);
        },
        taps: () => registry.contributions(id).map((e) => e.modId),
        onChange: (listener) => c.disposers.add(registry.onChange(id, listener)),
      };
      return handle as never;
    },
    list(point) {
      const id = String(point?.id);
      owned(id, 'list');
      const handle: OwnedListPoint<unknown> = {
        id,
        contributions: () => registry.contributions(id),
        onChange: (listener) => c.disposers.add(registry.onChange(id, listener)),
      };
      return handle as never;
    },
  };
}
