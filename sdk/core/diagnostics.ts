/**
 * `core.diagnostics`: the mod's diagnostics provider slot.
 */
import type { Disposable } from '../disposable.js';
import { createServiceRef } from '../service-ref.js';

/** Sanitized opt-in diagnostics a mod offers. @public */
export interface ModDiagnosticsProvider {
  pending?(): Promise<unknown[]>;
  jobs?(): Promise<unknown[]>;
  job?(jobId: string): Promise<unknown | undefined>;
}

/** Offers the mod's diagnostics (the manifest must opt in). @public */
export interface DiagnosticsService {
  provide(provider: ModDiagnosticsProvider): Disposable;
}

/** The mod's diagnostics provider slot. @public */
export const diagnosticsServiceRef = createServiceRef<DiagnosticsService>({ id: 'core.diagnostics', scope: 'mod' });
