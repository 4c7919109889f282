/**
 * The Files view and chat attachments in a real browser against the real server process:
 * a workspace file opened, edited and saved, a save based on a stale copy refused with the file
 * left as it is; an image picked in chat previewed, sent to the fake model (real SSE over
 * loopback) and shown from its stored bytes in the transcript, and a file over the budget refused;
 * a folder made, files uploaded (file picker and drag and drop), an image previewed, renamed and
 * deleted with the confirmation, an unsaved edit guarded, and the session's chat attachment
 * listed and deleted, with the accessibility check in light and dark.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { answerConfirmation, modelAnswer, uiSuite } from '../kits/ui-kit.js';
import { accessibilityViolations } from './browser.js';

// A 2×2 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** A one-page PDF saying `text` (Helvetica, one of the standard fonts), with a correct cross-reference table. */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 28 Tf 30 90 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

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

  // Reload discards the edit: it asks first.
  await page.getByRole('button', { name: 'Reload' }).click();
  expect(await answerConfirmation(page, true)).toContain('Discard your changes to “notes.md”?');
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

it('makes a folder, uploads by picker and by drop, previews, renames and deletes an image, guards an unsaved edit, and deletes a chat attachment', async () => {
  const ada = path.join(ui.server.dataDir, 'workspaces', 'ada');
  const tree = page.getByRole('list', { name: 'Workspace files' });
  await page.goto(`${ui.server.url}/#/files`);
  await tree.waitFor();

  // A new folder; it becomes where new things go.
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.waitForFunction(() => document.activeElement?.id === 'files-new-name');
  await page.keyboard.type('reports');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await tree.getByRole('button', { name: 'reports/ folder' }).waitFor();
  await page.getByText('Created reports/.').waitFor();
  expect(existsSync(path.join(ada, 'reports'))).toBe(true);

  // Upload through the file picker: the image is previewed from its stored bytes.
  await page.setInputFiles('#files-upload', { name: 'square.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: 'Preview of square.png' });
  await preview.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('img[alt="Preview of square.png"]');
    return img !== null && img.complete && img.naturalWidth === 2;
  });
  expect(readFileSync(path.join(ada, 'reports', 'square.png')).equals(PNG)).toBe(true);
  await page.getByRole('heading', { name: 'reports/square.png' }).waitFor();
  expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/^\/api\/generated-artifacts\/ada\/reports%2Fsquare\.png/);

  // Upload by dropping a file on the listing: it lands in the same folder and opens as text.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['dropped text\n'], 'dropped.txt', { type: 'text/plain' }));
    return transfer;
  });
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent('[data-testid="files-drop"]', type, { dataTransfer: dropped });
  const editor = page.getByLabel('Content of reports/dropped.txt');
  await editor.waitFor();
  expect(await editor.inputValue()).toBe('dropped text\n');
  expect(readFileSync(path.join(ada, 'reports', 'dropped.txt'), 'utf8')).toBe('dropped text\n');

  // An unsaved edit: picking another file asks first; declining keeps the edit.
  await editor.fill('an edit not saved\n');
  await tree.getByRole('button', { name: 'square.png' }).click();
  expect(await answerConfirmation(page, false)).toContain('Discard your changes to “dropped.txt”?');
  expect(await editor.inputValue()).toBe('an edit not saved\n');
  // Leaving the page through the navigation asks too.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav a[href^="#/"]:not([href^="#/files"])')!.click());
  expect(await answerConfirmation(page, false)).toContain('Leave without saving “dropped.txt”?');
  expect(page.url()).toContain('#/files');
  await tree.getByRole('button', { name: 'square.png' }).click();
  await answerConfirmation(page, true);
  await preview.waitFor();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await accessibilityViolations(page), `image preview, ${colorScheme}`).toEqual([]);
  }

  // A PDF is drawn page by page on canvases (PDF.js, in its worker, under the page's CSP).
  await page.setInputFiles('#files-upload', { name: 'report.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Quarterly report') });
  const firstPage = page.getByRole('img', { name: 'Page 1 of report.pdf' });
  await firstPage.waitFor();
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Page 1 of report.pdf"]');
    if (!canvas || canvas.width === 0) return false;
    // Drawn: some pixel is dark (the text), not only the white page.
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 100 && pixels[i + 3]! > 0) return true;
    return false;
  });
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await accessibilityViolations(page), 'PDF preview, dark').toEqual([]);
  await ui.screenshot('ui-files-pdf', { narrow: true });
  await tree.getByRole('button', { name: 'square.png' }).click();
  await preview.waitFor();
  await ui.screenshot('ui-files-manage-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await ui.screenshot('ui-files-manage', { narrow: true });

  // Rename (a move inside the workspace).
  await page.getByRole('button', { name: 'Rename or move' }).click();
  // The field has the focus with the name selected: typing replaces just the name.
  await page.waitForFunction(() => document.activeElement?.id === 'files-new-path');
  await page.keyboard.type('red-square');
  expect(await page.getByLabel('New path of square.png').inputValue()).toBe('reports/red-square.png');
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByRole('heading', { name: 'reports/red-square.png' }).waitFor();
  expect(existsSync(path.join(ada, 'reports', 'square.png'))).toBe(false);
  expect(readFileSync(path.join(ada, 'reports', 'red-square.png')).equals(PNG)).toBe(true);

  // Delete: Cancel keeps it, the confirmed action removes it.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  expect(await answerConfirmation(page, false)).toContain('Delete “red-square.png”?');
  expect(existsSync(path.join(ada, 'reports', 'red-square.png'))).toBe(true);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await answerConfirmation(page, true);
  await page.getByText('Deleted reports/red-square.png.').waitFor();
  expect(existsSync(path.join(ada, 'reports', 'red-square.png'))).toBe(false);
  expect(await tree.getByRole('button', { name: 'red-square.png' }).count()).toBe(0);

  // The chat attachment of the earlier test, listed and deleted behind the confirmation.
  await page.getByRole('tab', { name: 'Chat attachments' }).click();
  const table = page.getByRole('table', { name: 'Attachments of the session' });
  await table.getByRole('link', { name: 'square.png' }).waitFor();
  expect(await accessibilityViolations(page), 'attachments').toEqual([]);
  await ui.screenshot('ui-files-attachments', { narrow: true });
  await table.getByRole('button', { name: 'Delete square.png' }).click();
  expect(await answerConfirmation(page, true)).toContain('Delete the attachment “square.png”?');
  await page.getByText('No attachments are kept for this session.').waitFor();
  expect((await api('GET', '/api/attachments?agentId=ada')).body.attachments).toEqual([]);
  ui.expectNoPageErrors();
});
