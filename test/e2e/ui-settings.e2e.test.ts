/**
 * The Settings page in a real browser against the real server process: its sections and the
 * index beside them (a select on a phone), labels and help text in words from each schema's
 * title and description, the operator's name and time zone kept across a reload, and the
 * header's account corner: "No sign-in (local mode)", then with Basic sign-in the user and a
 * Sign out that brings back the server's password challenge. Turning sign-in off asks first.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { answerConfirmation, uiSuite } from '../kits/ui-kit.js';
import { accessibilityViolations } from './browser.js';

// Basic sign-in over plain http in the last test: its session cookie must not be Secure-only.
const ui = uiSuite({ server: { env: { SVC_UI_AUTH_BASIC_INSECURE_COOKIES: 'true' } } });
const { page, api } = ui;
const poll = { timeout: 15_000 };

const index = () => page.getByRole('navigation', { name: 'Settings sections' });
const section = (key: string) => page.locator(`#settings-${key}`);

/** Whether the top of an element is within the viewport's upper part (where a jump puts it). */
const topInView = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight / 3;
  });

/** The text of the elements that describe a control (`aria-describedby`). */
const descriptionOf = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

it('shows sections with an index that jumps to one and marks it; fields read as words with their help', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/settings`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  // The operator's own settings first, then each mod's part, all in the index.
  await expect.poll(() => index().getByRole('link').allInnerTexts(), poll).toEqual(expect.arrayContaining(['Name and time zone', 'Sign-in', 'API tokens', 'Retention', 'MCP', 'Model catalog', 'Provider logins']));
  expect((await index().getByRole('link').allInnerTexts()).slice(0, 3)).toEqual(['Name and time zone', 'Sign-in', 'API tokens']);
  expect(await index().getByRole('link', { name: 'Name and time zone' }).getAttribute('aria-current')).toBe('location');

  // A jump scrolls the section to the top, names it in the address and marks it in the index.
  await index().getByRole('link', { name: 'MCP', exact: true }).click();
  await expect.poll(() => topInView(section('mcp')), poll).toBe(true);
  expect(new URL(page.url()).hash).toBe('#/settings/mcp');
  await expect.poll(() => index().getByRole('link', { name: 'MCP', exact: true }).getAttribute('aria-current'), poll).toBe('location');
  expect(await index().getByRole('link', { name: 'Name and time zone' }).getAttribute('aria-current')).toBeNull();

  // Labels are the schema's titles; the help text describes the control, with the default and range.
  const mcp = section('mcp');
  const timeout = mcp.getByRole('textbox', { name: 'MCP call timeout (milliseconds)' });
  await expect.poll(() => timeout.inputValue(), poll).toBe('30000');
  const help = await descriptionOf(timeout);
  expect(help).toContain('How long one use of an MCP server');
  expect(help).toContain('Default 30,000; allowed 100–45,000.');
  const logins = section('provider-logins');
  await logins.getByRole('group', { name: 'Provider A (Anthropic-style) sign-in' }).waitFor();
  expect(await descriptionOf(logins.getByRole('textbox', { name: 'CLI credential file' }))).toContain('Where the local CLI keeps its sign-in');

  // An address with a section opens the page there.
  await page.goto(`${ui.server.url}/#/settings/provider-logins`);
  await page.reload();
  await logins.getByRole('group', { name: 'Provider A (Anthropic-style) sign-in' }).waitFor();
  await expect.poll(() => topInView(logins), poll).toBe(true);
  await expect.poll(() => index().getByRole('link', { name: 'Provider logins' }).getAttribute('aria-current'), poll).toBe('location');

  expect(await accessibilityViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await accessibilityViolations(page), 'dark').toEqual([]);
  await ui.screenshot('settings-sections-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

it('keeps the operator’s name and time zone across a reload', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ui.server.url}/#/settings/operator`);
  const you = section('operator');
  const name = you.getByRole('textbox', { name: 'Your name' });
  const zone = you.getByRole('combobox', { name: 'Time zone' });
  await name.waitFor();
  expect(await zone.inputValue()).toBe('UTC');
  expect(await descriptionOf(zone)).toContain('Schedules, Dream cycles, the memory curator and the archive calendar follow it');

  await name.fill('Grace Hopper');
  await zone.selectOption('Europe/Berlin');
  await you.getByRole('button', { name: 'Save name and time zone' }).click();
  await you.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  expect((await api('GET', '/api/settings/timezone')).body.timezone).toBe('Europe/Berlin');
  expect((await api('GET', '/api/settings/identities')).body.identities.operator.name).toBe('Grace Hopper');

  await page.reload();
  await expect.poll(() => zone.inputValue(), poll).toBe('Europe/Berlin');
  expect(await name.inputValue()).toBe('Grace Hopper');

  // Nobody signs in on this server: the header says so.
  await page.getByRole('banner').getByRole('link', { name: 'No sign-in (local mode)' }).waitFor();

  await page.evaluate(() => window.scrollTo(0, 0));
  await ui.screenshot('settings-sections', { narrow: true });

  // On a phone the index is a select that jumps as well.
  await page.setViewportSize({ width: 390, height: 844 });
  const jump = index().getByRole('combobox', { name: 'Jump to' });
  await jump.selectOption({ label: 'API tokens' });
  await expect.poll(() => topInView(section('api-tokens')), poll).toBe(true);
  expect(new URL(page.url()).hash).toBe('#/settings/api-tokens');
  expect(await accessibilityViolations(page), 'phone').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
});

