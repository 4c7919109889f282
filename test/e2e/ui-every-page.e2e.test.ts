/**
 * Every page the console's navigation offers, in a real browser against the real server
 * process: no serious or critical accessibility violation at a desktop's and a phone's width,
 * in light and dark. The list of pages is read from the navigation itself, so a page a mod adds
 * is checked without touching this file.
 *
 * And the states every view shares (`web/src/lib/resource.svelte.ts`): a skeleton while the first
 * read is pending, a failed read in words with a Retry that recovers by itself when the network
 * returns, and a background run (a schedule's) that turns from running to done without a reload.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { modelAnswer, navigation, uiSuite } from '../kits/ui-kit.js';
import { accessibilityViolations, DEFAULT_VIEWPORT } from './browser.js';

const ui = uiSuite({ agents: ['ada'], model: true });
const { page, api } = ui;

const PHONE = { width: 390, height: 844 };

/** The in-console pages of the navigation (`#/…` links; the API explorer is the server's own page). */
async function navPages(p: Page): Promise<Array<{ title: string; href: string }>> {
  const links = await navigation(p)
    .locator('a')
    .evaluateAll((as) => as.map((a) => ({ title: (a.firstChild?.textContent ?? '').trim(), href: a.getAttribute('href') ?? '' })));
  const pages = links.filter((l) => l.href.startsWith('#/'));
  // A group of one page is its link and the page's own: each address once.
  return pages.filter((l, i) => pages.findIndex((o) => o.href === l.href) === i);
}

/** Opens a page by its hash and waits until it shows its content: a heading, no skeleton left. */
async function open(p: Page, href: string): Promise<void> {
  await p.evaluate((hash) => (location.hash = hash), href);
  await p.locator('main h1').first().waitFor();
  await p.waitForFunction(() => document.querySelector('[data-skeleton]') === null);
}

let pages: Array<{ title: string; href: string }>;

beforeAll(async () => {
  // Some data, so the pages show records and not only their empty states.
  const project = await api('POST', '/api/task-board/projects', { name: 'Launch' });
  expect(project.status).toBe(201);
  expect((await api('POST', '/api/task-board/tasks', { projectId: project.body.project.id, title: 'Write the notes', assignedAgentId: 'ada' })).status).toBe(201);
  expect((await api('POST', '/api/scheduled-jobs', { agentId: 'ada', name: 'Digest', prompt: 'Summarise', cron: '0 9 * * 1-5' })).status).toBe(201);

  await page.goto(`${ui.server.url}/`);
  // The shell's own Mods link is there at once; the mods' pages come with the one read of the mods.
  await page.waitForFunction(() => document.querySelectorAll('nav[aria-label="Views"] a[href^="#/"]:not([href="#/mods"])').length > 0);
  pages = await navPages(page);
  // The navigation offers the console's features; a handful at least, each with its own address.
  expect(pages.length).toBeGreaterThan(10);
  expect(pages.map((p) => p.href)).toContain('#/task-board');
});

