/**
 * The Files view and chat attachments in a real browser against the real server process:
 * a workspace file opened, edited and saved, a save based on a stale copy refused with the file
 * left as it is; an image picked in chat previewed, sent to the fake model (real SSE over
 * loopback) and shown from its stored bytes in the transcript, and a file over the budget refused.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

// A 2×2 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

it('opens a workspace file, saves an edit, and refuses a save based on a stale copy', async () => {
  const dir = path.join(ui.server.dataDir, 'workspaces', 'ada', 'docs');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'notes.md');
  writeFileSync(file, '# Notes\n');

  await page.goto(`${ui.server.url}/#/files`);
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
  await ui.screenshot('ui-files');
  ui.expectNoPageErrors();
});

it('sends an image attachment in chat, shows it in the transcript from its stored bytes, and refuses a file over the budget', async () => {
  ui.fake.chat(modelAnswer('A red square.'));
  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent('ada/default')}`);
  await page.getByLabel('Message', { exact: true }).waitFor();

  await page.setInputFiles('#chat-files', { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) });
  await page.getByRole('alert').getByText('big.bin is 8.0 MiB; at most 8.0 MiB per file').waitFor();

  await page.setInputFiles('#chat-files', { name: 'square.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('list', { name: 'Files to send' }).getByText('square.png').waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);
  await page.getByLabel('Message', { exact: true }).fill('What is this?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('[data-role="assistant"]', { hasText: 'A red square.' }).waitFor({ timeout: 15_000 });

  const shown = page.locator('[data-role="user"] img[alt="square.png"]');
  await shown.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-role="user"] img[alt="square.png"]');
    return img !== null && img.complete && img.naturalWidth === 2;
  });
  expect(await shown.getAttribute('src')).toMatch(/^\/api\/attachments\/ada\/\.attachments%2Fdefault%2F[0-9a-f-]{36}-square\.png$/);

  const sent = ui.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!;
  const parts = sent.body.messages.at(-1).content;
  expect(parts).toEqual([
    { type: 'text', text: 'What is this?' },
    { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
  ]);
  const listed = await api('GET', '/api/attachments?agentId=ada');
  expect(listed.body.attachments.map((a: any) => a.name)).toEqual(['square.png']);
  ui.expectNoPageErrors();
});
