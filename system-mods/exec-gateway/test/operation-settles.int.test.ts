/**
 * An operation always settles, with the real svc-gateway program over TLS on loopback: output
 * holding NUL (which PostgreSQL text cannot hold) is stored with each NUL replaced by U+FFFD and
 * the operation completes, a `wait` dispatch included; when the database refuses a write of the
 * output or of the exit (a constraint the test adds), the operation settles as `failed` with the
 * reason, and a process that still ran is cancelled on the gateway. (A request body holding NUL
 * never reaches the mod: the HTTP edge refuses it; `process-tool.int.test.ts` covers the tool.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { freePort, GatewayProcess, makeTls, until, type TlsFiles } from './kit.js';

const base = '/api/mods/exec-gateway';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-gw-settle-'));
let t: TestKernel;
let tlsFiles: TlsFiles;
let gateway: GatewayProcess;

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'settings', 'agents', 'exec-gateway'], config: { dataDir: path.join(tmp, 'data') } });
  tlsFiles = makeTls();
  const port = await freePort();
  expect((await t.request(json('PUT', `${base}/controller/tls`, { key: tlsFiles.key, cert: tlsFiles.cert }))).status).toBe(200);
  expect((await t.request(json('PUT', `${base}/controller`, { enabled: true, host: '127.0.0.1', port }))).body.controller.listening).toBe(true);
  gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'settle-gw', dir: path.join(tmp, 'gw') });
  const { fingerprint } = await gateway.next('key');
  await gateway.next('pending');
  expect((await t.request(json('POST', `${base}/pairings/settle-gw/approve`, { fingerprint }))).status).toBe(200);
  await gateway.next('authenticated');
});

afterAll(async () => {
  await gateway?.stop();
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
  if (tlsFiles) rmSync(tlsFiles.dir, { recursive: true, force: true });
});

const run = (body: Record<string, unknown>) => t.request(json('POST', `${base}/gateways/settle-gw/processes`, body));
const operation = async (operationId: string) =>
  ((await t.request(`${base}/operations?gatewayId=settle-gw&limit=256`)).body.operations as Array<{ operationId: string; state: string; [k: string]: unknown }>).find((o) => o.operationId === operationId);
const settled = (operationId: string) =>
  until(
    () => operation(operationId),
    (o) => o !== undefined && o.state !== 'running' && o.state !== 'dispatched',
  );
const knex = () => t.kernel.database.knex;

describe('output with NUL', () => {
  it('is stored with each NUL replaced by U+FFFD and the operation completes', async () => {
    const res = await run({ operationId: 'nul-1', command: "printf 'a\\000b\\n'; printf 'err\\000\\n' >&2" });
    expect(res.body.dispatch.accepted).toBe(true);
    const op = await settled('nul-1');
    expect(op).toMatchObject({ state: 'completed', exitCode: 0, stdout: 'a\uFFFDb\n', stderr: 'err\uFFFD\n', error: null });
  });

  it('answers a dispatch that waits for the exit', async () => {
    const res = await run({ operationId: 'nul-wait', command: "printf '\\000\\000done\\n'", wait: true });
    expect(res.status).toBe(200);
    expect(res.body.dispatch.response).toMatchObject({ state: 'completed', exitCode: 0, stdout: '\uFFFD\uFFFDdone\n' });
  });
});

describe('a write the database refuses', () => {
  it('settles the operation as failed when its output cannot be stored, and cancels the process', async () => {
    await knex().raw(`alter table exec_gateway_operations add constraint test_refuses_poison check (position('poison' in stdout) = 0)`);
    try {
      const mark = gateway.mark();
      const res = await run({ operationId: 'poisoned-output', command: 'echo poison; sleep 300' });
      expect(res.body.dispatch.accepted).toBe(true);
      const op = await settled('poisoned-output');
      expect(op).toMatchObject({ state: 'failed', exitCode: null, stdout: '', cancelRequested: true });
      expect(op!.error).toMatch(/^the controller could not store the output of this operation \(.+\); the process was cancelled$/);
      expect(op!.error).toContain('test_refuses_poison');
      // The gateway was told to stop it, and its exit does not change the settled state.
      expect(await gateway.next('cancel', { operationId: 'poisoned-output' }, mark)).toMatchObject({ found: true });
      await gateway.next('exited', { operationId: 'poisoned-output' }, mark);
      expect(await operation('poisoned-output')).toMatchObject({ state: 'failed', error: op!.error });
    } finally {
      await knex().raw('alter table exec_gateway_operations drop constraint test_refuses_poison');
    }
  });

  it('settles the operation as failed when its exit cannot be stored, releasing a waiting dispatch', async () => {
    await knex().raw('alter table exec_gateway_operations add constraint test_refuses_exit_7 check (exit_code is null or exit_code <> 7)');
    try {
      const res = await run({ operationId: 'exit-7', command: 'echo before; exit 7', wait: true });
      expect(res.status).toBe(200);
      expect(res.body.dispatch.response).toMatchObject({ state: 'failed', exitCode: null, cancelRequested: false });
      expect(res.body.dispatch.response.error).toMatch(/^the controller could not store the result of this operation \(.*test_refuses_exit_7.*\)$/);
      expect(await operation('exit-7')).toMatchObject({ state: 'failed' });
    } finally {
      await knex().raw('alter table exec_gateway_operations drop constraint test_refuses_exit_7');
    }
  });
});
