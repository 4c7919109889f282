// Generated from dreams/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'diary-get'
  | 'diary-post'
  | 'consolidate'
  | 'cycles-get'
  | 'cycles-post';
