// Generated from brains/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'list'
  | 'create'
  | 'get'
  | 'update'
  | 'delete'
  | 'revisions'
  | 'restore'
  | 'embeddings-get'
  | 'embeddings-put'
  | 'embeddings-models'
  | 'embeddings-test'
  | 'embeddings-reindex';
