/**
 * The Gateways view in a real browser against the real server process and the real svc-gateway
 * program over TLS on loopback: a new gateway shows up as a pending pairing with the fingerprint
 * the gateway printed, the operator approves it, runs a command and reads its output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { freePort, GatewayProcess, makeTls } from '../../system-mods/exec-gateway/test/kit.js';
import { uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite();
const { page, api } = ui;
let gateway: GatewayProcess;
const base = '/api/mods/exec-gateway';

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-ui-gw-'));
  ui.defer(() => rmSync(tmp, { recursive: true, force: true }));
  const tlsFiles = makeTls();
  ui.defer(() => rmSync(tlsFiles.dir, { recursive: true, force: true }));
  const port = await freePort();
  expect((await api('PUT', `${base}/controller/tls`, { key: tlsFiles.key, cert: tlsFiles.cert })).status).toBe(200);
  expect((await api('PUT', `${base}/controller`, { enabled: true, host: '127.0.0.1', port })).body.controller.listening).toBe(true);
  gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'ui-gw', dir: path.join(tmp, 'gw') });
  ui.defer(() => gateway.stop());
});

it('approves a pending pairing by its fingerprint and runs a command', async () => {
  const key = await gateway.next('key');
  await gateway.next('pending');
  await page.goto(`${ui.server.url}/#/gateways`);
  await page.getByRole('heading', { name: 'Gateways', level: 1 }).waitFor();
  const row = page.locator('[data-pairing="ui-gw"]');
  await row.waitFor();
  expect(await row.textContent()).toContain(String(key.fingerprint));
  const mark = gateway.mark();
  await row.getByRole('button', { name: 'Approve' }).click();
  await gateway.next('authenticated', {}, mark);
  await page.locator('[data-gateway="ui-gw"]', { hasText: 'connected' }).waitFor();
  expect(await page.locator('[data-pairing="ui-gw"]').count()).toBe(0);

  await page.getByLabel('Gateway', { exact: true }).selectOption('ui-gw');
  await page.getByLabel('Command', { exact: true }).fill('echo hello from the browser');
  await page.getByRole('button', { name: 'Run' }).click();
  await page.locator('[data-output]', { hasText: 'hello from the browser' }).waitFor({ timeout: 20_000 });
  await page.locator('[data-state="completed"]').first().waitFor();

  const ops = (await api('GET', `${base}/operations?gatewayId=ui-gw`)).body.operations;
  expect(ops[0]).toMatchObject({ state: 'completed', exitCode: 0, stdout: 'hello from the browser\n' });
  ui.expectNoPageErrors();
});
