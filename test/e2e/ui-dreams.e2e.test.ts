/**
 * The Dreams view in a real browser against the real server process and the fake
 * OpenAI-compatible model server: run a cycle now for an agent with a conversation (scripted
 * Light, Deep and REM answers, REM citing a real message) and see the diary entries by day and
 * phase and the cycle's receipt; on an agent's page, consolidate the diary into its Dream memory
 * (the chat model saved there counts at once), approve the proposal held for review and restore
 * the previous version; Dreams a budget paused, with the reason, on the agent page and the Dreams
 * page, until the budget is raised.
 */
import { beforeAll, expect, it } from 'vitest';
import { answerConfirmation, modelAnswer, uiSuite, until } from '../kits/ui-kit.js';
import { accessibilityViolations } from './browser.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');

beforeAll(async () => {
  expect((await api('POST', '/api/chat', { agentId: 'ada', sessionId: 'garden', message: 'We planted tomatoes by the fence', noCallModel: true })).status).toBe(200);
});

it('runs a cycle now and shows the diary by day and phase and the receipt', async () => {
  ui.fake.chat(modelAnswer(`Light dreams of ${words(110, 'tomatoes')}`));
  ui.fake.chat(modelAnswer(`Deep dreams of ${words(110, 'fences')}`));
  ui.fake.chat(
    modelAnswer(
      JSON.stringify({ diary: `REM dreams of ${words(110, 'gardens')}`, items: [{ title: 'Tomatoes by the fence', content: 'Ada planted tomatoes by the fence.', citations: [{ sessionId: 'garden', seq: 1 }] }] }),
    ),
  );

  await page.goto(`${ui.server.url}/#/dreams`);
  await page.getByRole('heading', { name: 'Dreams' }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByText('No cycles yet.').waitFor();

  await page.getByRole('button', { name: 'Run a cycle now' }).click();
  await page.getByRole('status').filter({ hasText: 'Started cycle' }).waitFor();
  const receipt = page.locator('li.receipt[data-status="completed"]');
  await receipt.waitFor({ timeout: 30_000 });
  await expect(receipt.textContent()).resolves.toContain('1 proposed');

  const today = (await api('GET', '/api/agents/ada/dream-diary')).body.entries[0].date as string;
  const day = page.getByRole('region', { name: `Diary of ${today}` });
  await day.getByText('REM dreams of gardens').waitFor();
  await expect(day.locator('article.entry').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-phase')))).resolves.toEqual(['light', 'deep', 'rem']);

  // Filtering by phase shows that phase only.
  await page.getByLabel('Phase').selectOption('deep');
  await page.locator('article.entry[data-phase="light"]').waitFor({ state: 'detached' });
  await expect(page.locator('article.entry').count()).resolves.toBe(1);
  await ui.screenshot('ui-dreams');
  ui.expectNoPageErrors();
});

it('proposes the cited REM item as a candidate; accepted, it is found in Brains', async () => {
  const cycleId = (await api('GET', '/api/agents/ada/dream-cycle')).body.cycles[0].id as string;
  const listed = await api('GET', '/api/memory/brain-promotion-candidates?agentId=ada');
  expect(listed.status).toBe(200);
  const candidate = listed.body.candidates.find((c: { source: string }) => c.source === 'dream');
  expect(candidate).toMatchObject({ title: 'Tomatoes by the fence', status: 'pending', provenance: { messages: [{ sessionId: 'garden', seq: 1 }], dreamCycleId: cycleId } });
  // The candidate inbox view belongs to the memory mod; the decision goes through its route here.
  const accepted = await api('PATCH', '/api/memory/brain-promotion-candidates?agentId=ada', { id: candidate.id, action: 'accept' });
  expect(accepted.status).toBe(200);

  await page.goto(`${ui.server.url}/#/brains`);
  await page.getByRole('heading', { name: 'Brains' }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByRole('list', { name: 'Brain records' }).getByText('Tomatoes by the fence', { exact: true }).waitFor();
  ui.expectNoPageErrors();
});

it('consolidates the diary into the Dream memory on the agent page: approve the proposal, restore the previous version', async () => {
  // An agent without a model, whose Dream settings hold a new Dream memory for review.
  expect((await api('POST', '/api/agents', { id: 'bo', name: 'Bo' })).status).toBe(201);
  expect((await api('PUT', '/api/agents/bo/dream-settings', { reviewMemory: true })).status).toBe(200);
  expect((await api('POST', '/api/agents/bo/dream-diary', { content: 'Bo talked about the orchard.' })).status).toBe(201);
  const starter = (await api('GET', '/api/agents/bo/profile-documents')).body.documents.find((d: { kind: string }) => d.kind === 'DREAM_MEMORY').markdown as string;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/agents/bo`);
  const dream = page.getByRole('article', { name: 'Dream', exact: true });
  await dream.getByText('no_model_selected').waitFor();
  const memory = page.getByRole('article', { name: 'Dream memory' });
  await memory.getByRole('region', { name: 'Dream memory in use' }).waitFor();

  // Without a model the consolidation says what to do, and changes nothing.
  await memory.getByRole('button', { name: 'Consolidate the diary' }).click();
  await memory.getByRole('alert').filter({ hasText: 'There is no model to consolidate with' }).waitFor();

  // The chat model saved on the same page is the Dream model at once (no reload).
  await page.getByLabel('Chat model', { exact: true }).selectOption({ label: 'gpt-test' });
  await page.getByRole('button', { name: 'Save model' }).click();
  await dream.getByText("(the agent's chat model)").waitFor();
  await dream.getByText('no_model_selected').waitFor({ state: 'detached' });

  ui.fake.chat(modelAnswer('# What Bo remembers\n\n- The orchard matters to Bo.'));
  await memory.getByRole('button', { name: 'Consolidate the diary' }).click();
  await memory.getByRole('status').filter({ hasText: 'waits for your review' }).waitFor();
  const proposal = memory.getByRole('region', { name: 'Dream memory waiting for review' });
  await proposal.getByText('The orchard matters to Bo.').waitFor();
  await proposal.getByText(/Consolidated by Dreams from 1 diary entry of/).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await ui.screenshot('ui-dreams-memory-review', { narrow: true });

  await proposal.getByRole('button', { name: 'Approve' }).click();
  await proposal.waitFor({ state: 'detached' });
  const inUse = memory.getByRole('region', { name: 'Dream memory in use' });
  await inUse.getByText('The orchard matters to Bo.').waitFor();
  await inUse.getByText(/Consolidated by Dreams from 1 diary entry of \d{4}-\d{2}-\d{2} · gpt-test/).waitFor();
  await ui.screenshot('ui-dreams-memory-applied');
  // The profile editor on the page reads the new document too.
  await page.getByRole('tab', { name: 'DREAM_MEMORY' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'DREAM_MEMORY' }).inputValue()).toContain('The orchard matters to Bo.');

  await inUse.getByRole('button', { name: 'Restore the previous version' }).click();
  expect(await answerConfirmation(page)).toContain('stays in the history');
  await inUse.getByText('The orchard matters to Bo.').waitFor({ state: 'detached' });
  expect((await api('GET', '/api/agents/bo/profile-documents')).body.documents.find((d: { kind: string }) => d.kind === 'DREAM_MEMORY').markdown).toBe(starter);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await accessibilityViolations(page), 'dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  ui.expectNoPageErrors();
});

it("shows Dreams a budget paused, with the budget's words, on the agent page and the Dreams page, until the budget is raised", async () => {
  expect((await api('POST', '/api/agents', { id: 'cy', name: 'Cy' })).status).toBe(201);
  expect((await api('PUT', '/api/agents/cy/model-selection', { connectionId: ui.connectionId, model: 'gpt-test' })).status).toBe(200);
  expect((await api('POST', '/api/chat', { agentId: 'cy', sessionId: 'notes', message: 'The harvest is next week', noCallModel: true })).status).toBe(200);
  expect((await api('POST', '/api/settings/budgets', { scope: 'agent', scopeId: 'cy', period: 'day', maxTokens: 100 })).status).toBe(201);
  expect((await api('POST', '/api/agents/cy/dream-cycle', {})).status).toBe(202);
  await until(
    async () => (await api('GET', '/api/agents/cy/dream-cycle')).body.paused,
    (paused: unknown) => paused !== null,
    'the Dreams to be paused',
    15_000,
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/agents/cy`);
  const dream = page.getByRole('article', { name: 'Dream', exact: true });
  const notice = dream.getByRole('status').filter({ hasText: 'Paused by a budget' });
  await notice.getByText(/A budget is used up: .* Budget reached: the day budget of agent cy/).waitFor();
  expect(await notice.textContent()).not.toContain('budget_exhausted');
  expect(await notice.getByRole('link', { name: 'Open Usage and budgets' }).getAttribute('href')).toBe('#/usage');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await accessibilityViolations(page), 'dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await ui.screenshot('ui-dreams-budget-paused', { narrow: true });
  await page.goto(`${ui.server.url}/#/dreams/cy`);
  await page.getByRole('status').filter({ hasText: 'Paused by a budget' }).waitFor();
  await page.locator('li.receipt[data-status="failed"]').getByText('Stopped by a budget').waitFor();
  await ui.screenshot('ui-dreams-page-budget-paused');

  expect((await api('PUT', '/api/settings/budgets/agent-cy-day', { maxTokens: 1_000_000 })).status).toBe(200);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Paused by a budget' }).waitFor({ state: 'detached' });
  ui.expectNoPageErrors();
});
