/**
 * Shared set-up of the browser suites (`test/e2e/ui*.e2e.test.ts`): the real server process,
 * headless Chromium with one page, the page's faults, a JSON helper for the server's API and,
 * when asked, the fake OpenAI-compatible model server with a connection, agents and their model
 * selection. A suite calls `uiSuite(...)` once at its top level; the kit registers the hooks.
 *
 * Faults are checked the same way in every suite: after each test the page must have had no
 * uncaught error and no console error (see `collectPageFaults`), whether or not the test
 * checked them itself. The list is emptied after each test, so a fault is blamed on the test
 * it happened in.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { collectPageFaults, DEFAULT_VIEWPORT, launchChromium, requireBuiltUi, type Browser } from '../e2e/browser.js';
import { startServer, type ServerProcess } from '../e2e/server-process.js';
import { chatChunk, sseData, startFakeOpenAi, type FakeOpenAi, type ScriptedAnswer } from '../peers/fake-openai.js';
export { until } from './until.js';

export type ServerOptions = NonNullable<Parameters<typeof startServer>[0]>;

export interface UiSuiteOptions {
  /**
   * Options of the server processes, or a function giving them once the fake model server is
   * up (for variables that point the server at it or at a peer the suite starts there).
   */
  server?: ServerOptions | ((context: { fake?: FakeOpenAi }) => ServerOptions | Promise<ServerOptions>);
  /** Server processes to start, all with the same options (`ui.servers`); default 1. */
  servers?: number;
  /** Start the fake OpenAI-compatible server (`ui.fake`) without a connection to it. */
  fake?: boolean;
  /** Agents to create, in order; each named by its id with a capital first letter. */
  agents?: string[];
  /**
   * A model connection `openai` → the fake server (started for it), and the model selection
   * `gpt-test` of `agents` (default: every agent in `agents`).
   */
  model?: true | { models?: Array<Record<string, unknown>>; agents?: string[] };
}

export interface ApiAnswer {
  status: number;
  body: any;
}

export type Api = (method: string, url: string, body?: unknown) => Promise<ApiAnswer>;

export interface UiSuite {
  /** The page; usable from the suite's top level, it stands for the one opened in `beforeAll`. */
  page: Page;
  /** JSON request to the (first) server; an empty body reads as `undefined`. */
  api: Api;
  /** The (first) server process. */
  readonly server: ServerProcess;
  readonly servers: ServerProcess[];
  readonly browser: Browser;
  /** The fake model server (with `fake` or `model`). */
  readonly fake: FakeOpenAi;
  /** The connection made by `model`. */
  readonly connectionId: string;
  /** Faults of the page in the current test. */
  readonly faults: string[];
  expectNoPageErrors(): void;
  /**
   * With `SVC_TEST_SCREENSHOTS=1`, saves the whole page as `test-output/<name>.png` for people to look at (it asserts nothing);
   * with `narrow`, at the default width and again as `<name>-narrow.png` at a phone's width.
   */
  screenshot(name: string, options?: { narrow?: boolean }): Promise<void>;
  /** With `SVC_TEST_SCREENSHOTS=1`, saves one element as `test-output/<name>.png`. */
  screenshotOf(element: Locator, name: string): Promise<void>;
  /** Runs `close` at the end of the suite, before the browser and the servers stop (last added first). */
  defer(close: () => unknown): void;
}

