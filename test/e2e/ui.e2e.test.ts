/**
 * The operator UI in a real browser against the real server process: the mods list, disabling
 * and re-enabling a mod through the UI, the status view while its mod is away, and the settings
 * view (a diagnostics token created, used and revoked; auth settings that would lock out refused).
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

it('creates, uses and revokes a diagnostics token, and refuses auth settings that would lock everyone out', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server!.url}/#/settings`);
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  expect(await nav().getByRole('link', { name: 'Settings', exact: true }).getAttribute('aria-current')).toBe('page');
  await page.getByText('In force:').waitFor();
  expect(await page.getByRole('radio', { name: 'None', exact: true }).isChecked()).toBe(true);

  // A token is shown once, works as a bearer for the diagnostics reads, and stops working once revoked.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('ci-token');
  await page.getByRole('button', { name: 'Create token' }).click();
  const tokenBox = page.getByRole('textbox', { name: 'New token' });
  await tokenBox.waitFor();
  const token = await tokenBox.inputValue();
  expect(token).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
  await page.getByText('you will not see it again').waitFor();
  const tokenRow = page.locator('tr[data-token-id]', { hasText: 'ci-token' });
  await expect.poll(() => tokenRow.locator('.badge').textContent(), poll).toBe('active');
  expect(await tokenRow.textContent()).toContain(`${token.slice(0, 12)}…`);
  expect(await tokenRow.textContent()).not.toContain(token);

  const statusWithToken = async () =>
    (await fetch(`${server!.url}/api/status`, { headers: { authorization: `Bearer ${token}` } })).status;
  expect(await statusWithToken()).toBe(200);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Revoke token ci-token' }).click();
  await expect.poll(() => tokenRow.locator('.badge').textContent(), poll).toBe('revoked');
  expect(await page.getByRole('button', { name: 'Revoke token ci-token' }).count()).toBe(0);
  expect(await tokenBox.count()).toBe(0);
  expect(await statusWithToken()).toBe(403);

  // Basic without a password would admit nobody: refused inline, the form kept, nothing saved.
  await page.getByRole('radio', { name: 'Basic', exact: true }).check();
  await page.getByText('this browser will need to sign in').waitFor();
  await page.getByRole('textbox', { name: 'Username' }).fill('ops');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'ui_auth_would_lock_out' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain('ui_auth_would_lock_out: These settings would lock every operator out');
  expect(await page.getByRole('radio', { name: 'Basic', exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('ops');

  const savedAuth = async () =>
    (await (await fetch(`${server!.url}/api/settings/ui-auth`)).json()) as { config: { mode: string }; effective: { mode: string } };
  expect((await savedAuth()).config.mode).toBe('none');

  mkdirSync(outputDir, { recursive: true });
  await page.screenshot({ path: path.join(outputDir, 'ui-settings.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(outputDir, 'ui-settings-narrow.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to the saved settings: mode none, which the server still has in force.
  await page.getByRole('button', { name: 'Reset' }).click();
  expect(await page.getByRole('radio', { name: 'None', exact: true }).isChecked()).toBe(true);
  expect(await page.getByRole('alert').filter({ hasText: 'ui_auth_would_lock_out' }).count()).toBe(0);
  const finalAuth = await savedAuth();
  expect([finalAuth.config.mode, finalAuth.effective.mode]).toEqual(['none', 'none']);

  expect(pageErrors).toEqual([]);
});
