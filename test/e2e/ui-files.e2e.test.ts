/**
 * The Files view and chat attachments in a real browser against the real server process:
 * a workspace file opened, edited and saved, a save based on a stale copy refused with the file
 * left as it is; an image picked in chat previewed, sent to the fake model (real SSE over
 * loopback) and shown from its stored bytes in the transcript, and a file over the budget refused.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi } from '../peers/fake-openai.js';
import { collectPageFaults, launchChromium, requireBuiltUi, type Browser } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

// A 2×2 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

let server: ServerProcess | undefined;
let browser: Browser | undefined;
let fake: FakeOpenAi | undefined;
let page: Page;
const faults: string[] = [];

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  requireBuiltUi(path.resolve(import.meta.dirname, '..', '..'));
  [server, browser, fake] = await Promise.all([startServer(), launchChromium(), startFakeOpenAi()]);
  page = await browser.context.newPage();
  collectPageFaults(page, faults);
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

it('opens a workspace file, saves an edit, and refuses a save based on a stale copy', async () => {
  const dir = path.join(server!.dataDir, 'workspaces', 'ada', 'docs');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'notes.md');
  writeFileSync(file, '# Notes\n');

  await page.goto(`${server!.url}/#/files`);
  await page.getByRole('heading', { name: 'Files' }).waitFor();
  await page.getByRole('list', { name: 'Workspace files' }).getByRole('button', { name: 'notes.md' }).click();
  const editor = page.getByLabel('Content of docs/notes.md');
  await editor.waitFor();
  expect(await editor.inputValue()).toBe('# Notes\n');

  await editor.fill('# Notes\n\nEdited in the browser.\n');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').waitFor();
  expect(readFileSync(file, 'utf8')).toBe('# Notes\n\nEdited in the browser.\n');

  // Someone else changes the file; an edit of the copy in the editor must not overwrite it.
  writeFileSync(file, 'changed elsewhere\n');
  await editor.fill('my stale edit\n');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Not saved: the file changed since you opened it.').waitFor();
  expect(readFileSync(file, 'utf8')).toBe('changed elsewhere\n');

  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(() => (document.getElementById('files-content') as HTMLTextAreaElement | null)?.value === 'changed elsewhere\n');
  await page.screenshot({ path: path.resolve(import.meta.dirname, '..', '..', 'test-output', 'ui-files.png') }).catch(() => undefined);
  expect(faults).toEqual([]);
});

it('sends an image attachment in chat, shows it in the transcript from its stored bytes, and refuses a file over the budget', async () => {
  fake!.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'A red square.' })), sseData(chatChunk({}, 'stop')), sseData('[DONE]')] });
  await page.goto(`${server!.url}/#/chat`);
  await page.getByRole('heading', { name: 'Chat' }).waitFor();

  await page.setInputFiles('#chat-files', { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) });
  await page.getByRole('alert').getByText('big.bin is 8.0 MiB; at most 8.0 MiB per file').waitFor();

  await page.setInputFiles('#chat-files', { name: 'square.png', mimeType: 'image/png', buffer: PNG });
  await page.getByAltText('Preview of square.png').waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);
  await page.getByLabel('Message').fill('What is this?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-role="assistant"]', { hasText: 'A red square.' }).waitFor({ timeout: 15_000 });

  const shown = page.locator('[data-role="user"] img[alt="square.png"]');
  await shown.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-role="user"] img[alt="square.png"]');
    return img !== null && img.complete && img.naturalWidth === 2;
  });
  expect(await shown.getAttribute('src')).toMatch(/^\/api\/attachments\/ada\/\.attachments%2Fdefault%2F[0-9a-f-]{36}-square\.png$/);

  const sent = fake!.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  const parts = sent.body.messages.at(-1).content;
  expect(parts).toEqual([{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } }]);
  const listed = await api('GET', '/api/attachments?agentId=ada');
  expect(listed.body.attachments.map((a: any) => a.name)).toEqual(['square.png']);
  expect(faults).toEqual([]);
});
