/**
 * `core.ui-auth-transfer`: the interactive-auth settings with their secrets, for export and import.
 */
import { createServiceRef } from '../service-ref.js';

/** The saved interactive-auth settings as plain data (what `PUT /api/settings/ui-auth` takes, minus secrets). @public */
export interface UiAuthSettingsData {
  mode: 'none' | 'trusted-proxy' | 'basic' | 'oidc';
  trustedProxy: { allowedProxies: string[]; identityHeader: string };
  basic: { username: string | null };
  oidc: { issuer: string | null; clientId: string | null; redirectUri: string | null; allowedEmails: string[]; allowedDomains: string[] };
}

/**
 * The kernel's interactive-auth settings for moving them between installations (the export
 * mod's `ui-auth` category). The secrets are the Basic password's hash and the OIDC client
 * secret: they must go nowhere but an encrypted bundle. @public
 */
export interface UiAuthTransferService {
  /** `saved` is false while the defaults are in force (nothing was ever saved). */
  read(): Promise<{ settings: UiAuthSettingsData; saved: boolean; secrets: { passwordHash?: string; clientSecret?: string } }>;
  /**
   * Saves them as the settings route would: refused (`ui_auth_would_lock_out`) when the result
   * would admit nobody; a secret not given keeps the stored one.
   */
  write(settings: UiAuthSettingsData, secrets: { passwordHash?: string; clientSecret?: string }): Promise<void>;
}

/** The interactive-auth settings with their secrets, for export and import. @public */
export const uiAuthTransferServiceRef = createServiceRef<UiAuthTransferService>({ id: 'core.ui-auth-transfer', capability: 'kernel.ui-auth' });
