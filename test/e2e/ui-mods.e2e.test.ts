/**
 * Mods in the operator UI, in a real browser against the real server process: a declarative
 * control panel (a mod without a built view gets its page drawn from the JSON its route
 * answers: text only, checked before it is drawn), and the whole Git path (a `file://` source
 * built here with the `git` binary from `test/fixtures/ui-mods/ui-board`, its releases and a
 * refused tag's reason, install, the installed mod's panel and schema-drawn settings, an update
 * to a newer tag, disable, uninstall, remove the source).
 *
 * That disabling a mod takes its view out of the navigation and enabling brings it back is
 * covered in `ui.e2e.test.ts` (diagnostics through the Mods view, brains and mcp through the API).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { answerConfirmation, navigateTo, navigation, navTitles, uiSuite } from '../kits/ui-kit.js';

const fixture = path.join(projectRoot, 'test', 'fixtures', 'ui-mods', 'ui-board');

const ui = uiSuite({ server: { env: { SVC_MODS_ALLOW_FILE_SOURCES: 'true' } } });
const { page } = ui;
let repoDir: string | undefined;
ui.defer(() => repoDir && rmSync(repoDir, { recursive: true, force: true }));

const nav = () => navigation(page);
const navLinks = () => navTitles(page);
const poll = { timeout: 15_000, interval: 100 };
/** Clone and install run Git: slower than an ordinary request. */
const slow = { timeout: 60_000 };

