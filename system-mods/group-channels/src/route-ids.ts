// Generated from group-channels/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'list'
  | 'create'
  | 'get'
  | 'update'
  | 'delete'
  | 'member-put'
  | 'member-delete'
  | 'messages-list'
  | 'messages-post';
