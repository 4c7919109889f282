/**
 * Kernel registries that mods fill through their scoped services: tools, diagnostics
 * providers and services provided by one mod to others. Entries are added with a disposer.
 */
import { toDisposable, type Disposable } from '../../sdk/disposable.js';
import type { ModDiagnosticsProvider, RegisteredTool, ToolCatalogService } from '../../sdk/core-services.js';
import { errors } from '../errors.js';

export class ToolRegistry implements ToolCatalogService {
  private readonly tools = new Map<string, RegisteredTool>();

  add(tool: RegisteredTool): Disposable {
    this.tools.set(tool.name, tool);
    return toDisposable(() => {
      if (this.tools.get(tool.name) === tool) this.tools.delete(tool.name);
    });
  }

  list(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }
}

export class DiagnosticsRegistry {
  private readonly providers = new Map<string, ModDiagnosticsProvider>();

  add(modId: string, provider: ModDiagnosticsProvider): Disposable {
    this.providers.set(modId, provider);
    return toDisposable(() => {
      if (this.providers.get(modId) === provider) this.providers.delete(modId);
    });
  }

  get(modId: string): ModDiagnosticsProvider | undefined {
    return this.providers.get(modId);
  }
}

/** A service a mod provides, with the capability its manifest declares for it. */
export interface ProvidedService {
  modId: string;
  implementation: unknown;
  /** From the provider's manifest `provides`; a consumer must list it to receive the service. */
  capability?: string;
}

/** Services mods offer each other (`provides`), keyed by service ref id. */
export class ProvidedServices {
  private readonly services = new Map<string, ProvidedService>();

  add(serviceId: string, modId: string, implementation: unknown, capability?: string): Disposable {
    const current = this.services.get(serviceId);
    if (current && current.modId !== modId) throw errors.modServiceTaken({ modId, service: serviceId, owner: current.modId });
    const entry: ProvidedService = { modId, implementation, capability };
    this.services.set(serviceId, entry);
    return toDisposable(() => {
      if (this.services.get(serviceId) === entry) this.services.delete(serviceId);
    });
  }

  get(serviceId: string): ProvidedService | undefined {
    return this.services.get(serviceId);
  }

  countFor(modId: string): number {
    return [...this.services.values()].filter((entry) => entry.modId === modId).length;
  }
}
