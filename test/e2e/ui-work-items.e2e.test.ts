/**
 * The Work view in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): create a work item for an agent,
 * step it once, see the step running live (the model answers slowly) and then its answer — the
 * same the server stored on the item.
 */
import { expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

it('creates a work item, steps it once against the model and shows the step’s answer', async () => {
  ui.fake.chat({ ...modelAnswer('Found three keys ', 'older than 90 days.'), delayMs: 700 });
  await page.goto(`${ui.server.url}/#/work-items`);
  await page.getByRole('heading', { name: 'Work items', exact: true }).waitFor();
  await page.getByLabel('Title').fill('Rotate the API keys');
  await page.getByLabel('Instructions').fill('Every key older than 90 days.');
  await page.getByRole('button', { name: 'Create' }).click();

  const item = page.getByRole('list', { name: 'Work items' }).locator('li', { hasText: 'Rotate the API keys' });
  await item.waitFor();
  await item.getByText('inspect', { exact: true }).waitFor();
  await item.getByRole('button', { name: 'Step', exact: true }).click();
  // Live while it runs: the running step, with when it started, without a reload.
  const runningStep = item.locator('[data-step-status="running"]');
  await runningStep.getByText('The agent is working on it').waitFor({ timeout: 20_000 });
  expect(await runningStep.textContent()).toContain('inspect');
  await runningStep.locator('time').waitFor();
  await ui.screenshot('ui-work-items-running');
  await item.getByText('Found three keys older than 90 days.').waitFor({ timeout: 20_000 });
  await item.getByText('propose', { exact: true }).waitFor();
  await item.getByText('completed', { exact: true }).waitFor();

  const stored = (await api('GET', '/api/tasks?agentId=ada')).body.items;
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ title: 'Rotate the API keys', stage: 'propose', status: 'ready', lastStep: { stage: 'inspect', status: 'completed', answer: 'Found three keys older than 90 days.' } });
  await ui.screenshot('ui-work-items');
  ui.expectNoPageErrors();
});