/** A JSON helper bound to one server. */
export function apiOf(server: () => { url: string }): Api {
  return async (method, url, body) => {
    const res = await fetch(`${server().url}${url}`, {
      method,
      headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  };
}

/**
 * Answers the console's confirmation dialog (`confirmAction` in the UI): waits for it, then
 * chooses its action (`accept`) or Cancel. Answers what it asked: its title, then its message.
 */
export async function answerConfirmation(page: Page, accept = true): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const title = await dialog.locator('#confirm-title').innerText();
  const message = (await dialog.locator('#confirm-message').count()) > 0 ? await dialog.locator('#confirm-message').innerText() : '';
  await (accept ? dialog.locator('[data-confirm]') : dialog.getByRole('button', { name: 'Cancel' })).click();
  await dialog.waitFor({ state: 'hidden' });
  return message ? `${title} ${message}` : title;
}

/** The header's navigation. */
export const navigation = (page: Page) => page.getByRole('navigation', { name: 'Views' });

/** The titles of every page the navigation lists, inside closed menus too. */
export const navTitles = (page: Page) =>
  navigation(page)
    .locator('a')
    .evaluateAll((links) => links.map((a) => (a.firstChild?.textContent ?? '').trim()));

/** Follows the navigation to a page by its title, opening its group's menu first when it is in one. */
export async function navigateTo(page: Page, title: string): Promise<void> {
  const link = navigation(page).getByRole('link', { name: title, exact: true });
  await navigation(page)
    .locator('a')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .first()
    .waitFor({ state: 'attached' });
  const group = navigation(page)
    .locator('li.group')
    .filter({ has: page.locator('a', { hasText: new RegExp(`^${title}$`) }) });
  // A menu the previous navigation left open may still be closing: open it again until the link shows.
  for (let attempt = 1; ; attempt += 1) {
    if (!(await link.isVisible())) await group.locator('> button').click();
    try {
      await link.click({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** A streamed text answer of the fake model: the pieces as deltas, then stop. */
export function modelAnswer(...pieces: string[]): ScriptedAnswer {
  return {
    events: [...pieces.map((p, i) => sseData(chatChunk(i === 0 ? { role: 'assistant', content: p } : { content: p }))), sseData(chatChunk({}, 'stop')), sseData('[DONE]')],
  };
}

const OUTPUT_DIR = path.join(projectRoot, 'test-output');
const NARROW = { width: 390, height: 844 };

const capitalised = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** A stand-in for the page that exists only from `beforeAll` on. */
function lazyPage(current: () => Page | undefined): Page {
  return new Proxy({} as Page, {
    get(_target, property) {
      const page = current();
      if (!page) throw new Error(`ui.page.${String(property)} used before the suite's beforeAll opened the page`);
      const value = Reflect.get(page, property, page);
      return typeof value === 'function' ? value.bind(page) : value;
    },
  });
}

export function uiSuite(options: UiSuiteOptions = {}): UiSuite {
  let servers: ServerProcess[] = [];
  let browser: Browser | undefined;
  let fake: FakeOpenAi | undefined;
  let page: Page | undefined;
  let connectionId: string | undefined;
  const faults: string[] = [];
  const deferred: Array<() => unknown> = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`ui.${what} is not there: ${what === 'fake' ? 'pass fake or model to uiSuite' : 'used before beforeAll'}`);
    return value;
  };
  const api = apiOf(() => need(servers[0], 'server'));

  beforeAll(async () => {
    requireBuiltUi(projectRoot);
    const wantsFake = options.fake === true || options.model !== undefined;
    // The fake first: the server's options may name it.
    const startingFake = wantsFake ? startFakeOpenAi() : undefined;
    const startingBrowser = launchChromium();
    // Kept, so a failed start below still closes what did start.
    startingBrowser.then((b) => (browser = b)).catch(() => undefined);
    fake = await startingFake;
    const serverOptions = typeof options.server === 'function' ? await options.server({ fake }) : options.server;
    // Settled, not all: a server that started beside one that failed is still stopped in afterAll.
    const started = await Promise.allSettled(Array.from({ length: options.servers ?? 1 }, () => startServer({ fromTemplate: true, ...serverOptions })));
    servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    browser = await startingBrowser;
    page = await browser.context.newPage();
    collectPageFaults(page, faults);

    for (const id of options.agents ?? []) expect((await api('POST', '/api/agents', { id, name: capitalised(id) })).status).toBe(201);
    if (options.model !== undefined) {
      const model = options.model === true ? {} : options.model;
      const models = model.models ?? [{ id: 'gpt-test', enabled: true }];
      const connection = await api('POST', '/api/settings/model-connections', { provider: 'openai', apiType: 'openai-chat', baseUrl: fake!.baseUrl, models });
      expect(connection.status).toBe(201);
      connectionId = connection.body.connection.id as string;
      for (const id of model.agents ?? options.agents ?? []) {
        expect((await api('PUT', `/api/agents/${id}/model-selection`, { connectionId, model: 'gpt-test' })).status).toBe(200);
      }
    }
  });

  afterEach(() => {
    const seen = faults.splice(0);
    expect(seen, 'faults of the page during this test').toEqual([]);
  });

  afterAll(async () => {
    // Every step runs even when one before it failed: nothing is left running after the suite.
    const errors: unknown[] = [];
    const attempt = async (step: () => unknown) => {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    };
    for (const close of deferred.reverse()) await attempt(close);
    await attempt(() => browser?.close());
    await attempt(() => Promise.all(servers.map((server) => server.stop())));
    await attempt(() => fake?.close());
    if (errors.length > 0) throw errors[0];
  });

  return {
    page: lazyPage(() => page),
    api,
    get server() {
      return need(servers[0], 'server');
    },
    get servers() {
      return servers;
    },
    get browser() {
      return need(browser, 'browser');
    },
    get fake() {
      return need(fake, 'fake');
    },
    get connectionId() {
      return need(connectionId, 'connectionId');
    },
    faults,
    expectNoPageErrors() {
      expect(faults).toEqual([]);
    },
    async screenshot(name, { narrow = false } = {}) {
      // Pictures for a person to look at, not checks: taken when asked for (each costs the
      // browser a second or more of CPU, eighty of them a run).
      if (process.env.SVC_TEST_SCREENSHOTS !== '1') return;
      const shown = need(page, 'page');
      mkdirSync(OUTPUT_DIR, { recursive: true });
      // A whole-page picture of a scrolled page draws a sticky element (the Settings index on a
      // phone) where the window was, leaving a blank band at the top: take it from the top.
      const fromTop = () => shown.evaluate(() => window.scrollTo(0, 0));
      if (narrow) await shown.setViewportSize(DEFAULT_VIEWPORT);
      await fromTop();
      await shown.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), fullPage: true });
      if (!narrow) return;
      await shown.setViewportSize(NARROW);
      await fromTop();
      await shown.screenshot({ path: path.join(OUTPUT_DIR, `${name}-narrow.png`), fullPage: true });
      await shown.setViewportSize(DEFAULT_VIEWPORT);
    },
    async screenshotOf(element, name) {
      if (process.env.SVC_TEST_SCREENSHOTS !== '1') return;
      mkdirSync(OUTPUT_DIR, { recursive: true });
      await element.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`) });
    },
    defer(close) {
      deferred.push(close);
    },
  };
}
