/**
 * The Schedules view in a real browser against the real server process and the fake
 * OpenAI-compatible model server: create a schedule for an agent and see its next occurrences
 * in the job's zone; run it now and see the run (a real agent turn) in its history, and as a
 * job of the schedules mod on the Status page; a job paused by a budget; a scheduled run whose
 * tool call waits in the approval queue until the operator approves it there.
 */
import { expect, it } from 'vitest';
import { answerConfirmation, modelAnswer, navigateTo, uiSuite, until } from '../kits/ui-kit.js';
import { chatChunk, sseData, usageChunk } from '../peers/fake-openai.js';
import { accessibilityViolations } from './browser.js';

const ui = uiSuite({ agents: ['ada', 'bob'], model: { agents: ['bob'] } });
const { page, api } = ui;

it('creates a schedule for an agent, shows its next occurrences, runs it and shows the run in the history', async () => {
  await page.goto(`${ui.server.url}/#/schedules`);
  await page.getByRole('heading', { name: 'Schedules' }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('bob');
  await page.getByText('No schedules for this agent yet.').waitFor();

  await page.getByLabel('Name').fill('Morning digest');
  await page.getByLabel('Cron').fill('30 8 * * 1-5');
  await page.getByLabel('Time zone').fill('Asia/Tokyo');
  await page.getByLabel('Session').fill('digests');
  await page.getByLabel('Prompt').fill('Summarise the news');
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await page.getByText('Created “Morning digest”.').waitFor();

  const job = page.getByRole('listitem', { name: 'Morning digest' });
  const occurrences = job.getByRole('list', { name: 'Next occurrences of Morning digest' }).locator('time');
  await occurrences.first().waitFor();
  const saved = (await api('GET', '/api/scheduled-jobs?agentId=bob')).body.jobs;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ name: 'Morning digest', cron: '30 8 * * 1-5', timezone: 'Asia/Tokyo', sessionId: 'digests', enabled: true });
  // The view lists the server's occurrences, written as Tokyo's wall clock: weekdays at 08:30.
  expect(await occurrences.evaluateAll((times) => times.map((t) => t.getAttribute('datetime')))).toEqual(saved[0].nextOccurrences);
  for (const text of await occurrences.allTextContents()) expect(text).toMatch(/^(Mon|Tue|Wed|Thu|Fri).*08:30/);
  await job.getByText('Asia/Tokyo · session digests').waitFor();

  ui.fake.chat(modelAnswer('Nothing new ', 'today.'));
  await job.getByRole('button', { name: 'Run now' }).click();
  await job.getByText(/^Started run sched-/).waitFor();
  const runId = ((await job.getByText(/^Started run sched-/).textContent()) ?? '').replace(/^Started run /, '').replace(/\.$/, '');
  // The run ends on its own (a real agent turn against the fake model); then the history shows it.
  await until(
    async () => (await api('GET', `/api/scheduled-jobs/${saved[0].id}/runs`)).body.runs,
    (runs: any[]) => runs[0]?.status === 'completed',
    'the run to complete',
    15_000,
  );
  // Running it opened the history (it showed the run running); read it again now.
  await job.getByRole('button', { name: 'Refresh history', exact: true }).click();
  await job.locator('tbody tr[data-status="completed"]').waitFor();
  const row = job.getByRole('table', { name: 'Runs of Morning digest' }).locator('tbody tr');
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  expect(await row.first().getAttribute('data-status')).toBe('completed');
  expect(await row.first().textContent()).toContain(runId);
  expect(await row.first().textContent()).toContain('manual');
  const transcript = await api('GET', '/api/sessions/digests?agentId=bob');
  expect(transcript.body.messages.map((m: any) => m.content)).toEqual(['Summarise the news', 'Nothing new today.']);

  // Disable it: no occurrences; the agent filter keeps other agents' schedules out.
  await job.getByRole('button', { name: 'Disable' }).click();
  await job.getByText('Disabled: no occurrences until enabled').waitFor();
  expect((await api('GET', '/api/scheduled-jobs?agentId=bob&enabled=false')).body.jobs).toHaveLength(1);
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByText('No schedules for this agent yet.').waitFor();
  await ui.screenshot('ui-schedules');

  // The run is a job of the schedules mod on the Status page: its state and run id, no prompt.
  await page.goto(`${ui.server.url}/#/status`);
  const mod = page.getByRole('listitem').filter({ has: page.locator('code', { hasText: /^schedules$/ }) });
  await mod.getByRole('button', { name: 'Jobs' }).click();
  const jobs = mod.getByRole('list', { name: 'Jobs of schedules, newest first' });
  await jobs.getByText('scheduled-run.manual').waitFor();
  expect(await jobs.getByRole('listitem').count()).toBe(1);
  expect(await jobs.textContent()).toContain(`runId ${runId}`);
  expect(await jobs.textContent()).toContain('succeeded');
  expect(await jobs.textContent()).not.toContain('Summarise the news');
  ui.expectNoPageErrors();
});

