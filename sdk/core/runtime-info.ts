/**
 * `core.runtime-info`: runtime facts (version, build identity).
 */
import { createServiceRef } from '../service-ref.js';

/** Facts about this runtime build and process. @public */
export interface RuntimeInfoService {
  runtime: 'svc';
  version: string;
  /** Content hash of the shipped code. */
  buildIdentity: string;
  releaseProvenance?: { assembly?: string; backend?: string; ui?: string };
  startedAt: Date;
  dataDir: string;
  /** A random id of this process, stable for its life (tells processes on one database apart). */
  instanceId: string;
  /** Matches the configured smoke token in constant time; false when none is configured. */
  smokeTokenMatches(candidate: string | undefined): boolean;
}

/** Runtime facts (version, build identity). @public */
export const runtimeInfoServiceRef = createServiceRef<RuntimeInfoService>({ id: 'core.runtime-info' });
