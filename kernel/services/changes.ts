/** `core.changes`: the mod's change bus (publish under its own id, hear anyone's). */
import type { ChangesService } from '../../sdk/core/changes.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const changesService: ModServiceDefinition<ChangesService> = {
  id: 'core.changes',
  scope: 'mod',
  build: (c) => ({
    // A mod publishes only under its own id; it may listen to anyone's.
    publish: (name, key) => c['kernel.changes'].publish(`${c.modId}.${name}`, key),
    subscribe: (topic, listener) => c.disposers.add(c['kernel.changes'].subscribe(topic, listener)),
  }),
};
