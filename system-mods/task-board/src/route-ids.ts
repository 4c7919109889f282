// Generated from task-board/mod.json by `npm run gen:route-ids`; do not edit.
/** The route ids this mod declares. */
export type RouteId =
  | 'statuses'
  | 'priorities'
  | 'projects-list'
  | 'projects-create'
  | 'project-get'
  | 'project-update'
  | 'project-delete'
  | 'tasks-list'
  | 'tasks-create'
  | 'task-get'
  | 'task-update'
  | 'task-delete'
  | 'task-execute'
  | 'task-cancel'
  | 'task-runs';
