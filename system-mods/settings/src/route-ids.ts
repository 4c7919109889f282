// Generated from settings/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'timezone-get'
  | 'timezone-put'
  | 'identities-get'
  | 'identities-put'
  | 'curator-get'
  | 'curator-put'
  | 'execution-boundaries-get'
  | 'execution-boundaries-put'
  | 'tool-approvals-get'
  | 'tool-approvals-put';
