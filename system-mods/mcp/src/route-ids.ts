// Generated from mcp/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'list'
  | 'upsert'
  | 'discover'
  | 'diagnose'
  | 'status'
  | 'probe'
  | 'delete';
