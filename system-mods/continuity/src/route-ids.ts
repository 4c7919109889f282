// Generated from continuity/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'scope-get'
  | 'scope-put'
  | 'scope-delete'
  | 'handoff-get'
  | 'handoff-write'
  | 'handoff-candidate';
