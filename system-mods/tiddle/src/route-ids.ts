// Generated from tiddle/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'settings-get'
  | 'settings-put'
  | 'cards'
  | 'history'
  | 'candidates-list'
  | 'candidates-update'
  | 'curator-run';
