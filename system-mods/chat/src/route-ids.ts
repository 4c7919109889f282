// Generated from chat/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'chat'
  | 'runs-active'
  | 'cancel'
  | 'steer'
  | 'steering'
  | 'sessions'
  | 'session'
  | 'session-reset'
  | 'traces'
  | 'trace'
  | 'trace-authority';
