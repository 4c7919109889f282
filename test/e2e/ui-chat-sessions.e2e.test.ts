/**
 * The chat's session sidebar and session menu in a real browser against the real server
 * process: conversations grouped by recency with background sessions (a task-board run) hidden
 * until asked for and labelled by source, New chat, inline rename, search by message content,
 * archive and unarchive, delete with a confirmation naming the chat, and the menu's rename,
 * fork, export, reset and delete.
 */
import { beforeAll, expect, it } from 'vitest';
import { modelAnswer, uiSuite, until } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

const sessions = () => page.getByRole('list', { name: 'Sessions' });
/** A session's own button in the list (it opens the session). */
const entry = (title: string) => sessions().getByRole('button', { name: title, exact: true });
const row = (title: string) =>
  sessions()
    .locator('li.row')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
const current = () => sessions().locator('[aria-current="page"]');
const user = (text: string) => page.locator('[data-role="user"]', { hasText: text });

beforeAll(async () => {
  for (const [sessionId, message] of [
    ['trip', 'Plan a trip to Lisbon'],
    ['bread', 'Bake bread'],
    ['bread', 'Use rye flour and a long proof'],
  ]) {
    expect((await api('POST', '/api/chat', { agentId: 'ada', sessionId, message, noCallModel: true })).status).toBe(200);
  }
  // A background session through a real path: a task-board task run by the agent.
  const project = (await api('POST', '/api/task-board/projects', { name: 'Launch' })).body.project;
  const task = (await api('POST', '/api/task-board/tasks', { projectId: project.id, title: 'Write the release notes', assignedAgentId: 'ada' })).body.task;
  ui.fake.chat(modelAnswer('Notes written.'));
  expect((await api('POST', `/api/task-board/tasks/${task.id}/execute`, {})).status).toBe(202);
  await until(
    () => api('GET', `/api/task-board/tasks/${task.id}`),
    (r) => r.body.task.lastRun?.status === 'completed',
    'the task run to complete',
  );
});

