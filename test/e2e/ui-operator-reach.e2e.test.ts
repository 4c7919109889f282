/**
 * Features that had only an API, reached from the console in a real browser against the real
 * server process: central skills (create, see which agent is given one, delete behind the
 * confirmation); the Status page's Inventory and Active runs (a run the fake model holds open
 * is listed with its agent, session and phase, and Stop ends it); Settings sections of mods
 * that had none, the memory curator and an agent's Tiddle settings, each saved and read back
 * after a reload; and on the Dreams page a cycle run now (scripted phase answers), its diary
 * entry read and the diary consolidated (the cycle's items and diary filters are walked by
 * `ui-dreams.e2e.test.ts`).
 */
import { expect, it } from 'vitest';
import { chatChunk, sseData } from '../peers/fake-openai.js';
import { answerConfirmation, modelAnswer, navigateTo, uiSuite } from '../kits/ui-kit.js';
import { accessibilityViolations } from './browser.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;
const poll = { timeout: 15_000 };

it('creates a central skill, shows the agents given it, and deletes it after asking', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/`);
  await navigateTo(page, 'Skills');
  await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
  await page.getByText('No skills yet').waitFor();

  await page.getByLabel('Name').fill('House style');
  await page.getByLabel('Description').fill('How answers are written');
  await page.getByLabel('Text').fill('Answer in short sentences.\nUse metric units.');
  await page.getByRole('button', { name: 'Create skill' }).click();
  await page.getByRole('status').filter({ hasText: 'Created House style.' }).waitFor();
  const row = page.locator('tr[data-skill-id="house-style"]');
  await row.getByText('no agent').waitFor();

  // Given to Ada on her page (here through the route): the list says so, with a link to her.
  expect((await api('PUT', '/api/agents/ada/skills', { skills: ['house-style'] })).status).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => row.getByRole('link', { name: 'Ada' }).getAttribute('href'), poll).toBe('#/agents/ada');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await accessibilityViolations(page), 'dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await ui.screenshot('ui-operator-reach-skills', { narrow: true });

  // Edit reads the text back into the form.
  await row.getByRole('button', { name: 'Edit House style' }).click();
  await expect.poll(() => page.getByLabel('Text').inputValue(), poll).toBe('Answer in short sentences.\nUse metric units.');
  await page.getByLabel('Description').fill('How every answer is written');
  await page.getByRole('button', { name: 'Save skill' }).click();
  await row.getByText('How every answer is written').waitFor();

  await row.getByRole('button', { name: 'Delete House style' }).click();
  expect(await answerConfirmation(page)).toContain('One agent loses it (Ada)');
  await row.waitFor({ state: 'detached' });
  expect((await api('GET', '/api/agents/ada/skills')).body.assigned).toEqual([]);
  ui.expectNoPageErrors();
});

it('lists a run in progress under Active runs and stops it after asking', async () => {
  // The model starts answering, then holds the stream open: the run stays in its model phase.
  ui.fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'Thinking about it' }))], after: 'hang' });
  const turn = api('POST', '/api/chat', { agentId: 'ada', sessionId: 'long-one', message: 'Take your time' });

  await page.goto(`${ui.server.url}/#/`);
  await navigateTo(page, 'Status');
  const runs = page.getByRole('article', { name: 'Active runs' });
  const row = runs.locator('tbody tr').filter({ hasText: 'long-one' });
  await row.getByText('model answering').waitFor({ timeout: 20_000 });
  expect(await row.getByRole('link', { name: 'long-one' }).getAttribute('href')).toBe('#/chat/ada/long-one');
  await expect(row.textContent()).resolves.toContain('Ada');
  // The inventory beside it says what is stored, in words.
  await page.getByRole('article', { name: 'Inventory' }).getByText('Chat sessions').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await accessibilityViolations(page), 'dark').toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await ui.screenshot('ui-operator-reach-active-runs', { narrow: true });

  await row.getByRole('button', { name: 'Stop the run of Ada in long-one' }).click();
  expect(await answerConfirmation(page)).toContain('Tools that already ran are not undone');
  await runs.getByText('No agent is answering right now.').waitFor({ timeout: 20_000 });
  expect((await turn).status).toBe(200);
  ui.expectNoPageErrors();
});

