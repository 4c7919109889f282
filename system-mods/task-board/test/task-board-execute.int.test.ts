/**
 * Execute: a real run of the assigned agent through the chat run engine against the fake model
 * server (real SSE over loopback). The happy path ends in review, a model error puts the task
 * back with the error, two Executes at once start one run, a cancel and an agent deletion
 * settle the run, and a run left in flight by a previous process is marked interrupted when
 * the mod starts. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangingAnswer, startBoardKit, textAnswer, until, type BoardKit } from './board-kit.js';

let kit: BoardKit;
let projectId: string;
const call = (method: string, url: string, body?: unknown) => kit.call(method, url, body);

beforeAll(async () => {
  kit = await startBoardKit(['ada', 'bob']);
  const project = await call('POST', '/api/task-board/projects', { name: 'Runs' });
  projectId = project.body.project.id;
});
afterAll(() => kit?.close());

const newTask = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/task-board/tasks', { projectId, ...body });
  expect(res.status).toBe(201);
  return res.body.task as { id: string; [key: string]: any };
};
const readTask = async (id: string) => (await call('GET', `/api/task-board/tasks/${id}`)).body.task;
const execute = (id: string) => call('POST', `/api/task-board/tasks/${id}/execute`, {});
const settled = (id: string) =>
  until(
    () => readTask(id),
    (task) => task.activeRunId === null,
    `task ${id} to settle`,
  );
/** The model request that carries this task's message. */
const modelRequestFor = (title: string) =>
  until(
    async () => kit.fake.requests.find((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body?.messages ?? []).includes(`Task: ${title}`)),
    (found) => found !== undefined,
    `the model request of ${title}`,
  );

describe('execute', () => {
  it('runs the assigned agent with the task as input and moves the task to review', async () => {
    const task = await newTask({ title: 'Summarize the release notes', description: 'Three bullet points.', status: 'todo', assignedAgentId: 'ada' });
    kit.fake.chat(textAnswer('Here are three bullet points.'));
    const res = await execute(task.id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ ok: true, sessionId: `task-${task.id}`, task: { id: task.id, status: 'in_progress', activeRunId: res.body.runId } });
    expect(res.body.task.lastRun).toMatchObject({ runId: res.body.runId, status: 'running', agentId: 'ada', previousStatus: 'todo', endedAt: null });

    const done = await settled(task.id);
    expect(done).toMatchObject({ status: 'review', activeRunId: null, lastRun: { runId: res.body.runId, status: 'completed', error: null } });
    expect(done.lastRun.endedAt).toMatch(/^\d{4}-/);

    const request = await modelRequestFor('Summarize the release notes');
    const user = request!.body.messages.filter((m: { role: string }) => m.role === 'user').at(-1);
    expect(JSON.stringify(user.content)).toContain('Task: Summarize the release notes\\n\\nThree bullet points.');

    const trace = await call('GET', `/api/traces/${res.body.runId}?agentId=ada`);
    expect(trace.body.trace).toMatchObject({ status: 'completed', sessionId: `task-${task.id}`, origin: { kind: 'task', id: task.id } });

    // Executing again starts a second run in the same session; the history keeps both, newest first.
    kit.fake.chat(textAnswer('Again.'));
    const again = await execute(task.id);
    expect(again.status).toBe(202);
    expect(again.body.runId).not.toBe(res.body.runId);
    expect((await settled(task.id)).status).toBe('review');
    const runs = (await call('GET', `/api/task-board/tasks/${task.id}/runs`)).body.runs;
    expect(runs.map((r: { runId: string; status: string; previousStatus: string }) => [r.runId, r.status, r.previousStatus])).toEqual([
      [again.body.runId, 'completed', 'review'],
      [res.body.runId, 'completed', 'todo'],
    ]);
  });

  it('puts the task back to its previous status with the error when the model fails', async () => {
    const task = await newTask({ title: 'Doomed by the model', status: 'todo', assignedAgentId: 'ada' });
    kit.fake.chat({ status: 500, json: { error: { message: 'the model is down', type: 'server_error' } } });
    const res = await execute(task.id);
    expect(res.status).toBe(202);
    const back = await settled(task.id);
    expect(back).toMatchObject({ status: 'todo', activeRunId: null, lastRun: { runId: res.body.runId, status: 'failed' } });
    expect(back.lastRun.error.code).toMatch(/\S/);
    expect(back.lastRun.endedAt).toMatch(/^\d{4}-/);
  });

  it('refuses a task without an assignee (409) and an assignee that no longer exists (404)', async () => {
    const task = await newTask({ title: 'Nobody on it' });
    const res = await execute(task.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('task_not_assigned');

    // An agent deleted while this mod was disabled stays assigned: Execute finds it gone.
    expect((await call('POST', '/api/agents', { id: 'gone', name: 'Gone' })).status).toBe(201);
    const orphan = await newTask({ title: 'Assigned to a ghost', status: 'todo', assignedAgentId: 'gone' });
    expect((await call('POST', '/api/mod-management/task-board/disable', {})).body.mod.status).toBe('disabled');
    expect((await call('DELETE', '/api/agents/gone')).status).toBe(200);
    expect((await call('POST', '/api/mod-management/task-board/enable', {})).body.mod.status).toBe('loaded');
    const missing = await execute(orphan.id);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('agent_not_found');
    expect(await readTask(orphan.id)).toMatchObject({ status: 'todo', activeRunId: null, lastRun: null });
  });

  it('refuses a body with fields', async () => {
    const task = await newTask({ title: 'Strict body', assignedAgentId: 'ada' });
    expect((await call('POST', `/api/task-board/tasks/${task.id}/execute`, { message: 'other' })).status).toBe(400);
    expect((await readTask(task.id)).activeRunId).toBeNull();
  });
});

