/** `core.diagnostics`: the mod's diagnostics provider slot (the manifest must opt in). */
import type { DiagnosticsService } from '../../sdk/core/diagnostics.js';
import { errors } from '../errors.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const diagnosticsService: ModServiceDefinition<DiagnosticsService> = {
  id: 'core.diagnostics',
  scope: 'mod',
  build: (c) => ({
    provide(provider) {
      if (!c.manifest.contributes?.diagnostics) {
        throw errors.modContributionUndeclared({ modId: c.modId, kind: 'diagnostics', name: 'provider' });
      }
      return c.disposers.add(c['kernel.diagnostics-registry'].add(c.modId, provider));
    },
  }),
};