// One test per width and scheme: each walks every page of the navigation.
for (const viewport of [DEFAULT_VIEWPORT, PHONE]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation on any page of the navigation at ${viewport.width} px, ${colorScheme}`, async () => {
      const found: string[] = [];
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      try {
        for (const { title, href } of pages) {
          await open(page, href);
          for (const v of await accessibilityViolations(page)) found.push(`${title} (${href}): ${v.id} ${v.help} — ${v.targets.slice(0, 3).join(', ')}`);
        }
      } finally {
        await page.setViewportSize(DEFAULT_VIEWPORT);
        await page.emulateMedia({ colorScheme: 'light' });
      }
      expect(found).toEqual([]);
    });
  }
}

it('opens Chat at the bare address, and gives a phone one Menu button that opens the groups', async () => {
  await page.setViewportSize(PHONE);
  try {
    await page.goto(`${ui.server.url}/`);
    const nav = navigation(page);
    // Set up: the bare address is the chat, not the Mods page.
    await expect.poll(() => nav.locator('a[aria-current="page"]').first().getAttribute('href')).toBe('#/chat');
    const menu = nav.getByRole('button', { name: 'Menu' });
    const board = nav.getByRole('link', { name: 'Task board', exact: true });
    // One button, not rows of links: the groups are hidden until it is opened.
    await menu.waitFor();
    expect(await board.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await board.waitFor();
    await ui.screenshot('ui-every-page-phone-menu');
    await board.click();
    await page.getByRole('heading', { name: 'Task board', level: 1 }).waitFor();
    // Following a link closes it.
    await board.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  } finally {
    await page.setViewportSize(DEFAULT_VIEWPORT);
  }
});

it('shows a skeleton, not an empty board, while the first read is pending', async () => {
  await page.goto(`${ui.server.url}/#/mods`);
  await page.locator('main h1').first().waitFor();
  // Hold the task list's read until the skeleton has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/task-board/tasks*', async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.evaluate(() => (location.hash = '#/task-board'));
    await page.getByRole('heading', { name: 'Task board' }).waitFor();
    const skeleton = page.getByRole('status').filter({ hasText: 'Loading the tasks…' });
    await skeleton.waitFor();
    // No zero counts that look like data while it loads.
    expect(await page.locator('.board').count()).toBe(0);
    await ui.screenshot('ui-every-page-skeleton');
    release();
    await page.locator('li[aria-label="Write the notes"]').waitFor();
    await skeleton.waitFor({ state: 'detached' });
  } finally {
    release();
    await page.unroute('**/api/task-board/tasks*');
  }
});

it('words a failed read with a Retry and reads again by itself when the network returns', async () => {
  // The view's code is loaded once online; then the network goes away and the view is opened again.
  await page.goto(`${ui.server.url}/#/task-board`);
  await page.locator('li[aria-label="Write the notes"]').waitFor();
  await page.evaluate(() => (location.hash = '#/mods'));
  await page.getByRole('heading', { name: 'Mods', exact: true }).waitFor();
  await page.context().setOffline(true);
  try {
    await page.evaluate(() => (location.hash = '#/task-board'));
    const problem = page.getByRole('alert').filter({ hasText: 'Could not list the tasks' });
    await problem.waitFor();
    const retry = problem.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    // Retrying while still offline fails again, in words, and the button comes back.
    await retry.click();
    await problem.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await page.locator('li[aria-label="Write the notes"]').count()).toBe(0);
    await ui.screenshot('ui-every-page-offline', { narrow: true });
    expect(await accessibilityViolations(page), 'a failed read').toEqual([]);
  } finally {
    await page.context().setOffline(false);
  }
  // Back online: the board reads again without the operator doing anything.
  await page.locator('li[aria-label="Write the notes"]').waitFor();
  await page.getByRole('alert').filter({ hasText: 'Could not list the tasks' }).waitFor({ state: 'detached' });
});

it("turns a schedule's run from running to done without a reload", async () => {
  const jobs = (await api('GET', '/api/scheduled-jobs?agentId=ada')).body.jobs;
  expect(jobs).toHaveLength(1);
  await page.goto(`${ui.server.url}/#/schedules/ada`);
  const job = page.getByRole('listitem', { name: 'Digest' });
  await job.waitFor();
  // A slow answer: the run is visibly running for a few seconds.
  ui.fake.chat({ ...modelAnswer('All ', 'quiet ', 'today.'), delayMs: 1500 });
  await job.getByRole('button', { name: 'Run now' }).click();
  await job.locator('tbody tr[data-status="running"]').waitFor();
  // No click on Refresh history: the view reads the history again while a run is running.
  await job.locator('tbody tr[data-status="completed"]').waitFor({ timeout: 30_000 });
  expect(await job.locator('tbody tr[data-status="running"]').count()).toBe(0);
  const ended = job.locator('tbody tr[data-status="completed"] time').last();
  expect(await ended.getAttribute('title')).toBeTruthy();
  await ui.screenshot('ui-every-page-schedule-run');
});