it('lists conversations by recency; background sessions stay hidden until shown, labelled by source', async () => {
  await page.goto(`${ui.server.url}/#/chat`);
  await page.getByLabel('Message', { exact: true }).waitFor();
  await row('Plan a trip to Lisbon').waitFor();
  await page.getByRole('heading', { name: 'Today' }).waitFor();
  expect(await sessions().getByText('Write the release notes', { exact: false }).count()).toBe(0);

  await page.getByLabel('Show background sessions').check();
  const background = sessions().locator('li.row').filter({ hasText: 'Write the release notes' });
  await background.waitFor();
  expect(await background.locator('.source').textContent()).toBe('Task');
  await ui.screenshot('ui-chat-sessions-background', { narrow: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await ui.screenshot('ui-chat-sessions-dark', { narrow: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByLabel('Show background sessions').uncheck();
  await background.waitFor({ state: 'detached' });
  ui.expectNoPageErrors();
});

it('starts a new chat that shows as New chat until its first message', async () => {
  // The page opened on a chat without messages: that is a new chat already.
  await current().filter({ hasText: 'New chat' }).waitFor();
  await entry('Bake bread').click();
  await user('Bake bread').waitFor();
  await page.getByRole('button', { name: 'New chat' }).click();
  await current().filter({ hasText: 'New chat' }).waitFor();
  await page.getByRole('button', { name: 'New chat' }).click();
  expect(await sessions().getByText('New chat', { exact: true }).count()).toBe(1);
  // Slow enough that the running turn's indicator can be seen on the chat.
  ui.fake.chat({ ...modelAnswer('Hi! ', 'How can I help?'), delayMs: 600 });
  await page.getByLabel('Message').fill('Hello there');
  await page.getByRole('button', { name: 'Send' }).click();
  await current().getByRole('img', { name: 'Running' }).waitFor();
  await page.locator('[data-role="assistant"]', { hasText: 'Hi! How can I help?' }).waitFor({ timeout: 15_000 });
  await current().filter({ hasText: 'Hello there' }).waitFor();
  await current().getByRole('img', { name: 'Running' }).waitFor({ state: 'detached' });
  const listed = (await api('GET', '/api/sessions?agentId=ada&internal=false')).body.sessions as Array<{ sessionId: string; title: string }>;
  expect(listed.find((s) => s.title === 'Hello there')!.sessionId).toMatch(/^chat-\d{8}-\d{6}-[a-z0-9]{6}$/);
  ui.expectNoPageErrors();
});

it('renames a chat inline from its menu', async () => {
  await row('Plan a trip to Lisbon').hover();
  await page.getByRole('button', { name: 'Actions for Plan a trip to Lisbon' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const input = page.getByLabel('New title for Plan a trip to Lisbon');
  await input.fill('  Lisbon in May ');
  await input.press('Enter');
  await row('Lisbon in May').waitFor();
  expect((await api('GET', '/api/sessions/trip?agentId=ada')).body.session.title).toBe('Lisbon in May');
  ui.expectNoPageErrors();
});

it('finds a chat by its messages and opens it from the hit', async () => {
  await page.getByLabel('Search chats').fill('rye flour');
  const hit = page.getByRole('list', { name: 'Messages found' }).getByRole('button').filter({ hasText: 'Bake bread' });
  await hit.waitFor();
  expect(await hit.locator('mark').allTextContents()).toEqual(['rye', 'flour']);
  await ui.screenshot('ui-chat-sessions-search', { narrow: true });
  await hit.click();
  await user('Use rye flour and a long proof').waitFor();
  await page.getByLabel('Search chats').fill('');
  await current().filter({ hasText: 'Bake bread' }).waitFor();
  ui.expectNoPageErrors();
});

it('works the session menu from the keyboard', async () => {
  const button = page.getByRole('button', { name: 'Actions for Bake bread' });
  await button.focus();
  await button.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Actions for Bake bread' });
  await menu.waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Rename');
  await page.keyboard.press('End');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete…');
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Rename');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Actions for Bake bread');
  ui.expectNoPageErrors();
});

it('archives a chat out of the list, shows it under Archived and brings it back', async () => {
  await row('Lisbon in May').hover();
  await page.getByRole('button', { name: 'Actions for Lisbon in May' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('status').filter({ hasText: 'Archived “Lisbon in May”.' }).waitFor();
  await row('Lisbon in May').waitFor({ state: 'detached' });
  expect((await api('GET', '/api/sessions/trip?agentId=ada')).body.session.archived).toBe(true);

  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  await row('Lisbon in May').waitFor();
  expect(await sessions().locator('li.row').count()).toBe(1);
  await row('Lisbon in May').hover();
  await page.getByRole('button', { name: 'Actions for Lisbon in May' }).click();
  await page.getByRole('menuitem', { name: 'Unarchive' }).click();
  await row('Lisbon in May').waitFor({ state: 'detached' });
  await page.getByText('Nothing archived.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Chats', exact: true }).click();
  await row('Lisbon in May').waitFor();
  expect((await api('GET', '/api/sessions/trip?agentId=ada')).body.session.archived).toBe(false);
  ui.expectNoPageErrors();
});

it('deletes the open chat after a confirmation naming it, then opens another', async () => {
  await entry('Hello there').click();
  await user('Hello there').waitFor();
  const id = ((await api('GET', '/api/sessions?agentId=ada&internal=false')).body.sessions as Array<{ sessionId: string; title: string }>).find((s) => s.title === 'Hello there')!.sessionId;
  await page.getByRole('button', { name: 'Actions for Hello there' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Hello there”?' });
  await dialog.waitFor();
  await ui.screenshot('ui-chat-sessions-delete', { narrow: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect((await api('GET', `/api/sessions/${id}?agentId=ada`)).status).toBe(200);

  await page.getByRole('button', { name: 'Actions for Hello there' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await row('Hello there').waitFor({ state: 'detached' });
  expect((await api('GET', `/api/sessions/${id}?agentId=ada`)).status).toBe(404);
  await current().first().waitFor();
  expect(await current().count()).toBe(1);
  ui.expectNoPageErrors();
});

it('renames, forks, links the exports, resets and deletes through the chat menu', async () => {
  await entry('Lisbon in May').click();
  await user('Plan a trip to Lisbon').waitFor();
  const menu = page.getByRole('button', { name: 'Chat actions' });

  await menu.click();
  expect(await page.getByRole('menuitem', { name: 'Export as Markdown' }).getAttribute('href')).toBe('/api/sessions/trip/export?agentId=ada&format=markdown');
  expect(await page.getByRole('menuitem', { name: 'Export as JSON' }).getAttribute('href')).toBe('/api/sessions/trip/export?agentId=ada&format=json');
  const download = await fetch(`${ui.server.url}/api/sessions/trip/export?agentId=ada&format=markdown`);
  expect(download.headers.get('content-disposition')).toBe('attachment; filename="transcript-ada-trip.md"');
  await ui.screenshot('ui-chat-sessions-menu', { narrow: true });
  await page.getByRole('menuitem', { name: 'Rename…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename chat' });
  await rename.getByLabel('Title').fill('Lisbon, final plan');
  await rename.getByRole('button', { name: 'Save' }).click();
  await row('Lisbon, final plan').waitFor();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Reset context…' }).click();
  const reset = page.getByRole('alertdialog', { name: 'Reset the context?' });
  await reset.getByText('The transcript stays here', { exact: false }).waitFor();
  await reset.getByRole('button', { name: 'Reset context' }).click();
  await reset.waitFor({ state: 'hidden' });
  // The dialog closes on the operator's answer; the reset request it sends may still be on its way.
  await until(
    async () => (await api('GET', '/api/sessions/trip?agentId=ada')).body.session.generation,
    (generation) => generation === 1,
    'the session reset to generation 1',
  );
  await user('Plan a trip to Lisbon').waitFor();
  // The transcript stays; a divider says where the model's context starts again.
  await page.getByRole('separator', { name: 'Context cleared' }).waitFor();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Fork' }).click();
  await current().filter({ hasText: 'Lisbon, final plan (fork)' }).waitFor();
  const fork = ((await api('GET', '/api/sessions?agentId=ada')).body.sessions as Array<{ sessionId: string; title: string; forkedFrom: unknown }>).find((s) => s.title === 'Lisbon, final plan (fork)')!;
  expect(fork.forkedFrom).toMatchObject({ sessionId: 'trip' });

  await menu.click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const purge = page.getByRole('alertdialog', { name: 'Delete “Lisbon, final plan (fork)”?' });
  await purge.getByRole('button', { name: 'Delete for good' }).click();
  await purge.waitFor({ state: 'hidden' });
  await row('Lisbon, final plan (fork)').waitFor({ state: 'detached' });
  expect((await api('GET', `/api/sessions/${encodeURIComponent(fork.sessionId)}?agentId=ada`)).status).toBe(404);
  expect((await api('GET', '/api/sessions/trip?agentId=ada')).status).toBe(200);
  ui.expectNoPageErrors();
});
