/** `core.process-liveness`: which processes on the database are gone (their session lock is free). */
import type { ProcessLivenessService } from '../../sdk/core/process-liveness.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const processLivenessService: RootServiceDefinition<ProcessLivenessService> = {
  id: 'core.process-liveness',
  scope: 'root',
  build: (c) => {
    const liveness = c['kernel.process-liveness'];
    return { departed: (instanceIds) => liveness.departed(instanceIds) };
  },
};
