/** Adds the number of configured MCP connections to the inventory (a count, never content). */
import { type Disposable, type ExtensionsService } from '../../../../sdk/index.js';
import { diagnosticsHookPoints } from '../../../diagnostics/src/contract.js';
import type { ConnectionStore } from '../services/connection-store.js';

export function tapInventoryCount(extensions: ExtensionsService, store: ConnectionStore): Disposable {
  // The diagnostics mod reports 0 until this mod says otherwise: replace it, do not add to it.
  return extensions.tap(diagnosticsHookPoints.beforeInventoryReport, async (counts) => ({ ...counts, mcpConnections: await store.count() }));
}
