/** `/api/task-board/statuses`, `/priorities` and `/projects`. */
import { respond, route, type RouteTable } from '../../../../sdk/index.js';
import type { RouteId } from '../route-ids.js';
import { idParams, okPriorities, okProject, okProjectDeleted, okProjects, okStatuses, projectCreateBody, projectUpdateBody } from '../schemas/task-board.schema.js';
import type { BoardStore } from '../services/board-store.js';
import type { TaskRunner } from '../services/task-runner.js';
import { TASK_PRIORITIES, TASK_STATUSES } from '../services/vocabulary.js';

const tags = ['task-board'];

export function projectRoutes(store: BoardStore, runner: TaskRunner): RouteTable<RouteId> {
  return {
    statuses: route({
      schema: { tags, description: 'Task statuses in board order.', response: { 200: okStatuses } },
      handler: () => ({ ok: true, statuses: [...TASK_STATUSES] }),
    }),
    priorities: route({
      schema: { tags, description: 'Task priorities, highest first.', response: { 200: okPriorities } },
      handler: () => ({ ok: true, priorities: [...TASK_PRIORITIES] }),
    }),
    'projects-list': route({
      schema: { tags, description: 'Every project in creation order, with its task count.', response: { 200: okProjects } },
      handler: async () => ({ ok: true, projects: await store.listProjects() }),
    }),
    'projects-create': route({
      schema: { tags, description: 'Creates a project.', body: projectCreateBody, response: { 201: okProject } },
      handler: async (req) => respond.json({ ok: true, project: await store.createProject(req.body) }, { status: 201 }),
    }),
    'project-get': route({
      schema: { tags, description: 'One project; 404 task_board_project_not_found.', params: idParams, response: { 200: okProject } },
      handler: async (req) => ({ ok: true, project: await store.getProject(req.params.id) }),
    }),
    'project-update': route({
      schema: { tags, description: 'Changes the name and/or the description.', params: idParams, body: projectUpdateBody, response: { 200: okProject } },
      handler: async (req) => ({ ok: true, project: await store.updateProject(req.params.id, req.body) }),
    }),
    'project-delete': route({
      schema: {
        tags,
        description: 'Deletes the project with its tasks and their run history, in one transaction; runs in flight are then cancelled.',
        params: idParams,
        response: { 200: okProjectDeleted },
      },
      handler: async (req) => {
        const { project, deletedTasks, activeRuns } = await store.deleteProject(req.params.id);
        await runner.cancelRuns(activeRuns.map((r) => r.runId));
        return { ok: true, project, deletedTasks };
      },
    }),
  };
}
