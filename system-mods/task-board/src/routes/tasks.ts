/** `/api/task-board/tasks`: the board's tasks, and Execute. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { emptyBody, idParams, okCancel, okExecuted, okRuns, okTask, okTasks, taskCreateBody, taskUpdateBody, tasksQuery } from '../schemas/task-board.schema.js';
import type { BoardStore } from '../services/board-store.js';
import type { TaskRunner } from '../services/task-runner.js';

const tags = ['task-board'];

export function taskRoutes(store: BoardStore, runner: TaskRunner): RouteTable<RouteId> {
  return {
    'tasks-list': route({
      schema: {
        tags,
        description: 'Tasks in creation order, each with its newest run; every filter given must match.',
        querystring: tasksQuery,
        response: { 200: okTasks },
      },
      handler: async (req) => ({ ok: true, tasks: await store.listTasks(req.query) }),
    }),
    'tasks-create': route({
      schema: {
        tags,
        description: 'Creates a task in an existing project (400 task_board_project_unknown otherwise). Assigning an agent does not run the task: Execute does.',
        body: taskCreateBody,
        response: { 201: okTask },
      },
      handler: async (req) => respond.json({ ok: true, task: await store.createTask(req.body) }, { status: 201 }),
    }),
    'task-get': route({
      schema: { tags, description: 'One task with its newest run; 404 task_board_task_not_found.', params: idParams, response: { 200: okTask } },
      handler: async (req) => ({ ok: true, task: await store.getTask(req.params.id) }),
    }),
    'task-update': route({
      schema: {
        tags,
        description: 'Changes the fields given. A status change while a run is in flight is 409 task_already_running (the run moves the task).',
        params: idParams,
        body: taskUpdateBody,
        response: { 200: okTask },
      },
      handler: async (req) => ({ ok: true, task: await store.updateTask(req.params.id, req.body) }),
    }),
    'task-delete': route({
      schema: { tags, description: 'Deletes the task and its run history; a run in flight is cancelled.', params: idParams, response: { 200: okTask } },
      handler: async (req) => {
        const task = await store.deleteTask(req.params.id);
        if (task.activeRunId) await runner.cancelRuns([task.activeRunId]);
        return { ok: true, task };
      },
    }),
    'task-execute': route({
      schema: {
        tags,
        description:
          'Starts a run of the assigned agent with the task (title and description) as the message, in session task-<id> with origin {kind: "task", id}. ' +
          'Answers 202 once the run is admitted; the task is in_progress, then review when the run completes, or back to its previous status with the error on the run. ' +
          '409 task_not_assigned, 409 task_already_running, 404 agent_not_found, and the run engine’s refusals.',
        params: idParams,
        body: emptyBody,
        response: { 202: okExecuted },
      },
      handler: async (req) => respond.json({ ok: true, ...(await runner.execute(req.params.id)) }, { status: 202 }),
    }),
    'task-cancel': route({
      schema: {
        tags,
        description: 'Requests a stop of the run in flight (409 task_not_running without one); the task then goes back to its previous status.',
        params: idParams,
        body: emptyBody,
        response: { 200: okCancel },
      },
      handler: async (req) => ({ ok: true, ...(await runner.cancel(req.params.id)) }),
    }),
    'task-runs': route({
      schema: { tags, description: 'The task’s runs, newest first: run id, agent, session, started, ended, outcome, error.', params: idParams, response: { 200: okRuns } },
      handler: async (req) => ({ ok: true, runs: await store.listRuns(req.params.id) }),
    }),
  };
}
