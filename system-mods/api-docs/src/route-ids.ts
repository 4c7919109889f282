// Generated from api-docs/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'openapi'
  | 'docs'
  | 'docs-asset';
