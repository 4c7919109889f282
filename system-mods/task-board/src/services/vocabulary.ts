/** The board's fixed vocabulary and bounds, shared by the schemas, the services and the routes. */

/** Board order: a task moves left to right, and `cancelled` sits at the end. */
export const TASK_STATUSES = ['backlog', 'todo', 'in_progress', 'review', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Highest first. */
export const TASK_PRIORITIES = ['critical', 'high', 'normal', 'low'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** What a task's run ended as; `running` while it is in flight. */
export const RUN_STATUSES = ['running', 'completed', 'failed', 'cancelled', 'superseded', 'interrupted'] as const;
export type TaskRunStatus = (typeof RUN_STATUSES)[number];

export const MAX_TITLE = 500;
export const MAX_DESCRIPTION = 20_000;
export const MAX_PROJECT_NAME = 200;
export const MAX_PROJECT_DESCRIPTION = 10_000;
export const DEFAULT_LIMIT = 500;
export const MAX_LIMIT = 1000;

/** The session a task's runs use: one per task, so its runs share a history and go one at a time. */
export const taskSessionId = (taskId: string) => `task-${taskId}`;
