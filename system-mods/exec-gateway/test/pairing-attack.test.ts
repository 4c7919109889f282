/**
 * Pairing against a hostile peer on the listener, with the real svc-gateway program as the
 * gateway the operator means to pair and a raw TLS client with its own Ed25519 key claiming the
 * same gateway id: the pending record keeps the first key, the intruder's key is listed beside
 * it, and approval with the fingerprint the gateway printed lets in that gateway only (commands
 * and their env go to it, never to the intruder). Also: pending records expire and are capped,
 * keys per pairing are capped, and a peer's unauthenticated handshakes are bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestKernel, type TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { MAX_KEYS_PER_PAIRING, MAX_PENDING_PAIRINGS } from '../src/services/gateway-registry.js';
import { HANDSHAKE_BURST } from '../src/services/handshake-limiter.js';
import { freePort, GatewayProcess, makeTls, RawIdentity, type RawClient, type TlsFiles } from './kit.js';

const base = '/api/mods/exec-gateway';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'svc-gw-attack-'));
let t: TestKernel;
let tlsFiles: TlsFiles;
let port: number;
const gateways: GatewayProcess[] = [];
const clients: RawClient[] = [];

beforeAll(async () => {
  t = await startTestKernel({ mods: ['health', 'settings', 'agents', 'exec-gateway'], config: { dataDir: path.join(tmp, 'data') } });
  tlsFiles = makeTls();
  port = await freePort();
  expect((await t.request(json('PUT', `${base}/controller/tls`, { key: tlsFiles.key, cert: tlsFiles.cert }))).status).toBe(200);
  expect((await t.request(json('PUT', `${base}/controller`, { enabled: true, host: '127.0.0.1', port }))).body.controller.listening).toBe(true);
});

afterAll(async () => {
  for (const client of clients) client.close();
  for (const gateway of gateways) await gateway.stop();
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
  if (tlsFiles) rmSync(tlsFiles.dir, { recursive: true, force: true });
});

const get = (p: string) => t.request(`${base}${p}`);
const send = (method: string, p: string, body?: unknown) => t.request(json(method, `${base}${p}`, body ?? {}));
const pairing = async (gatewayId: string) => ((await get('/pairings')).body.pairings as Array<{ gatewayId: string; [k: string]: unknown }>).find((p) => p.gatewayId === gatewayId);
const startGateway = (id: string) => {
  const gateway = new GatewayProcess({ port, caFile: tlsFiles.caFile, id, dir: path.join(tmp, id) });
  gateways.push(gateway);
  return gateway;
};
const handshake = async (identity: RawIdentity, gatewayId: string, localAddress?: string) => {
  const result = await identity.handshake(port, tlsFiles.ca, gatewayId, localAddress);
  clients.push(result.client);
  return result;
};

describe('a second key under a pending gateway id', () => {
  const intruder = new RawIdentity();
  let gateway: GatewayProcess;
  let intruderClient: RawClient;
  let fingerprint: string;

  it('is listed beside the first key and never replaces it', async () => {
    gateway = startGateway('build-a');
    fingerprint = String((await gateway.next('key')).fingerprint);
    await gateway.next('pending');
    const { client, answer } = await handshake(intruder, 'build-a');
    intruderClient = client;
    expect(answer).toMatchObject({ type: 'pending', fingerprint: intruder.fingerprint });
    const listed = await pairing('build-a');
    expect(listed).toMatchObject({ status: 'pending', fingerprint, fingerprintRequired: true, transcript: { hello: { fingerprint } } });
    expect(listed!.keys).toEqual([
      expect.objectContaining({ fingerprint, connection: 'pending', implementation: 'svc-gateway' }),
      expect.objectContaining({ fingerprint: intruder.fingerprint, connection: 'pending', implementation: 'raw-client' }),
    ]);
    // The record's own handshake is still the gateway's.
    expect((listed!.transcript as { hello: { publicKey: string } }).hello.publicKey).not.toBe(intruder.publicKey);
  });

  it('is not approved by an approval without a fingerprint or with another one', async () => {
    const bare = await send('POST', '/pairings/build-a/approve');
    expect(bare.status).toBe(409);
    expect(bare.body.error).toBe('gateway_pairing_fingerprint_required');
    const unknown = await send('POST', '/pairings/build-a/approve', { fingerprint: 'SHA256:not-a-key-of-this-pairing' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toBe('gateway_pairing_fingerprint_mismatch');
    expect((await send('POST', '/pairings/build-a/approve', { fingerprint, other: 1 })).status).toBe(400);
    expect(await pairing('build-a')).toMatchObject({ status: 'pending', fingerprint });
  });

  it("approval with the gateway's fingerprint lets in that gateway only; commands and their env go to it", async () => {
    const mark = gateway.mark();
    const approved = await send('POST', '/pairings/build-a/approve', { fingerprint });
    expect(approved.body).toMatchObject({ ok: true, pairing: { gatewayId: 'build-a', status: 'approved', fingerprint, connection: 'connected' } });
    await gateway.next('authenticated', {}, mark);
    expect(await intruderClient.frame(2)).toMatchObject({ type: 'error', code: 'gateway_key_mismatch' });
    await intruderClient.closed;
    const run = await send('POST', '/gateways/build-a/processes', { operationId: 'with-secret', command: 'test -n "$TOKEN" && echo has-token', env: { TOKEN: 'env-secret-for-the-real-gateway' }, wait: true });
    expect(run.body.dispatch.response).toMatchObject({ state: 'completed', stdout: 'has-token\n' });
    expect(gateway.events.some((e) => e.event === 'started' && e.operationId === 'with-secret')).toBe(true);
    expect(intruderClient.frames.some((f) => f.type === 'run' || JSON.stringify(f).includes('env-secret'))).toBe(false);
    // The intruder's key stays out afterwards.
    const again = await handshake(intruder, 'build-a');
    expect(again.answer).toMatchObject({ type: 'error', code: 'gateway_key_mismatch' });
    expect((await get('/gateways')).body.gateways.find((g: { gatewayId: string }) => g.gatewayId === 'build-a')).toMatchObject({ connected: true, fingerprint });
  });

  it('an intruder that came first does not lock the real gateway out', async () => {
    const first = await handshake(intruder, 'build-b');
    expect(first.answer.type).toBe('pending');
    const real = startGateway('build-b');
    const realFingerprint = String((await real.next('key')).fingerprint);
    await real.next('pending');
    expect(await pairing('build-b')).toMatchObject({ fingerprint: intruder.fingerprint, fingerprintRequired: true });
    const mark = real.mark();
    expect((await send('POST', '/pairings/build-b/approve', { fingerprint: realFingerprint })).body.pairing).toMatchObject({ status: 'approved', fingerprint: realFingerprint });
    await real.next('authenticated', {}, mark);
    expect(await first.client.frame(2)).toMatchObject({ type: 'error', code: 'gateway_key_mismatch' });
  });

  it("approves without a fingerprint while one key was ever seen (the spec's body-less approve)", async () => {
    const only = new RawIdentity();
    const { client, answer } = await handshake(only, 'single-1');
    expect(answer.type).toBe('pending');
    expect(await pairing('single-1')).toMatchObject({ fingerprintRequired: false, keys: [expect.objectContaining({ fingerprint: only.fingerprint })] });
    expect((await send('POST', '/pairings/single-1/approve')).body.pairing).toMatchObject({ status: 'approved', fingerprint: only.fingerprint });
    expect(await client.frame(2)).toMatchObject({ type: 'welcome', gatewayId: 'single-1' });
    client.close();
  });
});

describe('bounds of pending pairings', () => {
  it('lists at most a few keys under one gateway id and refuses more', async () => {
    const identities = Array.from({ length: MAX_KEYS_PER_PAIRING + 1 }, () => new RawIdentity());
    for (const identity of identities.slice(0, MAX_KEYS_PER_PAIRING)) expect((await handshake(identity, 'crowded')).answer.type).toBe('pending');
    expect((await handshake(identities.at(-1)!, 'crowded')).answer).toMatchObject({ type: 'error', code: 'gateway_pairing_key_limit' });
    // A key already listed may come back.
    expect((await handshake(identities[1]!, 'crowded')).answer.type).toBe('pending');
    expect((await pairing('crowded'))!.keys).toHaveLength(MAX_KEYS_PER_PAIRING);
    expect((await send('POST', '/pairings/crowded/reject')).body.pairing.status).toBe('rejected');
  });

  it('expires a pending record a day after its first handshake; another key may then pair under the id', async () => {
    const old = new RawIdentity();
    (await handshake(old, 'old-1')).client.close();
    await t.kernel.database.knex.raw(`update exec_gateway_gateways set created_at = now() - interval '25 hours' where gateway_id = 'old-1'`);
    expect(await pairing('old-1')).toBeUndefined();
    expect((await send('POST', '/pairings/old-1/approve', { fingerprint: old.fingerprint })).body.error).toBe('gateway_pairing_not_found');
    const fresh = new RawIdentity();
    expect((await handshake(fresh, 'old-1')).answer.type).toBe('pending');
    expect(await pairing('old-1')).toMatchObject({ status: 'pending', fingerprint: fresh.fingerprint, fingerprintRequired: false });
  });

  it('refuses a new pending record when the cap is reached; existing ones still answer', async () => {
    const knex = t.kernel.database.knex;
    const counted = await knex('exec_gateway_gateways').where({ status: 'pending' }).count({ count: '*' });
    const fillers = Array.from({ length: MAX_PENDING_PAIRINGS - Number(counted[0]!.count) }, (_, i) => `filler-${i}`);
    const filler = new RawIdentity();
    await knex('exec_gateway_gateways').insert(fillers.map((id) => ({ gateway_id: id, method: 'ed25519', status: 'pending', public_key: filler.publicKey, fingerprint: filler.fingerprint })));
    expect((await handshake(new RawIdentity(), 'one-too-many')).answer).toMatchObject({ type: 'error', code: 'gateway_pairing_capacity' });
    expect(await pairing('one-too-many')).toBeUndefined();
    expect((await handshake(filler, 'filler-0')).answer.type).toBe('pending');
    await knex('exec_gateway_gateways').whereIn('gateway_id', fillers).delete();
    expect((await handshake(new RawIdentity(), 'one-too-many')).answer.type).toBe('pending');
  });
});

describe('unauthenticated handshakes per peer', () => {
  it('refuses a peer past its bucket before any challenge, and not another peer', async () => {
    const identity = new RawIdentity();
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof handshake>> | undefined;
    // Each try waits for its answer; the bucket only refills while they run, so at least the burst passes.
    for (let i = 0; i < HANDSHAKE_BURST * 2 && !refused; i++) {
      const result = await handshake(identity, `flood-${i}`, '127.0.0.3');
      if (result.answer.type === 'error') refused = result;
      else accepted++;
      result.client.close();
    }
    expect(accepted).toBeGreaterThanOrEqual(HANDSHAKE_BURST);
    expect(refused?.answer).toMatchObject({ type: 'error', code: 'gateway_rate_limited' });
    // Refused before the challenge: the refusal is its first frame.
    expect(refused!.client.frames[0]).toMatchObject({ type: 'error', code: 'gateway_rate_limited' });
    expect(await pairing(`flood-${accepted}`)).toBeUndefined();
    expect((await handshake(identity, 'other-peer', '127.0.0.4')).answer.type).toBe('pending');
  });
});
