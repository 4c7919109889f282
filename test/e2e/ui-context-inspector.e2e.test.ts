/**
 * The chat view's context inspector in a real browser against the real server process: after a
 * turn, the opened panel shows the context use the API reports, the compaction threshold and
 * the system message's sections.
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
  const connection = await api('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake.baseUrl, models: [{ id: 'gpt-test', enabled: true, contextWindowOverride: 8000 }] });
  expect(connection.status).toBe(201);
  expect((await api('PUT', '/api/agents/ada/model-selection', { connectionId: connection.body.connection.id, model: 'gpt-test' })).status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

it('shows the session context the API reports', async () => {
  fake!.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'Noted.' })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });
  await page.goto(`${server!.url}/#/chat`);
  await page.getByRole('heading', { name: 'Chat' }).waitFor();
  await page.getByLabel('Message').fill('Remember this');
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
  expect(pageErrors).toEqual([]);
});
