// Generated from workspace/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'files-list'
  | 'file-get'
  | 'file-put'
  | 'file-create'
  | 'file-upload'
  | 'folder-create'
  | 'entry-move'
  | 'entry-delete'
  | 'attachments-list'
  | 'attachment-get'
  | 'attachment-delete'
  | 'generated-artifact';
