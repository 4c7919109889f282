/**
 * `core.process-liveness`: which processes on the database are gone, from their sessions.
 */
import { createServiceRef } from '../service-ref.js';

/**
 * Tells whether the processes that own rows are still connected. On PostgreSQL each process
 * holds a session lock keyed by its instance id (`RuntimeInfoService.instanceId`) that the
 * database releases the moment the process's connection ends (a crash, `kill -9`, a lost
 * network), so a mod learns of a dead owner in one read instead of waiting out a heartbeat bound.
 * A process that is alive but stuck (stopped, hung) keeps its lock: keep a heartbeat for that.
 * A process whose lock connection dropped reads as departed until it re-connects: a row
 * another process marks meanwhile must stay marked (write the owner's own finish conditionally).
 * On embedded PGlite (one process) every id but this process's own is departed. @public
 */
export interface ProcessLivenessService {
  /** The ids among `instanceIds` whose process is gone, in the order given, each once; never this process's own. */
  departed(instanceIds: readonly string[]): Promise<string[]>;
}

/** Which processes on the database are gone. @public */
export const processLivenessServiceRef = createServiceRef<ProcessLivenessService>({ id: 'core.process-liveness' });
