/** `core.settings`: the mod's settings document, validated against its manifest's schema. */
import Ajv from 'ajv';
import type { SettingsService } from '../../sdk/core/settings.js';
import type { ModManifest } from '../../sdk/manifest.js';
import { errors } from '../errors.js';
import type { ModServiceDefinition } from './kernel-service.js';

/**
 * The one instance settings schemas compile in: the manifest check compiles a mod's schema here
 * (`manifest-schema.ts`), so the checker below gets ajv's cached validator instead of a second
 * compile at every start.
 */
export const settingsAjv = new Ajv.default({ strict: false, useDefaults: true, allErrors: false });

/**
 * Checks a settings document against the mod's `contributes.settings` schema and returns a
 * copy with defaults filled in; 400 `mod_settings_invalid` names the first problem.
 */
export function modSettingsChecker(manifest: ModManifest): <T>(value: T) => T {
  const validate = settingsAjv.compile(manifest.contributes?.settings ?? { type: 'object' });
  return <T>(value: T): T => {
    const copy = structuredClone(value ?? {}) as T;
    if (!validate(copy)) {
      const first = validate.errors?.[0];
      throw errors.modSettingsInvalid({ modId: manifest.id, reason: `${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}` });
    }
    return copy;
  };
}

export const settingsService: ModServiceDefinition<SettingsService> = {
  id: 'core.settings',
  scope: 'mod',
  build: (c) => {
    const check = modSettingsChecker(c.manifest);
    const store = c['kernel.settings-store'];
    return {
      get: async <T>() => check(((await store.getCached<T>(c.modId, 'settings')) ?? {}) as T),
      set: async <T>(value: T) => {
        const valid = check(value);
        await store.set(c.modId, 'settings', valid);
        return valid;
      },
    };
  },
};
