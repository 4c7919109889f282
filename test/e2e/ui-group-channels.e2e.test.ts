/**
 * The Channels view in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): create a channel with two agents,
 * post a message, and see both members' answers arrive in member order with their statuses.
 */
import { expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada', 'bob'], model: true });
const { page, api } = ui;

it('creates a channel with two agents, posts a message and shows both answers', async () => {
  // Members are asked one after another in member order, so the answers are taken in this order.
  ui.fake.chat(modelAnswer('Ada here: a small first step.'));
  ui.fake.chat(modelAnswer('Bob here: agreed with Ada.'));

  await page.goto(`${ui.server.url}/#/channels`);
  await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Planning');
  await page.getByRole('checkbox', { name: /Ada/ }).check();
  await page.getByRole('checkbox', { name: /Bob/ }).check();
  await page.getByRole('button', { name: 'Create channel' }).click();
  await page.getByRole('heading', { name: 'Planning', level: 2 }).waitFor();

  await page.getByLabel('Message', { exact: true }).fill('What should we do first?');
  await page.getByRole('button', { name: 'Post' }).click();
  const stream = page.getByRole('list', { name: 'Messages' });
  await stream.locator('[data-author="agent"][data-agent="bob"]', { hasText: 'Bob here: agreed with Ada.' }).waitFor({ timeout: 20_000 });
  await stream.locator('[data-member="bob"][data-status="answered"]').waitFor();

  const authors = await stream.locator('li[data-author]').evaluateAll((items) => items.map((li) => `${li.getAttribute('data-author')}:${li.getAttribute('data-agent')}`));
  expect(authors).toEqual(['operator:', 'agent:ada', 'agent:bob']);
  expect(await stream.locator('[data-author="agent"][data-agent="ada"] .content').textContent()).toBe('Ada here: a small first step.');
  expect(await stream.locator('[data-member="ada"]').getAttribute('data-status')).toBe('answered');

  // What the browser showed is what the server stored.
  const channels = await api('GET', '/api/group-channels');
  const id = channels.body.channels.find((c: any) => c.name === 'Planning').id;
  const messages = await api('GET', `/api/group-channels/${id}/messages`);
  expect(messages.body.items.map((m: any) => m.content)).toEqual(['What should we do first?', 'Ada here: a small first step.', 'Bob here: agreed with Ada.']);
  await ui.screenshot('ui-group-channels');
  ui.expectNoPageErrors();
});