it('shows a schedule a budget paused with the reason, and runs it again once the budget is raised', async () => {
  const job = (await api('POST', '/api/scheduled-jobs', { agentId: 'bob', name: 'Budgeted report', prompt: 'report', cron: '0 3 * * *' })).body.job;
  expect((await api('POST', '/api/settings/budgets', { scope: 'schedule', scopeId: job.id, period: 'run', maxTokens: 100 })).status).toBe(201);
  expect((await api('POST', `/api/scheduled-jobs/${job.id}/trigger`, {})).status).toBe(202);
  await until(
    async () => (await api('GET', `/api/scheduled-jobs/${job.id}`)).body.job,
    (j: any) => j.paused !== null,
    'the job to be paused',
    15_000,
  );
  await page.goto(`${ui.server.url}/#/schedules`);
  await page.getByLabel('Agent', { exact: true }).selectOption('bob');
  const item = page.getByRole('listitem', { name: 'Budgeted report' });
  await item.getByText('paused by a budget', { exact: true }).waitFor();
  await item
    .getByRole('status')
    .getByText(/Budget reached: the run budget of schedule/)
    .waitFor();
  // The refusal is said in words: the usage mod's code is not shown.
  expect(await item.getByText(/budget_exhausted/).count()).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await ui.screenshot('ui-schedules-paused', { narrow: true });

  expect((await api('PUT', `/api/settings/budgets/schedule-${job.id}-run`, { maxTokens: 1_000_000 })).status).toBe(200);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await item.getByRole('list', { name: 'Next occurrences of Budgeted report' }).waitFor();
  expect(await item.getByText('paused by a budget').count()).toBe(0);
  ui.expectNoPageErrors();
});

it("holds a schedule's tool call for the operator, who approves it from the queue; the run then completes", async () => {
  // Everyone's rules stay; bob's workspace listings wait for the operator.
  const policy = (await api('GET', '/api/settings/tool-approvals')).body.toolApprovals;
  const rules = [...policy.rules, { id: 'bob-listings', action: 'ask', tool: 'builtin.workspace_list', agentId: 'bob' }];
  expect((await api('PUT', '/api/settings/tool-approvals', { rules })).status).toBe(200);
  const job = (await api('POST', '/api/scheduled-jobs', { agentId: 'bob', name: 'Inventory', prompt: 'List the files', cron: '0 4 * * *' })).body.job;
  const listing = { role: 'assistant', tool_calls: [{ index: 0, id: 'call_inv', type: 'function', function: { name: 'workspace_list', arguments: '{}' } }] };
  ui.fake.chat({ events: [sseData(chatChunk(listing)), sseData(chatChunk({}, 'tool_calls')), sseData('[DONE]')] });
  ui.fake.chat(modelAnswer('Inventory done.'));
  expect((await api('POST', `/api/scheduled-jobs/${job.id}/trigger`, {})).status).toBe(202);

  // No one watches the run: the call waits in the queue of Chat's settings.
  await page.goto(`${ui.server.url}/#/settings/chat-runs`);
  const queue = page.getByRole('article', { name: 'Waiting for approval' });
  const card = queue.locator('section[data-approval="pending"]');
  await card.getByRole('heading', { name: /Approve workspace_list/ }).waitFor();
  expect(await accessibilityViolations(page), 'the approval queue').toEqual([]);
  await card.getByRole('button', { name: 'Approve', exact: true }).click();

  const runs = await until(
    async () => (await api('GET', `/api/scheduled-jobs/${job.id}/runs`)).body.runs,
    (list: any[]) => list[0]?.status === 'completed',
    'the approved run to complete',
    30_000,
  );
  const trace = (await api('GET', `/api/traces/${runs[0].runId}?agentId=bob`)).body;
  expect(JSON.stringify(trace)).toContain('bob-listings');
  expect((await api('GET', '/api/chat/approvals?agentId=bob')).body.approvals).toEqual([]);
  expect((await api('PUT', '/api/settings/tool-approvals', { rules: policy.rules })).status).toBe(200);
  ui.expectNoPageErrors();
});