it('draws a declarative control panel from the JSON a mod answers, as text only, and refuses one that breaks the format', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A mod without a built view, as /api/mods would list an installed one: its routes answered here.
  const fake = { id: 'fake-panel', name: 'Fake panel', version: '1.0.0', system: false, status: 'loaded', ui: { control: { title: 'Fake panel' } } };
  let panel: unknown = {
    blocks: [
      { type: 'text', text: 'Hello <b>world</b>\n<script>window.pwned = true</script>' },
      { type: 'stat', label: 'Queued', value: 1234 },
      { type: 'stat', label: 'Last run', value: 'never' },
      {
        type: 'table',
        title: 'Jobs',
        columns: ['Job', 'Runs', 'OK'],
        rows: [
          ['<img src=x onerror=alert(1)>', 2, true],
          ['nightly', 0, null],
        ],
      },
      { type: 'list', title: 'Recent', items: ['one', 2] },
      { type: 'action', label: 'Run now', method: 'POST', route: '/api/mods/fake-panel/run', confirm: 'Run every job now?', body: { all: true } },
    ],
  };
  let panelReads = 0;
  const actions: string[] = [];
  await page.route('**/api/mods', async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { mods: unknown[] };
    await route.fulfill({ response, json: { ...body, mods: [...body.mods, fake] } });
  });
  await page.route('**/api/mods/fake-panel/ui/control', async (route) => {
    panelReads++;
    await route.fulfill({ json: panel });
  });
  await page.route('**/api/mods/fake-panel/run', async (route) => {
    actions.push(`${route.request().method()} ${route.request().postData()}`);
    await route.fulfill({ json: { ok: true, message: 'Started 2 jobs.' } });
  });
  try {
    await page.goto(`${ui.server.url}/#/mods`);
    await navigateTo(page, 'Fake panel');
    const card = page.locator('[data-mod-panel="fake-panel"]');
    // A page of its own: the panel brings the page's heading.
    await card.getByRole('heading', { name: 'Fake panel', level: 1 }).waitFor();

    // Text is text: the markup characters are shown, nothing is parsed or run.
    await card.getByText('Hello <b>world</b>').waitFor();
    expect(await card.locator('p.text').textContent()).toBe('Hello <b>world</b>\n<script>window.pwned = true</script>');
    expect(await card.locator('b, script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();

    expect(await card.locator('.stat dt').allTextContents()).toEqual(['Queued', 'Last run']);
    expect(await card.locator('.stat dd').allTextContents()).toEqual(['1,234', 'never']);
    const jobs = card.getByRole('table', { name: 'Jobs' });
    expect(await jobs.locator('th').allTextContents()).toEqual(['Job', 'Runs', 'OK']);
    expect(await jobs.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['<img src=x onerror=alert(1)>', '2', 'yes']);
    expect(await jobs.locator('tbody tr').nth(1).locator('td').allTextContents()).toEqual(['nightly', '0', '—']);
    expect(await card.getByRole('list', { name: 'Recent' }).locator('li').allTextContents()).toEqual(['one', '2']);

    // The action asks first, POSTs its body to the mod's own route, shows the answer's message and reads the panel again.
    let question = '';
    await card.getByRole('button', { name: 'Run now' }).click();
    question = await answerConfirmation(page, false);
    await expect.poll(() => question, poll).toBe('Run every job now?');
    expect(actions).toEqual([]);
    const readsBefore = panelReads;
    await card.getByRole('button', { name: 'Run now' }).click();
    await answerConfirmation(page);
    await card.getByRole('status').filter({ hasText: 'Started 2 jobs.' }).waitFor();
    expect(actions).toEqual(['POST {"all":true}']);
    await expect.poll(() => panelReads, poll).toBeGreaterThan(readsBefore);
    await ui.screenshot('ui-mod-panel', { narrow: true });

    // A panel that breaks the format is not drawn: each problem is named by its place.
    panel = {
      blocks: [
        { type: 'text', text: 'fine' },
        { type: 'html', html: '<b>no</b>' },
        { type: 'table', columns: ['A', 'B'], rows: [['only one']] },
        { type: 'action', label: 'Uninstall everything', method: 'POST', route: '/api/mod-management/brains/uninstall' },
      ],
    };
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.locator('[data-panel-invalid]').waitFor();
    const problems = await card.locator('.problems li').allTextContents();
    expect(problems).toEqual([
      'blocks[1].type: must be text, stat, table, list or action',
      'blocks[2].rows[0]: must be an array of 2 cells, one per column',
      "blocks[3].route: must be one of this mod's routes, /api/mods/fake-panel/…",
    ]);
    expect(await card.getByText('fine', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Uninstall everything' }).count()).toBe(0);

    panel = 'not a panel';
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.locator('.problems li').filter({ hasText: 'the answer is not an object with a "blocks" array' }).waitFor();
    await ui.screenshot('ui-mod-panel-invalid', { narrow: true });

    // A failed read says which route failed, as the server worded it.
    await page.unroute('**/api/mods/fake-panel/ui/control');
    await page.route('**/api/mods/fake-panel/ui/control', (route) => route.fulfill({ status: 503, json: { ok: false, error: 'mod_unavailable', message: 'Mod fake-panel is disabled' } }));
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.getByRole('alert').filter({ hasText: 'GET /api/mods/fake-panel/ui/control' }).filter({ hasText: 'mod_unavailable: Mod fake-panel is disabled' }).waitFor();
    ui.expectNoPageErrors();
  } finally {
    await page.unrouteAll();
  }
});

/** A throwaway repository publishing the fixture: `v0.1.0` (no mod.json: refused) and `v1.0.0`; `release()` adds more. */
function publishFixture(): { dir: string; url: string; release(version: string): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-ui-mod-repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'pipe',
      env: { PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
    });
  const template = readFileSync(path.join(fixture, 'mod.template.json'), 'utf8');
  git('init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'README.md'), '# ui-board\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Start');
  git('tag', 'v0.1.0');
  const release = (version: string) => {
    copyFileSync(path.join(fixture, 'index.js'), path.join(dir, 'index.js'));
    writeFileSync(path.join(dir, 'mod.json'), template.replace('__VERSION__', version));
    git('add', '.');
    git('commit', '-q', '-m', `Release ${version}`);
    git('tag', `v${version}`);
  };
  release('1.0.0');
  return { dir, url: `file://${dir}`, release };
}

it('adds a Git source, shows its releases and why a tag was refused, installs, uses, updates, disables and uninstalls its mod', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const repo = publishFixture();
  repoDir = repo.dir;
  await page.goto(`${ui.server.url}/#/mods`);
  await page.getByRole('heading', { name: 'Sources' }).waitFor();
  await page.getByText('No sources yet.').waitFor();

  // A URL the server refuses: its catalogued error, the form kept.
  await page.getByRole('textbox', { name: 'Git URL' }).fill('ftp://127.0.0.1/mods.git');
  await page.getByRole('button', { name: 'Add source' }).click();
  const refusal = page.getByRole('form', { name: 'Add a source' }).getByRole('alert');
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(/^[a-z_]+: .+/);
  expect(await page.getByRole('textbox', { name: 'Git URL' }).inputValue()).toBe('ftp://127.0.0.1/mods.git');

  // Added: cloned, its tags read; the refused one says why.
  await page.getByRole('textbox', { name: 'Git URL' }).fill(repo.url);
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Fixture board');
  await page.getByRole('button', { name: 'Add source' }).click();
  await page.getByRole('status').filter({ hasText: 'Added Fixture board: 2 tags, 1 accepted.' }).waitFor(slow);
  const releases = page.getByRole('table', { name: 'Releases of Fixture board' });
  const tag = (name: string) => releases.locator(`tr[data-release-tag="${name}"]`);
  expect(await tag('v1.0.0').locator('.badge').textContent()).toBe('accepted');
  expect(await tag('v0.1.0').locator('.badge').textContent()).toBe('refused');
  expect(await tag('v0.1.0').textContent()).toContain('no mod.json at the repository root');
  expect(await page.getByRole('textbox', { name: 'Git URL' }).inputValue()).toBe('');

  // Available, then installed: disabled until enabled, with where it came from.
  const available = page.locator('tr[data-available-id="ui-board"]');
  await available.waitFor();
  expect(await available.textContent()).toContain('Fixture board');
  await page.getByRole('button', { name: 'Install ui-board' }).click();
  const installed = page.locator('tr[data-mod-id="ui-board"]');
  await installed.getByRole('status').filter({ hasText: 'Installed 1.0.0 (v1.0.0); enable it to use it.' }).waitFor(slow);
  expect(await installed.locator('td.status .badge').textContent()).toBe('disabled');
  expect(await installed.locator('td.version').textContent()).toContain('v1.0.0');
  await expect.poll(() => available.count(), poll).toBe(0);
  expect(await navLinks()).not.toContain('UI board');
  await ui.screenshot('ui-mods-installed', { narrow: true });

  // Enabling first shows what the mod asks for: nothing runs before the operator approves it.
  await page.getByRole('button', { name: 'Enable ui-board' }).click();
  const review = page.locator('#permissions-ui-board');
  await review.getByText('not approved').waitFor();
  expect(await installed.locator('td.status .badge').textContent()).toBe('disabled');
  const asks = await review.locator('dl.asks').textContent();
  for (const part of [repo.url, 'Its own key-value store', '32 MiB', 'boardToken', 'greeting', 'POST /api/mods/ui-board/ping', 'control']) expect(asks).toContain(part);
  await ui.screenshot('ui-mods-permissions', { narrow: true });
  // A secret it declares, set write-only.
  const secret = review.locator('form.secret');
  await secret.getByLabel('boardToken').fill('board-secret-value');
  await secret.getByRole('button', { name: 'Save' }).click();
  await review.getByRole('status').filter({ hasText: 'Saved boardToken.' }).waitFor();
  expect(await secret.getByLabel('boardToken').getAttribute('placeholder')).toBe('set — type to replace');
  expect(await page.content()).not.toContain('board-secret-value');
  // Clearing it asks first; cancelled, the secret stays set.
  await secret.getByRole('button', { name: 'Clear' }).click();
  expect(await answerConfirmation(page, false)).toContain('Clear the secret boardToken of ui-board?');
  expect(await secret.getByLabel('boardToken').getAttribute('placeholder')).toBe('set — type to replace');
  await review.getByRole('button', { name: 'Approve and enable' }).click();
  await expect.poll(() => installed.locator('td.status .badge').textContent(), poll).toBe('loaded');
  await review.getByText('approved', { exact: true }).waitFor();
  await expect.poll(navLinks, poll).toContain('UI board');

  // Its page: the panel its own route answers, drawn as text; its action runs in the sandbox.
  await navigateTo(page, 'UI board');
  const card = page.locator('[data-mod-panel="ui-board"]');
  await card.getByText('Hello <b>from</b> ui-board.').waitFor();
  expect(await card.locator('b').count()).toBe(0);
  expect(await card.locator('.stat dt').allTextContents()).toEqual(['Pings']);
  expect(await card.locator('.stat dd').allTextContents()).toEqual(['0']);
  expect(await card.getByRole('table', { name: 'Lanes' }).locator('tbody tr').nth(2).locator('td').allTextContents()).toEqual(['<i>later</i>', '0', '—']);
  await card.getByRole('button', { name: 'Ping' }).click();
  await answerConfirmation(page);
  await card.getByRole('status').filter({ hasText: 'Ping 1 recorded.' }).waitFor();
  await expect.poll(() => card.locator('.stat dd').allTextContents(), poll).toEqual(['1']);
  await ui.screenshot('ui-mods-panel', { narrow: true });

  // Its settings: a form drawn from its JSON Schema; the panel follows the saved value.
  await navigateTo(page, 'Settings');
  const settings = page.locator('[data-mod-settings="ui-board"]');
  const greeting = settings.getByRole('textbox', { name: 'Greeting' });
  await expect.poll(() => greeting.inputValue(), poll).toBe('Hello');
  await greeting.fill('Howdy');
  await settings.getByRole('button', { name: 'Save UI board' }).click();
  await settings.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await navigateTo(page, 'UI board');
  await page.locator('[data-mod-panel="ui-board"]').getByText('Howdy <b>from</b> ui-board.').waitFor();

  // A newer tag: refreshing the sources offers the update; updating keeps it enabled.
  repo.release('1.1.0');
  await navigateTo(page, 'Mods');
  await page.getByRole('button', { name: 'Refresh all sources' }).click();
  await page.getByRole('status').filter({ hasText: 'Refreshed 1 source.' }).waitFor(slow);
  expect(await tag('v1.1.0').locator('.badge').textContent()).toBe('accepted');
  await installed.locator('td.version').getByText('1.1.0 available').waitFor();
  await page.getByRole('button', { name: 'Update ui-board to 1.1.0' }).click();
  await installed.getByRole('status').filter({ hasText: 'Updated to 1.1.0 (v1.1.0).' }).waitFor(slow);
  await expect.poll(() => installed.locator('td.version code').first().textContent(), poll).toBe('1.1.0');
  expect(await installed.locator('td.status .badge').textContent()).toBe('loaded');
  expect(await page.getByRole('button', { name: 'Update ui-board to 1.1.0' }).count()).toBe(0);

  // Disabled: its page leaves the navigation. Uninstalled: offered again.
  await page.getByRole('button', { name: 'Disable ui-board' }).click();
  await answerConfirmation(page);
  await expect.poll(() => installed.locator('td.status .badge').textContent(), poll).toBe('disabled');
  await expect.poll(navLinks, poll).not.toContain('UI board');
  let question = '';
  await page.getByRole('button', { name: 'Uninstall ui-board' }).click();
  question = await answerConfirmation(page);
  await expect.poll(() => installed.count(), poll).toBe(0);
  expect(question).toContain('settings, secrets and data are kept');
  await available.waitFor();
  expect(await available.locator('td.release').textContent()).toContain('1.1.0');

  // The source goes; what it offered with it.
  await page.getByRole('button', { name: 'Remove source Fixture board' }).click();
  await answerConfirmation(page);
  await expect.poll(() => page.locator('tr[data-source-id]').count(), poll).toBe(0);
  await expect.poll(() => available.count(), poll).toBe(0);
  ui.expectNoPageErrors();
});
