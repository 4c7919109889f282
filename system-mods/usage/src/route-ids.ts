// Generated from usage/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'summary'
  | 'budgets-list'
  | 'budgets-create'
  | 'budget-get'
  | 'budget-update'
  | 'budget-delete';
