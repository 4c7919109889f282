/**
 * The controller and the real svc-gateway program over TLS on loopback: pairing by Ed25519 key,
 * approval, processes with streamed output, cancel of a process tree, idempotent operation ids,
 * revocation, replayed and stale handshakes, and a controller restart mid-operation. No key,
 * certificate or secret in any answer or log line. Runs on PGlite and on PostgreSQL.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, testDatabase, type TestKernel } from '../../../sdk/testing/index.js';

type DatabaseOptions = Awaited<ReturnType<typeof testDatabase>>;
import { json } from '../../../test/helpers.js';
import { authPayload, fingerprintOf, rawPublicKey } from '../gateway/protocol.js';
import { freePort, GatewayProcess, makeTls, RawClient, until, type TlsFiles } from './kit.js';

const MODS = ['health', 'settings', 'agents', 'exec-gateway'];
const base = '/api/mods/exec-gateway';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-gw-'));
const logs: string[] = [];
let t: TestKernel;
let tlsFiles: TlsFiles;
let port: number;
let gateway: GatewayProcess;
let database: DatabaseOptions;
function expectNoSecrets(text: string, files: TlsFiles, extra: string[] = []) {
  const body = (pem: string) =>
    pem
      .split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('');
  for (const secret of [body(files.key).slice(0, 40), body(files.cert).slice(0, 40), 'PRIVATE KEY', 'BEGIN CERTIFICATE', ...extra]) {
    expect(text).not.toContain(secret);
  }
}

const HMAC_SECRET = 'hmac-secret-value-SHOULD-NEVER-LEAK-42';

async function boot(): Promise<TestKernel> {
  return startTestKernel({ mods: MODS, database, config: { dataDir: path.join(tmp, 'data') }, logs: { level: 'debug', line: (text) => logs.push(text) } });
}

beforeAll(async () => {
  const template = process.env.SVC_TEST_PGLITE_TEMPLATE;
  const first = await testDatabase();
  database = first.driver === 'pglite' ? { driver: 'pglite', dataDir: path.join(tmp, 'pglite'), loadDataDir: template ? new Blob([readFileSync(template)]) : undefined } : first;
  t = await boot();
  if (database.driver === 'pglite') database = { driver: 'pglite', dataDir: database.dataDir };
  tlsFiles = makeTls();
  port = await freePort();
});

afterAll(async () => {
  if (process.env.GW_DEBUG)
    console.log(
      JSON.stringify(gateway?.events),
      gateway?.stderr.join(''),
      logs
        .filter((l) => l.includes('exec-gateway'))
        .slice(-30)
        .join('\n'),
    );
  await gateway?.stop();
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
  if (tlsFiles) rmSync(tlsFiles.dir, { recursive: true, force: true });
});

const get = (p: string) => t.request(`${base}${p}`);
const send = (method: string, p: string, body?: unknown) => t.request(json(method, `${base}${p}`, body ?? {}));
const operation = async (gatewayId: string, operationId: string) =>
  ((await get(`/operations?gatewayId=${gatewayId}&limit=256`)).body.operations as Array<{ operationId: string; state: string; [k: string]: unknown }>).find((o) => o.operationId === operationId);

describe('controller', () => {
  it('starts with the defaults and no TLS', async () => {
    const res = await get('/controller');
    expect(res.status).toBe(200);
    expect(res.body.controller).toMatchObject({ enabled: false, host: '127.0.0.1', port: 7443, listening: false, tls: { configured: false } });
  });

  it('refuses TLS material that does not parse or whose key does not match', async () => {
    expect((await send('PUT', '/controller/tls', { key: 'x', cert: 'y' })).body.error).toBe('gateway_tls_invalid');
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect((await send('PUT', '/controller/tls', { key: other, cert: tlsFiles.cert })).body.error).toBe('gateway_tls_invalid');
    expect((await send('PUT', '/controller/tls', { key: tlsFiles.key })).body.error).toBe('gateway_request_invalid');
  });

  it('stores TLS write-only and listens once enabled', async () => {
    const put = await send('PUT', '/controller/tls', { key: tlsFiles.key, cert: tlsFiles.cert, ca: tlsFiles.ca });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ok: true, restartRequired: true, tls: { configured: true, hasCa: true } });
    const enabled = await send('PUT', '/controller', { enabled: true, host: '127.0.0.1', port });
    expect(enabled.body).toMatchObject({ ok: true, restartRequired: true, controller: { enabled: true, port, listening: true } });
    const res = await get('/controller');
    expect(res.body.controller.tls.cert.fingerprint256).toMatch(/^[0-9A-F:]+$/);
    expect(res.body.controller.tls.cert.subjectAltName).toContain('127.0.0.1');
    expectNoSecrets(JSON.stringify(res.body) + JSON.stringify(put.body), tlsFiles);
  });

  it('takes enabled only as the literal true, and bounds host and port', async () => {
    expect((await send('PUT', '/controller', { enabled: 'true', host: '127.0.0.1', port })).body.controller).toMatchObject({ enabled: false, listening: false });
    for (const body of [
      { enabled: true, port: 0 },
      { enabled: true, port: 65536 },
      { enabled: true, port: 1.5 },
      { enabled: true, host: '' },
      { enabled: true, host: 'h'.repeat(256) },
      { enabled: true, extra: 1 },
    ]) {
      const res = await send('PUT', '/controller', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await send('PUT', '/controller', { enabled: true, host: '127.0.0.1', port })).body.controller.listening).toBe(true);
  });
});

describe('pairing and processes', () => {
  it('lists a new gateway as pending with its fingerprint and handshake transcript', async () => {
    gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'build-1', dir: path.join(tmp, 'gw1') });
    const key = await gateway.next('key');
    await gateway.next('pending');
    expect(statSync(gateway.keyFile).mode & 0o777).toBe(0o600);
    const pairings = (await get('/pairings')).body.pairings;
    expect(pairings).toHaveLength(1);
    expect(pairings[0]).toMatchObject({ gatewayId: 'build-1', status: 'pending', method: 'ed25519', fingerprint: key.fingerprint, connection: 'pending', implementation: 'svc-gateway' });
    expect(pairings[0].transcript).toMatchObject({ signatureVerified: true, hello: { gatewayId: 'build-1', fingerprint: key.fingerprint, method: 'ed25519' } });
    expect(pairings[0].transcript.challenge.nonce).toEqual(expect.any(String));
    // Nothing runs before approval.
    expect((await send('POST', '/gateways/build-1/processes', { operationId: 'early', command: 'echo hi' })).status).toBe(503);
  });

  it('approves the pairing: the waiting connection goes live', async () => {
    const mark = gateway.mark();
    const res = await send('POST', '/pairings/build-1/approve');
    expect(res.body).toMatchObject({ ok: true, pairing: { gatewayId: 'build-1', status: 'approved' } });
    await gateway.next('authenticated', {}, mark);
    const gateways = (await get('/gateways')).body.gateways;
    expect(gateways[0]).toMatchObject({ gatewayId: 'build-1', connected: true, connection: 'connected', implementation: 'svc-gateway', version: '1.0.0', method: 'ed25519', status: 'approved' });
    expect(gateways[0].lastSeenAt).toEqual(expect.any(String));
    expect((await send('POST', '/pairings/build-1/approve')).body.error).toBe('gateway_pairing_not_pending');
    expect((await send('POST', '/pairings/nobody/approve')).body.error).toBe('gateway_pairing_not_found');
  });

  it('runs echo and returns its output and exit code', async () => {
    const res = await send('POST', '/gateways/build-1/processes', { operationId: 'Echo-1', command: 'echo hello from the gateway; echo oops >&2', wait: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, operationId: 'echo-1', dispatch: { accepted: true, replayed: false, response: { state: 'completed', exitCode: 0 } } });
    expect(res.body.dispatch.response.stdout).toBe('hello from the gateway\n');
    expect(res.body.dispatch.response.stderr).toBe('oops\n');
    expect(res.body.dispatch.events).toEqual(expect.arrayContaining([{ stream: 'stdout', data: 'hello from the gateway\n' }]));
    const listed = await operation('build-1', 'echo-1');
    expect(listed).toMatchObject({ state: 'completed', exitCode: 0, stdout: 'hello from the gateway\n', stdoutBytes: 23 });
  });

  it('runs an executable with args in a directory inside the workdir', async () => {
    writeFileSync(path.join(gateway.workdir, 'marker.txt'), 'x');
    const res = await send('POST', '/gateways/build-1/processes', { operationId: 'ls-1', executable: 'ls', args: ['-1'], cwd: '/', wait: true });
    expect(res.body.dispatch.response).toMatchObject({ state: 'completed', stdout: 'marker.txt\n' });
    const failed = await send('POST', '/gateways/build-1/processes', { operationId: 'exit-3', command: 'exit 3', wait: true });
    expect(failed.body.dispatch.response).toMatchObject({ state: 'failed', exitCode: 3 });
  });

  it('refuses a working directory outside the workdir', async () => {
    const res = await send('POST', '/gateways/build-1/processes', { operationId: 'escape', command: 'pwd', cwd: '../..' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('gateway_dispatch_failed');
    expect(await operation('build-1', 'escape')).toMatchObject({ state: 'failed' });
  });

  it('answers a replayed operation id with the record and never runs it twice', async () => {
    const file = path.join(gateway.workdir, 'count.txt');
    const body = { operationId: 'append-once', command: 'echo x >> count.txt', wait: true };
    const first = await send('POST', '/gateways/build-1/processes', body);
    expect(first.body.dispatch.response.state).toBe('completed');
    const again = await send('POST', '/gateways/build-1/processes', { ...body, operationId: 'APPEND-ONCE' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, operationId: 'append-once', dispatch: { replayed: true, response: { state: 'completed' } } });
    expect(readFileSync(file, 'utf8')).toBe('x\n');
    expect((await send('POST', '/gateways/build-1/processes', { ...body, command: 'echo y >> count.txt' })).body.error).toBe('gateway_operation_conflict');
  });

  it('cancels a running sleep: the whole process group goes', async () => {
    const mark = gateway.mark();
    const res = await send('POST', '/gateways/build-1/processes', { operationId: 'sleeper', command: 'sleep 300 & echo $! > bg.pid; sleep 301; echo never' });
    expect(res.body.dispatch).toMatchObject({ accepted: true, response: { state: 'running' } });
    await gateway.next('started', { operationId: 'sleeper' }, mark);
    const bgPid = Number(
      (
        await until(
          async () => (existsSync(path.join(gateway.workdir, 'bg.pid')) ? readFileSync(path.join(gateway.workdir, 'bg.pid'), 'utf8') : ''),
          (text) => text.endsWith('\n'),
        )
      ).trim(),
    );
    const cancel = await send('POST', '/gateways/build-1/operations/sleeper/cancel');
    expect(cancel.body).toMatchObject({ ok: true, operationId: 'sleeper', dispatch: { accepted: true, response: { found: true } } });
    await gateway.next('exited', { operationId: 'sleeper' }, mark);
    const op = await until(
      () => operation('build-1', 'sleeper'),
      (o) => o?.state !== 'running',
    );
    expect(op).toMatchObject({ state: 'cancelled', cancelRequested: true });
    expect(op!.stdout).not.toContain('never');
    // The background sleep of the group is gone too (at most a zombie waiting to be reaped).
    const state = () => (existsSync(`/proc/${bgPid}/stat`) ? readFileSync(`/proc/${bgPid}/stat`, 'utf8').split(') ')[1]![0] : 'gone');
    expect(['gone', 'Z']).toContain(
      await until(
        async () => state(),
        (s) => s === 'gone' || s === 'Z',
      ),
    );
    expect((await send('POST', '/gateways/build-1/operations/sleeper/cancel')).body.dispatch.accepted).toBe(false);
    expect((await send('POST', '/gateways/build-1/operations/nothing/cancel')).body.error).toBe('gateway_operation_not_found');
  });

  it('checks the execution boundaries before any dispatch', async () => {
    expect((await t.request(json('PUT', '/api/settings/execution-boundaries', { blockedCommandPatterns: ['rm\\s+-rf'], maxCommandSeconds: 60 }))).status).toBe(200);
    const res = await send('POST', '/gateways/build-1/processes', { operationId: 'blocked', command: 'rm -rf /tmp/nothing-here' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('gateway_command_blocked');
    expect(await operation('build-1', 'blocked')).toBeUndefined();
    expect(gateway.events.some((e) => e.event === 'started' && e.operationId === 'blocked')).toBe(false);
    expect((await t.request(json('PUT', '/api/settings/execution-boundaries', { blockedCommandPatterns: [], maxCommandSeconds: 600 }))).status).toBe(200);
  });

  it('keeps the operation across a controller restart and completes it as the gateway reports', async () => {
    const mark = gateway.mark();
    const res = await send('POST', '/gateways/build-1/processes', { operationId: 'survivor', command: 'echo before; while [ ! -f go ]; do sleep 0.05; done; echo after' });
    expect(res.body.dispatch.accepted).toBe(true);
    await until(
      () => operation('build-1', 'survivor'),
      (o) => o?.stdout === 'before\n',
    );
    await t.close();
    await gateway.next('disconnected', {}, mark);
    t = await boot();
    expect((await operation('build-1', 'survivor'))?.state).toBe('running');
    await gateway.next('authenticated', {}, mark);
    writeFileSync(path.join(gateway.workdir, 'go'), '');
    const op = await until(
      () => operation('build-1', 'survivor'),
      (o) => o?.state !== 'running',
    );
    expect(op).toMatchObject({ state: 'completed', exitCode: 0, stdout: 'before\nafter\n' });
  });

  it('marks an operation the gateway no longer knows as interrupted', async () => {
    await gateway.stop();
    // Not sent to any gateway: the restarted program does not know it.
    await t.kernel.database.knex('exec_gateway_operations').insert({ gateway_id: 'build-1', operation_id: 'orphan', request: JSON.stringify({ command: 'true' }), request_hash: 'x', state: 'running' });
    gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'build-1', dir: path.join(tmp, 'gw1') });
    await gateway.next('authenticated');
    const op = await until(
      () => operation('build-1', 'orphan'),
      (o) => o?.state !== 'running',
    );
    expect(op?.state).toBe('interrupted');
  });

  it('revokes: the live connection drops and the gateway is refused afterwards', async () => {
    const mark = gateway.mark();
    const res = await send('DELETE', '/gateway-trust/build-1');
    expect(res.body).toMatchObject({ ok: true, gateway: { gatewayId: 'build-1', status: 'revoked', hasPublicKey: false, hasSecret: false, fingerprint: null } });
    await gateway.next('disconnected', {}, mark);
    // It comes back as a new pending pairing, which is not trusted.
    await gateway.next('pending', {}, mark);
    expect((await get('/gateways')).body.gateways.find((g: { gatewayId: string }) => g.gatewayId === 'build-1')).toMatchObject({ connected: false });
    const rejected = await send('POST', '/pairings/build-1/reject');
    expect(rejected.body.pairing.status).toBe('rejected');
    await gateway.next('refused', { code: 'gateway_pairing_rejected' }, mark);
    await gateway.stop();
  });
});

describe('handshake', () => {
  const key = generateKeyPairSync('ed25519');
  const publicKey = rawPublicKey(key.publicKey);
  const hello = (challenge: string, fields: { gatewayId?: string; ts?: number; nonce?: string } = {}) => {
    const gatewayId = fields.gatewayId ?? 'raw-1';
    const ts = fields.ts ?? Date.now();
    const nonce = fields.nonce ?? `nonce-${Math.random().toString(36).slice(2)}-abcdefgh`;
    const payload = authPayload({ controllerId: 'controller', challenge, gatewayId, method: 'ed25519', publicKey, nonce, ts });
    return { type: 'hello', gatewayId, controllerId: 'controller', challenge, method: 'ed25519', publicKey, nonce, ts, signature: sign(null, payload, key.privateKey).toString('base64') };
  };

  it('refuses a replayed hello on a new connection', async () => {
    const first = new RawClient(port, tlsFiles.ca);
    const challenge = await first.frame(0);
    const frame = hello(String(challenge.nonce));
    first.send(frame);
    expect((await first.frame(1)).type).toBe('pending');
    const second = new RawClient(port, tlsFiles.ca);
    await second.frame(0);
    second.send(frame);
    expect(await second.frame(1)).toMatchObject({ type: 'error', code: 'gateway_handshake_replayed' });
    await second.closed;
    const pairing = (await get('/pairings')).body.pairings.find((p: { gatewayId: string }) => p.gatewayId === 'raw-1');
    expect(pairing).toMatchObject({ status: 'pending', fingerprint: fingerprintOf(publicKey) });
    first.close();
  });

  it('refuses a stale hello and a bad signature', async () => {
    const stale = new RawClient(port, tlsFiles.ca);
    const c1 = await stale.frame(0);
    stale.send(hello(String(c1.nonce), { ts: Date.now() - 10 * 60_000 }));
    expect(await stale.frame(1)).toMatchObject({ type: 'error', code: 'gateway_handshake_stale' });
    const forged = new RawClient(port, tlsFiles.ca);
    const c2 = await forged.frame(0);
    forged.send({ ...hello(String(c2.nonce)), gatewayId: 'someone-else' });
    expect(await forged.frame(1)).toMatchObject({ type: 'error', code: 'gateway_signature_invalid' });
    expect((await get('/pairings')).body.pairings.map((p: { gatewayId: string }) => p.gatewayId)).not.toContain('someone-else');
  });

  it('keeps pending pairings across a restart', async () => {
    await t.close();
    t = await boot();
    expect((await get('/pairings')).body.pairings.find((p: { gatewayId: string }) => p.gatewayId === 'raw-1')).toMatchObject({ status: 'pending', connection: 'disconnected' });
  });
});

describe('HMAC trust', () => {
  it('refuses HMAC trust for a gateway paired by Ed25519', async () => {
    const res = await send('PUT', '/gateway-trust/raw-1', { secret: HMAC_SECRET });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('gateway_credential_method_ed25519');
  });

  it('trusts a gateway with an HMAC secret; the gateway authenticates with it', async () => {
    const res = await send('PUT', '/gateway-trust/hmac-1', { secret: HMAC_SECRET, controllerId: 'ctl-a' });
    expect(res.body).toMatchObject({ ok: true, restartRequired: true, gateway: { gatewayId: 'hmac-1', method: 'hmac', status: 'approved', controllerId: 'ctl-a', hasSecret: true } });
    for (const body of [{ secret: '' }, { controllerId: 'x' }, { secret: 's', controllerId: '' }, { secret: 's', other: 1 }]) {
      expect((await send('PUT', '/gateway-trust/hmac-1', body)).status, JSON.stringify(body)).toBe(400);
    }
    const secretFile = path.join(tmp, 'hmac.secret');
    writeFileSync(secretFile, HMAC_SECRET, { mode: 0o600 });
    const wrong = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'hmac-1', dir: path.join(tmp, 'gw-hmac-wrong'), extra: ['--hmac-secret-file', secretFile] });
    expect(await wrong.next('refused')).toMatchObject({ code: 'gateway_not_trusted' });
    await wrong.stop();
    gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id: 'hmac-1', dir: path.join(tmp, 'gw-hmac'), extra: ['--hmac-secret-file', secretFile, '--controller-id', 'ctl-a'] });
    await gateway.next('authenticated');
    const run = await send('POST', '/gateways/hmac-1/processes', { operationId: 'hmac-echo', command: 'echo via hmac', wait: true });
    expect(run.body.dispatch.response).toMatchObject({ state: 'completed', stdout: 'via hmac\n' });
    const trust = (await get('/gateway-trust')).body.gateways;
    expect(trust.find((g: { gatewayId: string }) => g.gatewayId === 'hmac-1')).toMatchObject({ method: 'hmac', hasSecret: true });
    const mark = gateway.mark();
    expect((await send('DELETE', '/gateway-trust/hmac-1')).body.gateway).toMatchObject({ status: 'revoked', hasSecret: false });
    await gateway.next('refused', { code: 'gateway_revoked' }, mark);
    await gateway.next('refused', { code: 'gateway_not_trusted' }, mark);
    await gateway.stop();
    expect((await send('DELETE', '/gateway-trust/nobody')).body.error).toBe('gateway_not_found');
  });

  it('wrote no key, certificate or secret in any answer or log line', async () => {
    const everything = logs.join('\n') + JSON.stringify((await get('/gateway-trust')).body) + JSON.stringify((await get('/controller')).body) + JSON.stringify((await get('/gateways')).body);
    expectNoSecrets(everything, tlsFiles, [HMAC_SECRET]);
    expect(existsSync(path.join(tmp, 'gw1', 'gateway.key'))).toBe(true);
    const gatewayKey = readFileSync(path.join(tmp, 'gw1', 'gateway.key'), 'utf8').split('\n')[1]!;
    expect(everything).not.toContain(gatewayKey);
  });
});
