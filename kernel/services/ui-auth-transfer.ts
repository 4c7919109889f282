/** `core.ui-auth-transfer`: the interactive-auth settings with their secrets, for export and import. */
import type { UiAuthTransferService } from '../../sdk/core/ui-auth-transfer.js';
import type { RootServiceDefinition } from './kernel-service.js';

export const uiAuthTransferService: RootServiceDefinition<UiAuthTransferService> = {
  id: 'core.ui-auth-transfer',
  scope: 'root',
  capability: 'kernel.ui-auth',
  // Reads the Basic password hash and the OIDC client secret: for the export category only.
  systemOnly: true,
  build: (c) => c['kernel.ui-auth'].transfer(),
};
