/**
 * The operator UI in a real browser against the real server process: the mods list, disabling
 * and re-enabling a mod through the UI, and the status view while its mod is away.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { launchChromium, type Browser } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

const outputDir = path.join(projectRoot, 'test-output');

let server: ServerProcess | undefined;
let browser: Browser | undefined;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(projectRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` (npm ci runs it through the prepare script)');
  }
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A 503 the UI expects (diagnostics disabled) is logged as "Failed to load resource"; anything else is a fault.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nav = () => page.getByRole('navigation', { name: 'Views' });
const row = (id: string) => page.locator(`tr[data-mod-id="${id}"]`);
const statusOf = (id: string) => row(id).locator('td.status .badge').textContent({ timeout: 10_000 });
const poll = { timeout: 15_000, interval: 100 };

it('lists the mods, disables and re-enables diagnostics, and shows the status view either way', async () => {
  await page.goto(`${server!.url}/`);
  await page.getByRole('heading', { name: 'Mods' }).waitFor();

  // Header: name, version and build identity from /api/health, and a healthy dot.
  const health = (await (await fetch(`${server!.url}/api/health`)).json()) as { version: string };
  await page.getByRole('img', { name: 'Healthy' }).waitFor();
  expect(await page.locator('header').textContent()).toContain(`v${health.version}`);
  expect(await page.getByRole('link', { name: 'API explorer' }).getAttribute('href')).toBe('/api/docs');

  for (const id of ['health', 'diagnostics', 'api-docs', 'web-ui']) {
    await expect.poll(() => statusOf(id), poll).toBe('loaded');
  }
  expect(await row('diagnostics').textContent()).toContain('system');

  await page.getByRole('button', { name: 'Disable diagnostics' }).click();
  await expect.poll(() => statusOf('diagnostics'), poll).toBe('disabled');
  await page.getByRole('button', { name: 'Enable diagnostics' }).waitFor();
  expect((await fetch(`${server!.url}/api/status`)).status).toBe(503);

  // The status view explains the missing mod instead of failing.
  await nav().getByRole('link', { name: 'Status', exact: true }).click();
  expect(page.url()).toMatch(/#\/status$/);
  await page.getByText('mod_unavailable').waitFor();

  await nav().getByRole('link', { name: 'Mods', exact: true }).click();
  await page.getByRole('button', { name: 'Enable diagnostics' }).click();
  await expect.poll(() => statusOf('diagnostics'), poll).toBe('loaded');
  await page.getByRole('button', { name: 'Disable diagnostics' }).waitFor();
  expect((await fetch(`${server!.url}/api/status`)).status).toBe(200);

  await page.goto(`${server!.url}/#/status`);
  await page.getByRole('heading', { name: 'Checks' }).waitFor();
  await page.getByRole('heading', { name: 'Metrics' }).waitFor();

  await page.goto(`${server!.url}/#/mods`);
  await expect.poll(() => statusOf('web-ui'), poll).toBe('loaded');
  mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: path.join(outputDir, 'ui.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(outputDir, 'ui-narrow.png'), fullPage: true });

  expect(pageErrors).toEqual([]);
});
