// Generated from forge/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'catalog'
  | 'selections-get'
  | 'selections-put'
  | 'jobs-list'
  | 'jobs-create'
  | 'job-get'
  | 'job-attach'
  | 'artifact-get'
  | 'diagnostics-jobs'
  | 'diagnostics-job';
