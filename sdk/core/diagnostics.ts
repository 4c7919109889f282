/**
 * `core.diagnostics`: the mod's diagnostics provider slot.
 */
import type { Disposable } from '../disposable.js';
import { createServiceRef } from '../service-ref.js';

/** Where a durable job of a mod stands. @public */
export type ModJobState = 'queued' | 'running' | 'retrying' | 'succeeded' | 'failed' | 'cancelled';

/** The states of {@link ModJobState}, in the order a job passes them. @public */
export const MOD_JOB_STATES: readonly ModJobState[] = Object.freeze(['queued', 'running', 'retrying', 'succeeded', 'failed', 'cancelled'] as const);

/**
 * One durable job as `GET /api/diagnostics/mods/{modId}/jobs` shows it: what it is, where it
 * stands and its last error in words, never a payload, prompt, output or credential. The
 * diagnostics routes keep only these fields and bound them (longer strings are cut). @public
 */
export interface ModJobSummary {
  /** `[A-Za-z0-9_-]`, 1 to 128 characters: the `{jobId}` of the detail route. */
  id: string;
  /** What kind of work (`scheduled-run`, `generate`, `index`…), at most 64 characters. */
  kind: string;
  state: ModJobState;
  /** ISO timestamps, when known. */
  createdAt?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  /** Attempts made so far. */
  attempts?: number;
  /** The last failure in words (at most 500 characters); null when there was none. */
  lastError?: string | null;
  /** Ids that say what the job is about (`agentId`, `scheduleId`…): at most 8, each at most 200 characters. */
  refs?: Record<string, string | number | null>;
}

/**
 * Sanitized opt-in diagnostics a mod offers (the manifest's `contributes.diagnostics` says which
 * kinds). `jobs` lists the mod's durable jobs newest first, at most `limit`; `job` answers one, or
 * undefined when the mod has no such job. Items are {@link ModJobSummary}s. @public
 */
export interface ModDiagnosticsProvider {
  pending?(): Promise<unknown[]>;
  jobs?(options: { limit: number }): Promise<unknown[]>;
  job?(jobId: string): Promise<unknown | undefined>;
}

/** Offers the mod's diagnostics (the manifest must opt in). @public */
export interface DiagnosticsService {
  provide(provider: ModDiagnosticsProvider): Disposable;
}

/** The mod's diagnostics provider slot. @public */
export const diagnosticsServiceRef = createServiceRef<DiagnosticsService>({ id: 'core.diagnostics', scope: 'mod' });
