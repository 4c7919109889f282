/**
 * Projects and tasks over the API: creation, reads, updates, deletes, filters, validation
 * refusals, the project delete cascade (one transaction), and an agent's deletion unassigning
 * its tasks. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoardKit, type BoardKit } from './board-kit.js';

let kit: BoardKit;
const call = (method: string, url: string, body?: unknown) => kit.call(method, url, body);

beforeAll(async () => {
  kit = await startBoardKit(['ada', 'bob']);
});
afterAll(() => kit?.close());

const newProject = async (name: string) => {
  const res = await call('POST', '/api/task-board/projects', { name });
  expect(res.status).toBe(201);
  return res.body.project as { id: string };
};
const newTask = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/task-board/tasks', body);
  expect(res.status).toBe(201);
  return res.body.task as { id: string; [key: string]: unknown };
};

describe('vocabulary', () => {
  it('lists statuses in board order and priorities highest first', async () => {
    expect((await call('GET', '/api/task-board/statuses')).body).toEqual({ ok: true, statuses: ['backlog', 'todo', 'in_progress', 'review', 'done', 'cancelled'] });
    expect((await call('GET', '/api/task-board/priorities')).body).toEqual({ ok: true, priorities: ['critical', 'high', 'normal', 'low'] });
  });
});

describe('projects', () => {
  it('creates, reads, lists, updates', async () => {
    const created = await call('POST', '/api/task-board/projects', { name: '  Website  ', description: 'The public site' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ok: true, project: { name: 'Website', description: 'The public site', taskCount: 0 } });
    const { id } = created.body.project;
    expect(id).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
    expect((await call('GET', `/api/task-board/projects/${id}`)).body.project).toEqual(created.body.project);
    expect((await call('GET', '/api/task-board/projects')).body.projects.map((p: { id: string }) => p.id)).toContain(id);
    const updated = await call('PATCH', `/api/task-board/projects/${id}`, { name: 'Site' });
    expect(updated.status).toBe(200);
    expect(updated.body.project).toMatchObject({ id, name: 'Site', description: 'The public site' });
  });

  it('refuses invalid bodies with 400 and unknown ids with 404', async () => {
    for (const body of [{}, { name: 42 }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 'ok', extra: true }, { name: 'ok', description: 'd'.repeat(10_001) }]) {
      const res = await call('POST', '/api/task-board/projects', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    const { id } = await newProject('Refusals');
    expect((await call('PATCH', `/api/task-board/projects/${id}`, {})).status).toBe(400);
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const res = await call(method, '/api/task-board/projects/nope', body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('task_board_project_not_found');
    }
    expect((await call('GET', '/api/task-board/projects/Bad.Id')).status).toBe(400);
  });

  it('deletes a project with its tasks in one transaction', async () => {
    const { id } = await newProject('Doomed');
    const keep = await newProject('Kept');
    const tasks = [await newTask({ projectId: id, title: 'one' }), await newTask({ projectId: id, title: 'two' })];
    const kept = await newTask({ projectId: keep.id, title: 'stays' });
    expect((await call('GET', `/api/task-board/projects/${id}`)).body.project.taskCount).toBe(2);
    const res = await call('DELETE', `/api/task-board/projects/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, project: { id, name: 'Doomed' }, deletedTasks: 2 });
    expect((await call('GET', `/api/task-board/projects/${id}`)).status).toBe(404);
    for (const task of tasks) expect((await call('GET', `/api/task-board/tasks/${task.id}`)).status).toBe(404);
    expect((await call('GET', `/api/task-board/tasks/${kept.id}`)).status).toBe(200);
  });

  it('leaves the project and its tasks as they were when the delete fails midway', async () => {
    const { id } = await newProject('Guarded');
    const task = await newTask({ projectId: id, title: 'guarded' });
    // A trigger that refuses deleting the project row: the task delete before it must roll back.
    const knex = kit.t.kernel.database.knex;
    await knex.raw(`create function task_board_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await knex.raw(`create trigger task_board_test_refuse before delete on task_board_projects for each row when (old.name = 'Guarded') execute function task_board_test_refuse()`);
    try {
      const res = await call('DELETE', `/api/task-board/projects/${id}`);
      expect(res.status).toBe(500);
      expect((await call('GET', `/api/task-board/tasks/${task.id}`)).status).toBe(200);
      expect((await call('GET', `/api/task-board/projects/${id}`)).body.project.taskCount).toBe(1);
    } finally {
      await knex.raw('drop trigger task_board_test_refuse on task_board_projects');
      await knex.raw('drop function task_board_test_refuse()');
    }
  });
});

describe('tasks', () => {
  let projectId: string;
  let other: string;
  beforeAll(async () => {
    projectId = (await newProject('Tasks')).id;
    other = (await newProject('Other')).id;
  });

  it('creates a task with defaults and reads it back', async () => {
    const task = await newTask({ projectId, title: 'Write the launch post' });
    expect(task).toMatchObject({
      projectId,
      title: 'Write the launch post',
      description: '',
      status: 'backlog',
      priority: 'normal',
      assignedAgentId: null,
      activeRunId: null,
      lastRun: null,
    });
    expect((await call('GET', `/api/task-board/tasks/${task.id}`)).body).toEqual({ ok: true, task });
  });

  it('updates the fields given, and moves between projects', async () => {
    const task = await newTask({ projectId, title: 'Edit me', priority: 'low' });
    const res = await call('PATCH', `/api/task-board/tasks/${task.id}`, { title: 'Edited', description: 'More words', status: 'todo', priority: 'high', assignedAgentId: 'ada', projectId: other });
    expect(res.status).toBe(200);
    expect(res.body.task).toMatchObject({ id: task.id, title: 'Edited', description: 'More words', status: 'todo', priority: 'high', assignedAgentId: 'ada', projectId: other });
    const unassigned = await call('PATCH', `/api/task-board/tasks/${task.id}`, { assignedAgentId: null });
    expect(unassigned.body.task.assignedAgentId).toBeNull();
    expect(unassigned.body.task.title).toBe('Edited');
  });

  it('refuses wrong types, missing and oversized fields, unknown fields and values with 400', async () => {
    const bodies: unknown[] = [
      {},
      { projectId },
      { title: 'no project' },
      { projectId, title: 7 },
      { projectId, title: '' },
      { projectId, title: '   ' },
      { projectId, title: 't'.repeat(501) },
      { projectId, title: 'ok', description: 'd'.repeat(20_001) },
      { projectId, title: 'ok', status: 'doing' },
      { projectId, title: 'ok', priority: 'urgent' },
      { projectId, title: 'ok', assignedAgentId: 12 },
      { projectId, title: 'ok', unknown: 1 },
      { projectId: 'Not An Id', title: 'ok' },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/task-board/tasks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    const task = await newTask({ projectId, title: 'patch refusals' });
    for (const body of [{}, { title: '' }, { status: 'nope' }, { priority: 3 }, { extra: 'x' }]) {
      expect((await call('PATCH', `/api/task-board/tasks/${task.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `/api/task-board/tasks/${task.id}`)).body.task.title).toBe('patch refusals');
  });

  it('refuses an unknown project or agent on a task with 400, and an unknown task with 404', async () => {
    const unknownProject = await call('POST', '/api/task-board/tasks', { projectId: 'nope', title: 'orphan' });
    expect(unknownProject.status).toBe(400);
    expect(unknownProject.body.error).toBe('task_board_project_unknown');
    const unknownAgent = await call('POST', '/api/task-board/tasks', { projectId, title: 'ghost work', assignedAgentId: 'ghost' });
    expect(unknownAgent.status).toBe(400);
    expect(unknownAgent.body.error).toBe('task_board_assignee_unknown');
    const task = await newTask({ projectId, title: 'stays put' });
    expect((await call('PATCH', `/api/task-board/tasks/${task.id}`, { projectId: 'nope' })).body.error).toBe('task_board_project_unknown');
    expect((await call('GET', `/api/task-board/tasks/${task.id}`)).body.task.projectId).toBe(projectId);
    for (const [method, url, body] of [
      ['GET', '/api/task-board/tasks/nope'],
      ['PATCH', '/api/task-board/tasks/nope', { title: 'x' }],
      ['DELETE', '/api/task-board/tasks/nope'],
      ['POST', '/api/task-board/tasks/nope/execute', {}],
      ['POST', '/api/task-board/tasks/nope/cancel', {}],
      ['GET', '/api/task-board/tasks/nope/runs'],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe('task_board_task_not_found');
    }
  });

  it('deletes a task', async () => {
    const task = await newTask({ projectId, title: 'short-lived' });
    const res = await call('DELETE', `/api/task-board/tasks/${task.id}`);
    expect(res.status).toBe(200);
    expect(res.body.task.id).toBe(task.id);
    expect((await call('GET', `/api/task-board/tasks/${task.id}`)).status).toBe(404);
  });

  it('filters by project, status, priority and assigned agent', async () => {
    const board = (await newProject('Filters')).id;
    const a = await newTask({ projectId: board, title: 'a', status: 'todo', priority: 'high', assignedAgentId: 'ada' });
    const b = await newTask({ projectId: board, title: 'b', status: 'todo', priority: 'low', assignedAgentId: 'bob' });
    const c = await newTask({ projectId: board, title: 'c', status: 'done', priority: 'high' });
    const ids = async (query: string) => (await call('GET', `/api/task-board/tasks?${query}`)).body.tasks.map((t: { id: string }) => t.id);
    expect(await ids(`projectId=${board}`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`projectId=${board}&status=todo`)).toEqual([a.id, b.id]);
    expect(await ids(`projectId=${board}&priority=high`)).toEqual([a.id, c.id]);
    expect(await ids(`projectId=${board}&assignedAgentId=bob`)).toEqual([b.id]);
    expect(await ids(`projectId=${board}&status=todo&priority=high&assignedAgentId=ada`)).toEqual([a.id]);
    expect(await ids(`projectId=${board}&limit=2`)).toEqual([a.id, b.id]);
    expect(await ids('projectId=nope')).toEqual([]);
    for (const query of ['status=doing', 'priority=urgent', 'limit=0', 'limit=1001', 'limit=x']) {
      expect((await call('GET', `/api/task-board/tasks?${query}`)).status, query).toBe(400);
    }
  });

  it('keeps the tasks of a deleted agent, unassigned', async () => {
    expect((await call('POST', '/api/agents', { id: 'temp', name: 'Temp' })).status).toBe(201);
    const board = (await newProject('Agent deletion')).id;
    const mine = await newTask({ projectId: board, title: 'temp work', assignedAgentId: 'temp' });
    const theirs = await newTask({ projectId: board, title: 'ada work', assignedAgentId: 'ada' });
    expect((await call('DELETE', '/api/agents/temp')).status).toBe(200);
    expect((await call('GET', `/api/task-board/tasks/${mine.id}`)).body.task).toMatchObject({ title: 'temp work', assignedAgentId: null });
    expect((await call('GET', `/api/task-board/tasks/${theirs.id}`)).body.task.assignedAgentId).toBe('ada');
    expect((await call('GET', '/api/task-board/tasks?assignedAgentId=temp')).body.tasks).toEqual([]);
  });
});
