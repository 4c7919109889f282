// Generated from work-items/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'list'
  | 'create'
  | 'get'
  | 'step'
  | 'continue'
  | 'archive'
  | 'plan'
  | 'plan-run';