describe('one run per task', () => {
  it('answers exactly one 202 and one 409 to two Executes at once, and refuses status moves while running', async () => {
    const task = await newTask({ title: 'Raced', status: 'todo', assignedAgentId: 'bob' });
    kit.fake.chat(hangingAnswer());
    const results = await Promise.all([execute(task.id), execute(task.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([202, 409]);
    const winner = results.find((r) => r.status === 202)!;
    expect(results.find((r) => r.status === 409)!.body.error).toBe('task_already_running');
    expect((await readTask(task.id)).activeRunId).toBe(winner.body.runId);
    const runs = (await call('GET', `/api/task-board/tasks/${task.id}/runs`)).body.runs;
    expect(runs.map((r: { runId: string }) => r.runId)).toEqual([winner.body.runId]);

    await modelRequestFor('Raced');
    const third = await execute(task.id);
    expect(third.status).toBe(409);
    expect(third.body.error).toBe('task_already_running');
    const move = await call('PATCH', `/api/task-board/tasks/${task.id}`, { status: 'done' });
    expect(move.status).toBe(409);
    expect(move.body.error).toBe('task_already_running');
    // Other fields can change meanwhile.
    expect((await call('PATCH', `/api/task-board/tasks/${task.id}`, { priority: 'high' })).status).toBe(200);

    // Cancel: the run ends cancelled and the task goes back to todo.
    const cancel = await call('POST', `/api/task-board/tasks/${task.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ ok: true, runId: winner.body.runId, cancelRequested: true });
    expect(await settled(task.id)).toMatchObject({ status: 'todo', priority: 'high', lastRun: { runId: winner.body.runId, status: 'cancelled' } });
    const idle = await call('POST', `/api/task-board/tasks/${task.id}/cancel`, {});
    expect(idle.status).toBe(409);
    expect(idle.body.error).toBe('task_not_running');

    // The next Execute of the task (the same session) runs and completes: the cancelled run let go of it.
    kit.fake.chat(textAnswer('Done after all.'));
    const again = await execute(task.id);
    expect(again.status).toBe(202);
    expect(await settled(task.id)).toMatchObject({ status: 'review', lastRun: { runId: again.body.runId, status: 'completed' } });
  });

  it('unassigns the tasks of a deleted agent and settles its run in flight', async () => {
    expect((await call('POST', '/api/agents', { id: 'carl', name: 'Carl' })).status).toBe(201);
    const connection = (await call('GET', '/api/agents/ada/model-selection')).body.selection;
    expect((await call('PUT', '/api/agents/carl/model-selection', { connectionId: connection.connectionId, model: 'gpt-test' })).status).toBe(200);
    const task = await newTask({ title: 'Carl at work', status: 'todo', assignedAgentId: 'carl' });
    kit.fake.chat(hangingAnswer());
    const res = await execute(task.id);
    expect(res.status).toBe(202);
    await modelRequestFor('Carl at work');
    expect((await call('DELETE', '/api/agents/carl')).status).toBe(200);
    const after = await settled(task.id);
    expect(after).toMatchObject({ title: 'Carl at work', assignedAgentId: null, status: 'todo', activeRunId: null });
    expect(after.lastRun.status).not.toBe('running');
  });

  it('marks a run a previous process left in flight as interrupted when the mod starts', async () => {
    const task = await newTask({ title: 'Left behind', status: 'review', assignedAgentId: 'ada' });
    // What a killed process leaves: the claim and a running history row, its heartbeat long gone.
    const knex = kit.t.kernel.database.knex;
    await knex('task_board_tasks').where({ id: task.id }).update({ active_run_id: 'task_run_lost', status: 'in_progress' });
    await knex('task_board_runs').insert({
      run_id: 'task_run_lost',
      task_id: task.id,
      agent_id: 'ada',
      session_id: `task-${task.id}`,
      status: 'running',
      previous_status: 'review',
      heartbeat_at: new Date(Date.now() - 3_600_000),
    });
    expect((await execute(task.id)).body.error).toBe('task_already_running');
    expect((await call('POST', '/api/mod-management/task-board/disable', {})).body.mod.status).toBe('disabled');
    expect((await call('POST', '/api/mod-management/task-board/enable', {})).body.mod.status).toBe('loaded');
    expect(await readTask(task.id)).toMatchObject({
      status: 'review',
      activeRunId: null,
      lastRun: { runId: 'task_run_lost', status: 'interrupted', error: { code: 'task_run_interrupted' } },
    });
    kit.fake.chat(textAnswer('Picked up again.'));
    const again = await execute(task.id);
    expect(again.status).toBe(202);
    expect((await settled(task.id)).lastRun).toMatchObject({ runId: again.body.runId, status: 'completed' });
  });
});
