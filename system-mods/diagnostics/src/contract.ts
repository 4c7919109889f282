/**
 * The diagnostics mod's inventory point: `GET /api/diagnostics/inventory` reports counts, and
 * mods that own countable things (MCP connections, chat sessions) add theirs by tapping
 * `diagnostics.beforeInventoryReport` (listed in `uses.extensionPoints`).
 */
import { createHookPointRef } from '../../../sdk/index.js';

/** Counts reported by `GET /api/diagnostics/inventory`; mods add their own. @public */
export type InventoryCounts = Record<string, number>;

/** The hook points the diagnostics mod owns. @public */
export const diagnosticsHookPoints = {
  /** Waterfall: return the counts with yours set (counts only, never content). */
  beforeInventoryReport: createHookPointRef<[InventoryCounts], InventoryCounts>('diagnostics.beforeInventoryReport'),
} as const;