it('creates a budget in the usage page editor, then shows a priced turn’s cost, its run and the budget’s state', async () => {
  // bob's model gets an operator price: 1,000 input and 500 output tokens cost $0.002 + $0.005.
  const priced = { id: 'gpt-test', enabled: true, pricingOverride: { currency: 'USD', inputPerMillion: 2, outputPerMillion: 10 } };
  expect((await api('POST', '/api/settings/model-connections', { id: ui.connectionId, models: [priced] })).status).toBe(200);

  await page.goto(`${ui.server.url}/#/schedules`);
  await navigateTo(page, 'Usage');
  await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
  const budgets = page.getByRole('article', { name: 'Budgets' });
  await budgets.getByLabel('Applies to').selectOption('agent');
  await budgets.getByLabel('Agent').selectOption('bob');
  await budgets.getByLabel('Period').selectOption('day');
  await budgets.getByLabel('Money limit').fill('0.05');
  await budgets.getByLabel('Near its limit from (%)').fill('10');
  await budgets.getByRole('button', { name: 'Create budget' }).click();
  await budgets.getByText('Created the budget of agent Bob (bob), per day.').waitFor();
  const row = budgets.locator('tr[data-budget-id="agent-bob-day"]');
  await row.getByText('OK', { exact: true }).waitFor();
  expect((await api('GET', '/api/settings/budgets/agent-bob-day')).body.budget).toMatchObject({ scope: 'agent', scopeId: 'bob', period: 'day', maxCost: 0.05, currency: 'USD', nearRatio: 0.1, maxTokens: null });

  // A priced turn in the chat view: its cost under the answer, and the note that it moved bob's budget to near.
  ui.fake.chat({
    events: [
      sseData(chatChunk({ role: 'assistant', content: 'Priced answer.' })),
      sseData(chatChunk({}, 'stop')),
      sseData(usageChunk({ prompt_tokens: 1000, completion_tokens: 500, total_tokens: 1500 })),
      sseData('[DONE]'),
    ],
  });
  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent('bob/priced')}`);
  const composer = page.getByLabel('Message', { exact: true });
  await composer.fill('What does this cost?');
  await composer.press('Enter');
  await page.locator('[data-role="answer-meta"]', { hasText: '1,500 tokens · $0.007' }).waitFor();
  await page.locator('[data-role="budget-note"][data-state="near"]', { hasText: 'Budget agent-bob-day is near its limit: USD 0.0070 of 0.05 spent today' }).waitFor();
  await ui.screenshot('ui-usage-chat-cost');

  await navigateTo(page, 'Usage');
  await page.locator('[data-usage-spent]', { hasText: '$0.007' }).waitFor();
  const runs = page.getByRole('article', { name: 'Top runs by cost' });
  const runLink = runs.getByRole('link').first();
  await runLink.waitFor();
  const runId = (await runLink.textContent())!.trim();
  const spent = (await api('GET', `/api/usage?groupBy=run&runId=${encodeURIComponent(runId)}`)).body.totals;
  expect(spent).toMatchObject({ inputTokens: 1000, outputTokens: 500, currencies: ['USD'] });
  expect(spent.cost).toBeCloseTo(0.007, 9);
  await row.getByText('Near its limit').waitFor();
  await row.getByText('USD 0.0070 of 0.05 spent today').waitFor();
  await row.getByText('$0.043 left').waitFor();
  // The chart's table alternative lists today with the cost.
  await page.getByText('Show as a table').click();
  await page.locator('#usage-chart-table').getByText('$0.007').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await ui.screenshot('ui-usage', { narrow: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await accessibilityViolations(page)).toEqual([]);
  await ui.screenshot('ui-usage-dark', { narrow: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // Deleting asks first; the run links to its record in the archive.
  await row.getByRole('button', { name: 'Delete the budget of agent Bob (bob), per day' }).click();
  expect(await answerConfirmation(page)).toContain('Delete the budget of agent Bob (bob), per day?');
  await row.waitFor({ state: 'detached' });
  expect((await api('GET', '/api/settings/budgets/agent-bob-day')).status).toBe(404);
  await runs.getByRole('link', { name: runId }).click();
  await page.getByRole('heading', { name: `Run ${runId}` }).waitFor();
  ui.expectNoPageErrors();
});
