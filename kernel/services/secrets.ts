/** `core.secrets`: the mod's write-only secrets, encrypted at rest. */
import type { SecretsService } from '../../sdk/core/secrets.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const secretsService: ModServiceDefinition<SecretsService> = {
  id: 'core.secrets',
  scope: 'mod',
  build: (c) => {
    const store = c['kernel.secret-store'];
    return {
      get: (name) => store.getCached(c.modId, name),
      set: (name, value) => store.set(c.modId, name, value),
      delete: (name) => store.delete(c.modId, name),
      has: (name) => store.has(c.modId, name),
    };
  },
};
