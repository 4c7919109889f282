/**
 * The chat view's context inspector in a real browser against the real server process: after a
 * turn, the opened panel shows the context use the API reports, the compaction threshold and
 * the system message's sections.
 */
import { expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: { models: [{ id: 'gpt-test', enabled: true, contextWindowOverride: 8000 }] } });
const { page, api } = ui;

it('shows the session context the API reports', async () => {
  ui.fake.chat(modelAnswer('Noted.'));
  await page.goto(`${ui.server.url}/#/chat/ada%2Fdefault`);
  await page.getByLabel('Message', { exact: true }).fill('Remember this');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-role="assistant"]', { hasText: 'Noted.' }).waitFor({ timeout: 15_000 });

  const status = (await api('GET', '/api/session/context-status?agentId=ada&sessionId=default')).body.status;
  expect(status).toMatchObject({ contextWindow: 8000, kept: 2, dropped: 0, compactAtPercent: 75 });
  await page.getByText('Context', { exact: true }).click();
  const line = page.getByTestId('context-status');
  await line.waitFor();
  expect(await line.textContent()).toContain(`(${status.percent}%)`);
  expect(await line.textContent()).toContain('compaction at 75%');
  await page.getByText('History: 2 messages · 2 kept · 0 dropped').waitFor();
  await page.locator('.context-inspector summary', { hasText: 'WORKSPACE' }).waitFor();
  ui.expectNoPageErrors();
});
