// Generated from workspace/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'files-list'
  | 'file-get'
  | 'file-put'
  | 'attachments-list'
  | 'attachment-get'
  | 'attachment-delete'
  | 'generated-artifact';
