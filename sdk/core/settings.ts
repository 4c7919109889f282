/**
 * `core.settings`: the mod's settings document.
 */
import { createServiceRef } from '../service-ref.js';

/** The mod's settings document, validated against the manifest's `contributes.settings` schema. @public */
export interface SettingsService {
  get<T = Record<string, unknown>>(): Promise<T>;
  set<T = Record<string, unknown>>(value: T): Promise<T>;
}

/** The mod's settings document. @public */
export const settingsServiceRef = createServiceRef<SettingsService>({ id: 'core.settings', scope: 'mod' });
