/** `core.logger`: the kernel's logger labelled with the mod id. */
import type { LoggerService } from '../../sdk/core/logger.js';
import type { ModServiceDefinition } from './kernel-service.js';

export const loggerService: ModServiceDefinition<LoggerService> = {
  id: 'core.logger',
  scope: 'mod',
  build: (c) => c['kernel.logger'].child({ mod: c.modId }) as unknown as LoggerService,
};
