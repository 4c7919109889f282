/** `core.mod-diagnostics`: the opt-in diagnostics providers of mods, by mod id. */
import type { ModDiagnosticsRegistryService } from '../../sdk/core/mod-diagnostics.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const modDiagnosticsService: RootServiceDefinition<ModDiagnosticsRegistryService> = {
  id: 'core.mod-diagnostics',
  scope: 'root',
  capability: 'kernel.introspect',
  build: (c) => c['kernel.diagnostics-registry'],
};
