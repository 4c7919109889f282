// Generated from diagnostics/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'status'
  | 'metrics'
  | 'prometheus'
  | 'sql'
  | 'inventory'
  | 'mods'
  | 'mod-pending'
  | 'mod-jobs'
  | 'mod-job';
