/**
 * The chat view in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): a turn streams into the transcript,
 * a slash command answers at once, and what the browser showed is what the server persisted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { launchChromium, type Browser } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

let server: ServerProcess | undefined;
let browser: Browser | undefined;
let fake: FakeOpenAi | undefined;
let page: Page;
const pageErrors: string[] = [];

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  [server, browser, fake] = await Promise.all([startServer(), launchChromium(), startFakeOpenAi()]);
  page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
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

it('sends a turn, shows the streamed answer and keeps it in the session list', async () => {
  fake!.chat({
    events: [
      sseData(chatChunk({ role: 'assistant', content: 'Hello ' })),
      sseData(chatChunk({ content: 'from the model.' })),
      sseData(chatChunk({}, 'stop')),
      sseData('[DONE]'),
    ],
    delayMs: 30,
  });
  await page.goto(`${server!.url}/#/chat`);
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
  expect(pageErrors).toEqual([]);
});
