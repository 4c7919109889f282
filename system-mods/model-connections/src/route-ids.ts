// Generated from model-connections/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'list'
  | 'save'
  | 'discover'
  | 'api-types'
  | 'delete';
