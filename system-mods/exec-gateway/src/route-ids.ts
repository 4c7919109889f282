// Generated from exec-gateway/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'targets-list'
  | 'targets-create'
  | 'targets-update'
  | 'targets-delete'
  | 'controller-get'
  | 'controller-put'
  | 'tls-put'
  | 'tls-delete'
  | 'pairings-list'
  | 'pairings-approve'
  | 'pairings-reject'
  | 'trust-list'
  | 'trust-put'
  | 'trust-delete'
  | 'gateways-list'
  | 'operations-list'
  | 'processes-run'
  | 'operations-cancel';
