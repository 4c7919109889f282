/**
 * The task board in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): create a project and a task, move
 * it, assign it, Execute it and watch it reach Review with a link to the run's trace, then
 * delete the project with its tasks. The board is live: a run's state moves on the card without
 * a reload.
 */
import { expect, it } from 'vitest';
import { answerConfirmation, modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

it('creates a project and a task, assigns it, executes it to review, and deletes the project', { timeout: 120_000 }, async () => {
  await page.goto(`${ui.server.url}/#/task-board`);
  await page.getByRole('heading', { name: 'Task board', level: 1 }).waitFor();

  await page.getByLabel('New project').fill('Launch');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByText('Created Launch.').waitFor();
  const projects = (await api('GET', '/api/task-board/projects')).body.projects;
  expect(projects.map((p: any) => p.name)).toEqual(['Launch']);

  await page.getByLabel('Title').fill('Write the announcement');
  await page.getByLabel('Description').fill('Two sentences about the launch.');
  await page.getByLabel('Priority').selectOption('high');
  await page.getByRole('button', { name: 'Create task' }).click();
  const card = page.getByRole('listitem', { name: 'Write the announcement' });
  await page.getByRole('region', { name: 'Backlog' }).getByRole('listitem', { name: 'Write the announcement' }).waitFor();

  // Move it one column right with the buttons.
  await card.getByRole('button', { name: 'Move Write the announcement right' }).click();
  await page.getByRole('region', { name: 'To do' }).getByRole('listitem', { name: 'Write the announcement' }).waitFor();
  // Not assigned yet: Execute is not offered.
  expect(await card.getByRole('button', { name: 'Execute' }).isDisabled()).toBe(true);

  // Assign it to Ada through the edit form.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Assignee').selectOption('ada');
  await card.getByRole('button', { name: 'Save' }).click();
  await card.getByText('Ada').waitFor();
  const [task] = (await api('GET', `/api/task-board/tasks?projectId=${projects[0].id}`)).body.tasks;
  expect(task).toMatchObject({ title: 'Write the announcement', status: 'todo', priority: 'high', assignedAgentId: 'ada' });

  // Live: the model answers slowly, so the run is seen in flight on the card (In progress,
  // running), then reaching Review as completed, without a reload.
  ui.fake.chat({ ...modelAnswer('We launch today. ', 'It is ready.'), delayMs: 1500 });
  await card.getByRole('button', { name: 'Execute' }).click();
  const inProgress = page.getByRole('region', { name: 'In progress' }).getByRole('listitem', { name: 'Write the announcement' });
  await inProgress.locator('[data-run-status="running"]').filter({ hasText: 'started' }).waitFor({ timeout: 30_000 });
  const reviewed = page.getByRole('region', { name: 'Review' }).getByRole('listitem', { name: 'Write the announcement' });
  await reviewed.locator('[data-run-status="completed"]').waitFor({ timeout: 30_000 });

  const after = (await api('GET', `/api/task-board/tasks/${task.id}`)).body.task;
  expect(after).toMatchObject({ status: 'review', activeRunId: null, lastRun: { status: 'completed', agentId: 'ada' } });
  expect(await reviewed.getByRole('link', { name: 'trace' }).getAttribute('href')).toBe(`/api/traces/${after.lastRun.runId}?agentId=ada`);
  const trace = await api('GET', `/api/traces/${after.lastRun.runId}?agentId=ada`);
  expect(trace.body.trace).toMatchObject({ status: 'completed', origin: { kind: 'task', id: task.id } });
  // The answer itself, as text on the card, not only the trace's JSON.
  await reviewed.getByRole('button', { name: 'Show the answer to Write the announcement' }).click();
  await reviewed.locator('[data-answer]').filter({ hasText: 'We launch today. It is ready.' }).waitFor();
  await ui.screenshot('ui-task-board');

  // Delete the project (the confirmation is accepted): its task goes with it.
  await page.getByLabel('Project', { exact: true }).selectOption(projects[0].id);
  await page.getByRole('button', { name: 'Delete project' }).click();
  expect(await answerConfirmation(page)).toContain('Delete the project “Launch” and its task?');
  await page.getByText('Deleted Launch (1 task).').waitFor();
  expect((await api('GET', '/api/task-board/projects')).body.projects).toEqual([]);
  expect((await api('GET', `/api/task-board/tasks/${task.id}`)).status).toBe(404);
  await page.getByRole('listitem', { name: 'Write the announcement' }).waitFor({ state: 'detached' });
  ui.expectNoPageErrors();
});
