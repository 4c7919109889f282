/**
 * The Handoffs view in a real browser against the real server process: a session sees the
 * handoff the previous session of its scope left and its own pending candidate, writes its
 * explicit handoff in the candidate's place, and sets and clears its continuity scope.
 */
import { beforeAll, expect, it } from 'vitest';
import { uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'] });
const { page, api } = ui;

beforeAll(async () => {
  expect((await api('POST', '/api/session/handoff', { agentId: 'ada', sessionId: 'monday', title: 'Stage two wired', body: 'Test the igniter before Friday.', scope: 'apollo' })).status).toBe(200);
  expect((await api('POST', '/api/session/handoff-candidate', { agentId: 'ada', sessionId: 'tuesday', title: 'Auto summary', body: 'Talked about the igniter.', scope: 'apollo' })).body.stored).toBe(true);
});

it('shows the received handoff and the pending candidate, writes the explicit handoff, and sets and clears the scope', async () => {
  // The first session's read is held until the operator has moved on to another session: when it
  // answers late, it must not replace what the view shows (the last read started wins).
  const firstRead = /\/api\/session\/handoff\?agentId=ada&sessionId=default$/;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(firstRead, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${ui.server.url}/#/handoffs`);
  await page.getByRole('heading', { name: 'Handoffs' }).waitFor();
  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByLabel('Session').fill('tuesday');
  await page.getByLabel('Session').press('Tab');

  const received = page.getByRole('article', { name: 'Received handoff' });
  await received.filter({ hasText: 'monday' }).getByText('Test the igniter before Friday.').waitFor();
  await page.getByTestId('bound-scope').filter({ hasText: 'apollo' }).waitFor();
  await page.getByTestId('candidate-pending').waitFor();
  await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Auto summary');
  const lateAnswer = page.waitForResponse((res) => firstRead.test(res.url()));
  release();
  await lateAnswer;
  await page.unroute(firstRead);
  // One more turn for the view to apply what it would: it still shows tuesday's handoffs.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Auto summary');
  expect(await page.getByTestId('candidate-pending').count()).toBe(1);

  await page.getByLabel('Title').fill('Igniter test next');
  await page.getByLabel('Handoff', { exact: true }).fill('Run the igniter test, then tag the release.');
  await page.getByRole('button', { name: 'Save handoff' }).click();
  await page.getByRole('status').filter({ hasText: 'Handoff replaced.' }).waitFor();
  await page.getByTestId('candidate-pending').waitFor({ state: 'detached' });
  const written = (await api('GET', '/api/session/handoff?agentId=ada&sessionId=tuesday')).body.written;
  expect(written).toMatchObject({ kind: 'explicit', title: 'Igniter test next', body: 'Run the igniter test, then tag the release.', scope: 'apollo' });

  // Another scope: monday's handoff is not this session's any more.
  await page.getByLabel('Scope').fill('gemini');
  await page.getByRole('button', { name: 'Set scope' }).click();
  await page.getByRole('status').filter({ hasText: 'belongs to “gemini”' }).waitFor();
  await page.getByText('No handoff for this session').waitFor();
  expect((await api('GET', '/api/session/continuity-scope?agentId=ada&sessionId=tuesday')).body.scope).toBe('gemini');

  await page.getByLabel('Scope').fill('');
  await page.getByRole('button', { name: 'Clear scope' }).click();
  await page.getByRole('status').filter({ hasText: 'has no scope now' }).waitFor();
  expect((await api('GET', '/api/session/continuity-scope?agentId=ada&sessionId=tuesday')).body.scope).toBeNull();
  await ui.screenshot('ui-handoffs');
  ui.expectNoPageErrors();
});
