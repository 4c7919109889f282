/** `core.runtime-info`: facts about this runtime build and process. */
import { timingSafeEqual } from 'node:crypto';
import type { RuntimeInfoService } from '../../sdk/core/runtime-info.js';
import { projectRoot, type KernelConfig } from '../config.js';
import { readReleaseProvenance } from '../http/build-identity.js';
import { KERNEL_VERSION } from '../version.js';
import type { RootServiceDefinition } from './kernel-service.js';

/** The runtime facts of this process; `startedAt` is when this is called. */
export function createRuntimeInfo(config: KernelConfig, instanceId: string, buildIdentity: string): RuntimeInfoService {
  const smokeToken = config.smokeToken ? Buffer.from(config.smokeToken) : undefined;
  return Object.freeze({
    runtime: 'svc' as const,
    version: KERNEL_VERSION,
    buildIdentity,
    releaseProvenance: readReleaseProvenance(projectRoot),
    startedAt: new Date(),
    dataDir: config.dataDir,
    instanceId,
    smokeTokenMatches(candidate: string | undefined): boolean {
      if (!smokeToken || candidate === undefined) return false;
      const given = Buffer.from(candidate);
      return given.length === smokeToken.length && timingSafeEqual(given, smokeToken);
    },
  });
}

export const runtimeInfoService: RootServiceDefinition<RuntimeInfoService> = {
  id: 'core.runtime-info',
  scope: 'root',
  build: (c) => createRuntimeInfo(c['kernel.config'], c['kernel.instance-id'], c['kernel.build-identity']),
};
