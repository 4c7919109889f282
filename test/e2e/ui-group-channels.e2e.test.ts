/**
 * The Channels view in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): create a channel with two agents,
 * post a message, and see both members' answers arrive in member order with their statuses.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { collectPageFaults, launchChromium, requireBuiltUi, type Browser } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

let server: ServerProcess | undefined;
let browser: Browser | undefined;
let fake: FakeOpenAi | undefined;
let page: Page;
const faults: string[] = [];

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

const answer = (text: string) => ({ events: [sseData(chatChunk({ role: 'assistant', content: text })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });

beforeAll(async () => {
  requireBuiltUi(projectRoot);
  [server, browser, fake] = await Promise.all([startServer(), launchChromium(), startFakeOpenAi()]);
  page = await browser.context.newPage();
  collectPageFaults(page, faults);
  const connection = await api('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  expect(connection.status).toBe(201);
  for (const [id, name] of [
    ['ada', 'Ada'],
    ['bob', 'Bob'],
  ]) {
    expect((await api('POST', '/api/agents', { id, name })).status).toBe(201);
    expect((await api('PUT', `/api/agents/${id}/model-selection`, { connectionId: connection.body.connection.id, model: 'gpt-test' })).status).toBe(200);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

it('creates a channel with two agents, posts a message and shows both answers', async () => {
  // Members are asked one after another in member order, so the answers are taken in this order.
  fake!.chat(answer('Ada here: a small first step.'));
  fake!.chat(answer('Bob here: agreed with Ada.'));

  await page.goto(`${server!.url}/#/channels`);
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
  await page.screenshot({ path: `${projectRoot}/test-output/ui-group-channels.png` });
  expect(faults).toEqual([]);
});
