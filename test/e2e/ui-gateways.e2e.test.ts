/**
 * The Gateways view in a real browser against the real server process and the real svc-gateway
 * program over TLS on loopback: a new gateway shows up as a pending pairing with the fingerprint
 * the gateway printed, the operator approves it, runs a command and reads its output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '../../kernel/config.js';
import { freePort, GatewayProcess, makeTls, type TlsFiles } from '../../system-mods/exec-gateway/test/kit.js';
import { collectPageFaults, launchChromium, requireBuiltUi, type Browser } from './browser.js';
import { startServer, type ServerProcess } from './server-process.js';

let server: ServerProcess | undefined;
let browser: Browser | undefined;
let gateway: GatewayProcess | undefined;
let tlsFiles: TlsFiles | undefined;
let page: Page;
const pageErrors: string[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-ui-gw-'));
const base = '/api/mods/exec-gateway';

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server!.url}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  requireBuiltUi(projectRoot);
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  page = await browser.context.newPage();
  collectPageFaults(page, pageErrors);
  page.on('dialog', (dialog) => void dialog.accept());
  tlsFiles = makeTls();
  const port = await freePort();
  expect((await api('PUT', `${base}/controller/tls`, { key: tlsFiles.key, cert: tlsFiles.cert })).status).toBe(200);
  expect((await api('PUT', `${base}/controller`, { enabled: true, host: '127.0.0.1', port })).body.controller.listening).toBe(true);
  gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'ui-gw', dir: path.join(tmp, 'gw') });
});

afterAll(async () => {
  await gateway?.stop();
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
  if (tlsFiles) rmSync(tlsFiles.dir, { recursive: true, force: true });
});

it('approves a pending pairing by its fingerprint and runs a command', async () => {
  const key = await gateway!.next('key');
  await gateway!.next('pending');
  await page.goto(`${server!.url}/#/gateways`);
  await page.getByRole('heading', { name: 'Gateways', level: 1 }).waitFor();
  const row = page.locator('[data-pairing="ui-gw"]');
  await row.waitFor();
  expect(await row.textContent()).toContain(String(key.fingerprint));
  const mark = gateway!.mark();
  await row.getByRole('button', { name: 'Approve' }).click();
  await gateway!.next('authenticated', {}, mark);
  await page.locator('[data-gateway="ui-gw"]', { hasText: 'connected' }).waitFor();
  expect(await page.locator('[data-pairing="ui-gw"]').count()).toBe(0);

  await page.getByLabel('Gateway', { exact: true }).selectOption('ui-gw');
  await page.getByLabel('Command', { exact: true }).fill('echo hello from the browser');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.locator('[data-output]', { hasText: 'hello from the browser' }).waitFor({ timeout: 20_000 });
  await page.locator('[data-state="completed"]').first().waitFor();

  const ops = (await api('GET', `${base}/operations?gatewayId=ui-gw`)).body.operations;
  expect(ops[0]).toMatchObject({ state: 'completed', exitCode: 0, stdout: 'hello from the browser\n' });
  expect(pageErrors).toEqual([]);
});
