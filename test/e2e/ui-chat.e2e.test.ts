/**
 * The chat view in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): a turn streams into the transcript,
 * a slash command answers at once, and what the browser showed is what the server persisted.
 */
import { expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

it('sends a turn, shows the streamed answer and keeps it in the session list', async () => {
  ui.fake.chat({ ...modelAnswer('Hello ', 'from the model.'), delayMs: 30 });
  await page.goto(`${ui.server.url}/#/chat`);
  await page.getByRole('heading', { name: 'Chat' }).waitFor();
  await page.getByLabel('Message').fill('Say hello');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-role="assistant"]', { hasText: 'Hello from the model.' }).waitFor({ timeout: 15_000 });
  expect(await page.locator('[data-role="user"]').last().textContent()).toBe('Say hello');

  const transcript = await api('GET', '/api/sessions/default?agentId=ada');
  expect(transcript.body.messages.map((m: any) => m.content)).toEqual(['Say hello', 'Hello from the model.']);
  await page.getByRole('list', { name: 'Sessions' }).getByText('Say hello').waitFor();

  await page.getByLabel('Message').fill('/help');
  await page.getByLabel('Message').press('Enter');
  await page.getByText('/reset —').waitFor();
  ui.expectNoPageErrors();
});
