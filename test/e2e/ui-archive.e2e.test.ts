/**
 * The Archive page (chat's Conversations view) in a real browser against the real server
 * process and the fake OpenAI-compatible model server (real SSE over loopback): turns go through
 * the chat API, then the page finds them by words — the matched words highlighted, the
 * transcript's markup shown as text — and browses today's runs and sessions.
 */
import { expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

async function turn(sessionId: string, message: string, answer: string) {
  ui.fake.chat(modelAnswer(answer));
  const res = await api('POST', '/api/chat', { agentId: 'ada', sessionId, message });
  expect(res.status).toBe(200);
  return res.body.runId as string;
}

it('finds a past conversation by words with the matches highlighted, and browses today’s runs and sessions', async () => {
  await turn('trip', 'Book the <b>night train</b> to Vienna, please.', 'The night train to Vienna leaves at 21:40 from platform 4.');
  const runId = await turn('trip', 'And a seat reservation?', 'A window seat is reserved in coach 12.');
  const today = (await api('GET', `/api/archive/runs/${runId}`)).body.run.startedAt.slice(0, 10) as string;

  await page.goto(`${ui.server.url}/#/archive`);
  await page.getByRole('heading', { name: 'Conversations', exact: true }).waitFor();
  await page.getByLabel('Search conversations').fill('night train');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  const first = results.locator('li').first();
  await first.waitFor();
  // The phrase hits: the user's message (markup as text) and the answer.
  expect(await results.locator('li').count()).toBe(2);
  const excerpts = await results.locator('.excerpt').allTextContents();
  expect(excerpts).toEqual(expect.arrayContaining(['Book the <b>night train</b> to Vienna, please.', 'The night train to Vienna leaves at 21:40 from platform 4.']));
  expect(await results.locator('mark').allTextContents()).toEqual(['night', 'train', 'night', 'train']);
  expect(await results.locator('.excerpt b').count()).toBe(0);

  // Today in the operator time zone (UTC here) is marked; its runs and sessions open.
  const day = page.getByRole('gridcell', { name: `${today}: 2 runs, 1 sessions, 4 messages` });
  await day.click();
  const runs = page.getByRole('list', { name: 'Runs of the day' });
  await runs.locator('li').nth(1).waitFor();
  expect(await runs.locator('li').count()).toBe(2);
  await page.getByRole('list', { name: 'Sessions of the day' }).getByRole('button').first().click();
  const detail = page.getByRole('region', { name: 'Conversation detail' });
  await detail.getByText('A window seat is reserved in coach 12.').waitFor();
  expect(await detail.locator('[data-role]').count()).toBe(4);
  await runs.getByRole('button').nth(1).click();
  await detail.getByRole('heading', { name: `Run ${runId}` }).waitFor();
  expect(await detail.locator('.prose').allTextContents()).toEqual(['And a seat reservation?', 'A window seat is reserved in coach 12.']);
  await ui.screenshot('ui-archive');
  ui.expectNoPageErrors();
});