it("saves a newly reachable mod setting, the memory curator and an agent's Tiddle settings, kept across a reload", async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/settings/schedules`);
  const index = page.getByRole('navigation', { name: 'Settings sections' });
  await expect
    .poll(() => index.getByRole('link').allInnerTexts(), poll)
    .toEqual(expect.arrayContaining(['Chat runs', 'Retention', 'Memory curator', 'Execution boundaries', 'Handoffs', 'Dreams', 'Forge', 'Channels', 'Schedules', 'Task board', 'Tiddle cards', 'Work items']));

  const schedules = page.locator('[data-mod-settings="schedules"]');
  const tick = schedules.getByLabel('Check for due schedules every (milliseconds)');
  await tick.fill('20000');
  await schedules.getByRole('button', { name: 'Save Schedules' }).click();
  await schedules.getByText('Saved.').waitFor();

  const curator = page.locator('[data-mod-settings="curator"]');
  await curator.getByLabel('Review memory on a schedule').check();
  await curator.getByLabel('Look back (days)').fill('14');
  await curator.getByRole('button', { name: 'Save Memory curator' }).click();
  await curator.getByText('Saved.').waitFor();
  expect((await api('GET', '/api/settings/curator')).body.curator).toMatchObject({ enabled: true, reviewWindowDays: 14 });

  await page.reload();
  await expect.poll(() => page.locator('[data-mod-settings="schedules"]').getByLabel('Check for due schedules every (milliseconds)').inputValue(), poll).toBe('20000');
  await expect.poll(() => page.locator('[data-mod-settings="curator"]').getByLabel('Look back (days)').inputValue(), poll).toBe('14');
  await expect(page.locator('[data-mod-settings="curator"]').getByLabel('Review memory on a schedule').isChecked()).resolves.toBe(true);
  // An agent's Tiddle settings, on the Tiddle cards page beside her cards.
  await page.goto(`${ui.server.url}/#/tiddle-cards/ada`);
  const tiddle = () => page.locator('[data-mod-settings="tiddle-agent"]');
  await tiddle().getByLabel('Keep cards for (days)').fill('30');
  await tiddle().getByRole('button', { name: 'Save Tiddle settings' }).click();
  await tiddle().getByText('Saved.').waitFor();
  await page.reload();
  await expect.poll(() => tiddle().getByLabel('Keep cards for (days)').inputValue(), poll).toBe('30');
  expect((await api('GET', '/api/settings/tiddle?agentId=ada')).body.tiddle.cardRetentionDays).toBe(30);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Chat's runtime settings sit beside its retention policy.
  await page.goto(`${ui.server.url}/#/settings/chat-runs`);
  await page.locator('[data-mod-settings="chat"]').getByLabel('Tool rounds per turn').waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.goto(`${ui.server.url}/#/settings/curator`);
  await ui.screenshot('ui-operator-reach-settings', { narrow: true });
  ui.expectNoPageErrors();
});

it('runs a Dream cycle from the page, reads the diary and consolidates it', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await api('POST', '/api/agents/ada/dream-diary', { content: 'Remember the garden plans.' })).status).toBe(201);
  await page.goto(`${ui.server.url}/#/dreams/ada`);
  await page
    .getByRole('article', { name: /^Note entry of/ })
    .getByText('Remember the garden plans.')
    .waitFor();

  // The cycle reads the conversation of the Active runs test: Light, Deep and REM each answer.
  const words = (word: string) => Array.from({ length: 110 }, () => word).join(' ');
  ui.fake.chat(modelAnswer(`Light dreams of ${words('rivers')}`));
  ui.fake.chat(modelAnswer(`Deep dreams of ${words('stones')}`));
  ui.fake.chat(modelAnswer(JSON.stringify({ diary: `REM dreams of ${words('clouds')}`, items: [] })));
  await page.getByRole('button', { name: 'Run a cycle now' }).click();
  await page.getByRole('status').filter({ hasText: 'Started cycle' }).waitFor();
  await page.locator('li.receipt[data-status="completed"]').waitFor({ timeout: 30_000 });
  await page
    .getByRole('article', { name: /^REM entry of/ })
    .getByText(/^REM dreams of clouds/)
    .waitFor();

  // Consolidation asks the Dream model (the agent's chat model here) and saves DREAM_MEMORY.
  ui.fake.chat(modelAnswer('# Dream memory\n\n- Remember the garden plans.'));
  await page.getByRole('button', { name: 'Consolidate the diary' }).click();
  const consolidated = page.getByRole('region', { name: 'Consolidated diary' });
  await consolidated.getByText(/Remember the garden plans\./).waitFor();
  await consolidated.getByText(/saved as DREAM_MEMORY/).waitFor();
  expect(await accessibilityViolations(page)).toEqual([]);
  await ui.screenshot('ui-operator-reach-dreams', { narrow: true });
  ui.expectNoPageErrors();
});
