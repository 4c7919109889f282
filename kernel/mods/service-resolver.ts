/**
 * Resolves the services a mod's `deps` name. Only the kernel's table (`KERNEL_SERVICES`) and
 * the services enabled mods registered are reachable, and the capability checked is the one
 * the kernel or the provider declared: a mod's ref object supplies nothing but the id it asks for.
 */
import type { AwilixContainer } from 'awilix';
import type { ModManifest } from '../../sdk/manifest.js';
import type { ServiceRef } from '../../sdk/service-ref.js';
import { errors } from '../errors.js';
import type { ModTableGuard } from '../storage/mod-table-guard.js';
import { isKernelNamespace, KERNEL_SERVICES } from '../services/index.js';
import { providedServicesOf } from './manifest-schema.js';
import { refuseTransactions } from './refuse-transactions.js';
import type { ProvidedService, ProvidedServices } from './registries.js';

/** What the resolver needs to know of the installed mods. */
export interface InstalledManifests {
  manifests(): Iterable<ModManifest>;
  isSystem(modId: string): boolean;
}

export class ServiceResolver {
  private readonly sharedViews = new WeakMap<object, unknown>();

  constructor(
    private readonly provided: ProvidedServices,
    private readonly tables: ModTableGuard,
    private readonly installed: InstalledManifests,
  ) {}

  /** `system`: the mod came from a system root (its record says so, not its manifest). */
  resolveDeps(manifest: ModManifest, deps: Record<string, ServiceRef<unknown>>, scope: AwilixContainer, options: { system?: boolean } = {}): Record<string, unknown> {
    const resolved: Record<string, unknown> = {};
    const granted = new Set(manifest.capabilities ?? []);
    const requireCapability = (capability: string | undefined, service: string) => {
      if (capability !== undefined && !granted.has(capability)) throw errors.modCapabilityMissing({ modId: manifest.id, capability, service });
    };
    for (const [name, ref] of Object.entries(deps) as [string, ServiceRef<unknown> | undefined][]) {
      const id = typeof ref?.id === 'string' ? ref.id : String(ref?.id);
      if (ref?.optionalOf !== undefined) {
        const target = String(ref.optionalOf);
        // Optional refs name services mods provide; the kernel's are never optional.
        if (isKernelNamespace(target)) throw errors.modServiceUnknown({ modId: manifest.id, service: id });
        requireCapability(this.declaredCapability(target), target);
        resolved[name] = {
          get: () => {
            const entry = this.provided.get(target);
            if (!entry || (entry.capability !== undefined && !granted.has(entry.capability))) return undefined;
            return this.shared(entry);
          },
        };
        continue;
      }
      const kernel = KERNEL_SERVICES.get(id);
      if (kernel) {
        // Services that hand out credentials exist for system mods only, whatever capability another mod lists.
        if (kernel.systemOnly && options.system !== true) throw errors.modServiceUnknown({ modId: manifest.id, service: id });
        requireCapability(kernel.capability, id);
        resolved[name] = scope.resolve(id);
        continue;
      }
      const provided = this.provided.get(id);
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
    for (const manifest of this.installed.manifests()) {
      const declared = providedServicesOf(manifest).find((p) => p.id === serviceId);
      if (declared?.capability !== undefined) return declared.capability;
    }
    return undefined;
  }

  /**
   * A provided service as its consumers see it. A live transaction is refused as an argument
   * (`mod_transaction_not_shareable`): work across mods commits as one through a unit-of-work
   * token the provider joins, never through a knex object the provider could use unchecked.
   */
  private shared(entry: ProvidedService): unknown {
    const implementation = entry.implementation;
    if (implementation === null || typeof implementation !== 'object') return implementation;
    const cached = this.sharedViews.get(implementation);
    if (cached) return cached;
    const tables = this.tables;
    const where = `a call to a service of ${entry.modId}`;
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
            refuseTransactions(args, tables, where);
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
}
