/**
 * What the Connections page's panels share although separate mods contribute them: the
 * model-connections panel publishes its list (the provider-logins panel offers it as link
 * targets), the logins panel publishes the logins by linked connection and bumps `reload` when
 * a login created or changed a connection.
 */
import type { ModelConnection, ProviderCredential } from './connections-api';

export const connectionsState = $state<{ connections: ModelConnection[]; logins: Record<string, ProviderCredential>; reload: number }>({
  connections: [],
  logins: {},
  reload: 0,
});
