/** Adds the number of configured MCP connections to the inventory (a count, never content). */
import type { Disposable, HooksService } from '../../../../sdk/index.js';
import type { ConnectionStore } from '../services/connection-store.js';

export function tapInventoryCount(hooks: HooksService, store: ConnectionStore): Disposable {
  // The kernel reports 0 until this mod says otherwise: replace it, do not add to it.
  return hooks.tap('beforeInventoryReport', async (counts) => ({ ...counts, mcpConnections: await store.count() }));
}
