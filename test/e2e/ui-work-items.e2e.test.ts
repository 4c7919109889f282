/**
 * The Work view in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): create a work item for an agent,
 * step it once, and see the step's answer — the same the server stored on the item.
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
const pageFaults: string[] = [];

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  requireBuiltUi(projectRoot);
  [server, browser, fake] = await Promise.all([startServer(), launchChromium(), startFakeOpenAi()]);
  page = await browser.context.newPage();
  collectPageFaults(page, pageFaults);
  expect((await api('POST', '/api/agents', { id: 'ada', name: 'Ada' })).status).toBe(201);
  const connection = await api('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true }] });
  expect(connection.status).toBe(201);
  expect((await api('PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' })).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

it('creates a work item, steps it once against the model and shows the step’s answer', async () => {
  fake!.chat({
    events: [
      sseData(chatChunk({ role: 'assistant', content: 'Found three keys ' })),
      sseData(chatChunk({ content: 'older than 90 days.' })),
      sseData(chatChunk({}, 'stop')),
      sseData('[DONE]'),
    ],
  });
  await page.goto(`${server!.url}/#/work`);
  await page.getByRole('heading', { name: 'Work', exact: true }).waitFor();
  await page.getByLabel('Title').fill('Rotate the API keys');
  await page.getByLabel('Instructions').fill('Every key older than 90 days.');
  await page.getByRole('button', { name: 'Create' }).click();

  const item = page.getByRole('list', { name: 'Work items' }).locator('li', { hasText: 'Rotate the API keys' });
  await item.waitFor();
  await item.getByText('inspect', { exact: true }).waitFor();
  await item.getByRole('button', { name: 'Step', exact: true }).click();
  await item.getByText('Found three keys older than 90 days.').waitFor({ timeout: 20_000 });
  await item.getByText('propose', { exact: true }).waitFor();
  await item.getByText('completed', { exact: true }).waitFor();

  const stored = (await api('GET', '/api/tasks?agentId=ada')).body.items;
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ title: 'Rotate the API keys', stage: 'propose', status: 'ready', lastStep: { stage: 'inspect', status: 'completed', answer: 'Found three keys older than 90 days.' } });
  await page.screenshot({ path: 'test-output/ui-work-items.png', fullPage: true });
  expect(pageFaults).toEqual([]);
});
