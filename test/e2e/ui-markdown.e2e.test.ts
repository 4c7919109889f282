/**
 * Assistant answers drawn from Markdown in the real chat page (real server process, the fake
 * OpenAI-compatible model streaming over loopback, headless Chromium): GFM blocks, highlighted
 * code with a working Copy button, links that only follow http(s)/mailto and open in a new tab,
 * model images never loaded, and a code fence drawn as a block in progress while it streams.
 */
import { expect, it } from 'vitest';
import { chatChunk, sseData } from '../peers/fake-openai.js';
import { modelAnswer, uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page } = ui;

const ANSWER = [
  '## Plan\n\nHere is **the plan**, with *care*, ~~no shortcuts~~ and `inline code`.\nFirst line  \nafter a hard break.\n\n',
  '- [x] read the logs\n- [ ] write the fix\n  1. a test first\n  2. then the code\n\n',
  '| Step | Owner | Hours |\n|:-----|:-----:|------:|\n| Fix | Ada | 3 |\n| Review | Grace | 1 |\n\n',
  '```python\ndef answer(question):\n    # always the same\n    return 42\n```\n\n',
  '> Quoted advice\n\n---\n\n',
  'Read [the guide](https://example.com/guide), mail [us](mailto:team@example.com), but not [this](javascript:alert(document.cookie)).\n\n',
  '![tracking pixel](/ui/pixel.png?leak=secret)\n\n',
  `| ${Array.from({ length: 9 }, (_, i) => `Column number ${i + 1}`).join(' | ')} |\n|${' --- |'.repeat(9)}\n| ${Array.from({ length: 9 }, (_, i) => `value ${i + 1}`).join(' | ')} |\n`,
];

it('draws an answer as GFM with highlighted, copyable code and safe links', async () => {
  await ui.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.server.url });
  const imageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('pixel.png')) imageRequests.push(request.url());
  });
  ui.fake.chat({ ...modelAnswer(...ANSWER), delayMs: 20 });
  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent('ada/default')}`);
  await page.getByLabel('Message', { exact: true }).waitFor();
  await page.getByLabel('Message', { exact: true }).fill('Plan the fix');
  await page.getByRole('button', { name: 'Send' }).click();

  const answer = page.locator('[data-role="assistant"]').last();
  await answer.getByRole('table').nth(1).waitFor({ timeout: 15_000 });

  // Blocks and inline marks.
  await answer.getByRole('heading', { name: 'Plan' }).waitFor();
  expect(await answer.locator('strong').first().textContent()).toBe('the plan');
  expect(await answer.locator('em').first().textContent()).toBe('care');
  expect(await answer.locator('del').first().textContent()).toBe('no shortcuts');
  expect(await answer.locator('code.md-code-inline').first().textContent()).toBe('inline code');
  expect(await answer.locator('p br').count()).toBe(1);
  expect(await answer.locator('blockquote').textContent()).toContain('Quoted advice');
  expect(await answer.locator('hr').count()).toBe(1);

  // Task list: disabled checkboxes with their state; the nested ordered list.
  const tasks = answer.getByRole('checkbox');
  expect(await tasks.count()).toBe(2);
  expect(await tasks.nth(0).isChecked()).toBe(true);
  expect(await tasks.nth(1).isChecked()).toBe(false);
  expect(await tasks.nth(0).isDisabled()).toBe(true);
  expect(await answer.locator('li ol li').allTextContents()).toEqual(['a test first', 'then the code']);

  // Table with its alignment, in a region that scrolls when wide.
  const table = answer.getByRole('table').first();
  expect(await table.locator('th').allTextContents()).toEqual(['Step', 'Owner', 'Hours']);
  expect(await table.locator('tbody tr').count()).toBe(2);
  const aligns = await table
    .locator('tbody tr')
    .first()
    .locator('td')
    .evaluateAll((cells) => cells.map((c) => getComputedStyle(c).textAlign));
  expect(aligns).toEqual(['left', 'center', 'right']);
  expect(await answer.getByRole('region', { name: 'Table: Step, Owner, Hours' }).count()).toBe(1);
  const wide = answer.getByRole('region', { name: /^Table: Column number 1,/ });
  expect(await wide.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
  // A wide table scrolls inside the message: the chat's columns may shrink below their content.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await wide.evaluate((el) => el.scrollWidth > el.clientWidth && el.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The code block: language label, highlighted tokens, Copy puts the code on the clipboard.
  const code = answer.locator('figure[data-language="python"]');
  expect(await code.locator('.md-code-lang').textContent()).toBe('python');
  await code.locator('pre .hljs-keyword', { hasText: 'def' }).waitFor();
  expect(await code.locator('pre .hljs-comment').textContent()).toBe('# always the same');
  await code.getByRole('button', { name: 'Copy python code' }).click();
  await code.getByRole('button', { name: 'Copy python code' }).filter({ hasText: 'Copied' }).waitFor();
  expect(await code.getByRole('status').textContent()).toBe('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('def answer(question):\n    # always the same\n    return 42');

  // Links: http(s) and mailto open in a new tab without opener or referrer; javascript: is text.
  const guide = answer.getByRole('link', { name: 'the guide' });
  expect(await guide.getAttribute('href')).toBe('https://example.com/guide');
  expect(await guide.getAttribute('target')).toBe('_blank');
  expect(await guide.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await answer.getByRole('link', { name: 'us' }).getAttribute('href')).toBe('mailto:team@example.com');
  expect(await answer.getByRole('link', { name: 'this' }).count()).toBe(0);
  expect(await answer.getByText('this', { exact: true }).count()).toBe(1);
  expect(await answer.locator('a[href^="javascript"]').count()).toBe(0);

  // The image is a link with its alt text, never an <img>, and the browser never asked for it.
  expect(await answer.locator('img').count()).toBe(0);
  const image = answer.getByRole('link', { name: 'Image: tracking pixel' });
  expect(await image.getAttribute('href')).toBe('/ui/pixel.png?leak=secret');
  expect(imageRequests).toEqual([]);

  await ui.screenshot('ui-markdown', { narrow: true });
  // The whole answer, light and dark.
  await ui.screenshotOf(answer, 'ui-markdown-answer');
  await page.emulateMedia({ colorScheme: 'dark' });
  await ui.screenshot('ui-markdown-dark');
  await ui.screenshotOf(answer, 'ui-markdown-answer-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  ui.expectNoPageErrors();
});

it('draws a code fence the model is still writing as a code block in progress', async () => {
  ui.fake.chat({ events: [sseData(chatChunk({ role: 'assistant', content: 'Working on it:\n\n```ts\nconst total = items' })), sseData(chatChunk({ content: '.length;\n' }))], after: 'hang' });
  await page.getByLabel('Message', { exact: true }).fill('Write the code');
  await page.getByRole('button', { name: 'Send' }).click();

  const live = page.locator('[data-role="assistant-live"]');
  const block = live.locator('figure[data-language="ts"][aria-busy="true"]');
  await block.locator('pre', { hasText: 'const total = items.length;' }).waitFor({ timeout: 15_000 });
  expect(await block.locator('.md-code-open').textContent()).toBe('writing…');
  await block.locator('pre .hljs-keyword', { hasText: 'const' }).waitFor();
  expect(await live.locator('p').first().textContent()).toBe('Working on it:');

  await page.getByRole('button', { name: 'Stop' }).click();
  await live.waitFor({ state: 'detached', timeout: 15_000 });
  ui.expectNoPageErrors();
});
