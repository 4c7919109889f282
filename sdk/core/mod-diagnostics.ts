/**
 * `core.mod-diagnostics`: opt-in mod diagnostics.
 */
import type { ModDiagnosticsProvider } from './diagnostics.js';
import { createServiceRef } from '../service-ref.js';

/** Mod diagnostics providers, looked up by mod id. @public */
export interface ModDiagnosticsRegistryService {
  get(modId: string): ModDiagnosticsProvider | undefined;
}

/** Opt-in mod diagnostics. @public */
export const modDiagnosticsServiceRef = createServiceRef<ModDiagnosticsRegistryService>({
  id: 'core.mod-diagnostics',
  capability: 'kernel.introspect',
});
