/** `core.hooks`: taps the kernel's lifecycle hooks the manifest lists, named after the mod. */
import type { HooksService } from '../../sdk/core/hooks.js';
import { errors } from '../errors.js';
import { isHookName, tapHook } from '../hooks/hook-catalog.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const hooksService: ModServiceDefinition<HooksService> = {
  id: 'core.hooks',
  scope: 'mod',
  build: (c) => ({
    tap(name, fn) {
      const hooks = c['kernel.hooks'];
      if (!isHookName(hooks, name)) throw errors.modHookUnknown({ modId: c.modId, hook: String(name) });
      if (!c.manifest.uses?.hooks?.includes(name)) {
        throw errors.modContributionUndeclared({ modId: c.modId, kind: 'hook tap', name });
      }
      return c.disposers.add(tapHook(hooks, name, c.modId, fn));
    },
  }),
};