it('shows the Basic user in the header, asks before turning sign-in off, and signs out to the password challenge', async () => {
  const password = 'correct-horse-battery';
  expect((await api('PUT', '/api/settings/ui-auth', { mode: 'basic', basic: { username: 'admin', password } })).status).toBe(200);
  // Signed in as a browser is once it gave the password: with the session cookie the server answered.
  const login = await fetch(`${ui.server.url}/api/auth/validate`, { headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` } });
  expect(login.status).toBe(200);
  const session = /hc_basic_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  expect(session).toBeDefined();
  await page.context().addCookies([{ name: 'hc_basic_session', value: session!, url: ui.server.url, httpOnly: true, sameSite: 'Lax' }]);

  // A load of its own (not a change of the address on the page already open): the session is read again.
  await page.goto(`${ui.server.url}/#/settings/sign-in`);
  await page.reload();
  const header = page.getByRole('banner');
  await header.getByText('Signed in as').waitFor();
  expect(await header.locator('[data-signed-in]').getAttribute('data-signed-in')).toBe('admin');
  const signOut = header.getByRole('button', { name: 'Sign out' });
  await signOut.waitFor();

  // Turning sign-in off is asked first, as a destructive action; declined, nothing changes.
  const signIn = section('sign-in');
  await signIn.getByRole('radio', { name: 'Basic', exact: true }).waitFor();
  await expect.poll(() => signIn.getByRole('radio', { name: 'Basic', exact: true }).isChecked(), poll).toBe(true);
  await signIn.getByRole('radio', { name: 'None', exact: true }).check();
  await signIn.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.locator('[data-confirm]').getAttribute('class')).toContain('destructive');
  expect(await answerConfirmation(page, false)).toContain('Turn off sign-in? Anyone who can reach this server will be able to operate it');
  await signIn.getByRole('button', { name: 'Reset', exact: true }).click();
  expect(await header.locator('[data-signed-in]').getAttribute('data-signed-in')).toBe('admin');

  await page.evaluate(() => window.scrollTo(0, 0));
  await ui.screenshot('settings-signed-in', { narrow: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  // Sign out: the session ends and the page asks for the password again (the browser's prompt).
  const reloaded = page.waitForResponse((response) => response.request().isNavigationRequest());
  await signOut.click();
  const answer = await reloaded;
  expect(answer.status()).toBe(401);
  expect(answer.headers()['www-authenticate']).toMatch(/^Basic realm="svc"/);
  // The session itself ended: whatever cookie the browser still holds (a response in flight at
  // sign-out may set a refreshed one after the sign-out cleared it) no longer signs in.
  const who = await page.context().request.get(`${ui.server.url}/api/auth/session`);
  expect(await who.json()).toMatchObject({ mode: 'basic', authenticated: false });
  expect((await page.context().request.get(`${ui.server.url}/api/status`)).status()).toBe(401);
});
