// Generated from agents/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'list'
  | 'create'
  | 'overview'
  | 'update'
  | 'delete'
  | 'status'
  | 'documents-get'
  | 'documents-put'
  | 'revisions-get'
  | 'revisions-update'
  | 'model-get'
  | 'model-put'
  | 'archive-model-get'
  | 'archive-model-put'
  | 'mcp-tools-get'
  | 'mcp-tools-put'
  | 'dream-get'
  | 'dream-put';
