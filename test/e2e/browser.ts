/**
 * Headless Chromium for end-to-end UI tests: the machine's Debian `chromium` (never a
 * downloaded browser) driven by playwright-core, one per test process, a fresh context per suite.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, offline, deterministic: no GPU, no QUIC, no background fetches of any kind. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The window a page opens with; the screenshots' default width. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * Chromium of this test process, launched at the first suite that asks and kept for the next
 * ones (a launch costs about 3.5 s of CPU; the browser suites run a worker per core). Playwright
 * ends it when the process exits. A browser that crashed or was closed is launched again.
 */
let shared: Promise<PlaywrightBrowser> | undefined;
async function sharedChromium(): Promise<PlaywrightBrowser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS, timeout: 60_000 });
  const launching = shared;
  try {
    const browser = await launching;
    if (browser.isConnected()) return browser;
  } catch (error) {
    if (shared === launching) shared = undefined;
    throw error;
  }
  if (shared === launching) shared = undefined;
  return sharedChromium();
}

/** A browser context of its own (cookies, storage, permissions, offline state) in the process's Chromium. */
export async function launchChromium(options: { viewport?: { width: number; height: number } } = {}): Promise<Browser> {
  const context = await (await sharedChromium()).newContext({ viewport: options.viewport ?? DEFAULT_VIEWPORT });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}

/**
 * Collects the page's faults into `into`: uncaught errors and console errors. A refusal the UI
 * shows (a 4xx/5xx answer) is logged by the browser as "Failed to load resource" and is not one.
 */
export function collectPageFaults(page: Page, into: string[]): void {
  page.on('pageerror', (error) => into.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) into.push(message.text());
  });
}

/** Fails fast with the fix when the UI was not built. */
export function requireBuiltUi(projectRoot: string): void {
  if (!existsSync(path.join(projectRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build:web` (npm ci runs it through the prepare script)');
  }
}

/** What an automated accessibility check found: rule, impact, help and the elements, one line each. */
export interface AccessibilityViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let axeSource: string | undefined;

/**
 * Runs axe-core (the standard automated WCAG checker) in the page against WCAG 2.0–2.2 A and AA
 * rules and answers the violations of at least `minImpact` (default `serious`: serious and
 * critical). The script goes in through the debugging protocol, so the page's own
 * Content-Security-Policy stays as strict as it is for operators.
 */
export async function accessibilityViolations(page: Page, options: { minImpact?: 'minor' | 'moderate' | 'serious' | 'critical'; exclude?: string[] } = {}): Promise<AccessibilityViolation[]> {
  // Once per document: a hash navigation keeps the page's scripts, axe's half megabyte included.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(`${axeSource}\n;undefined`);
  }
  const context = options.exclude?.length ? JSON.stringify({ exclude: options.exclude.map((selector) => [selector]) }) : 'document';
  const rules = JSON.stringify({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
  const found = (await page.evaluate(
    `axe.run(${context}, ${rules}).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  )) as AccessibilityViolation[];
  const order = ['minor', 'moderate', 'serious', 'critical'];
  const floor = order.indexOf(options.minImpact ?? 'serious');
  return found.filter((v) => order.indexOf(v.impact ?? 'minor') >= floor);
}
