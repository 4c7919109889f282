/**
 * The listener's authentication bound, on its own (a short bound instead of the 60 s the
 * service uses): a connection that sends no hello, and one whose pairing waits for approval,
 * are both closed when it passes; the pending record is kept.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LoggerService } from '../../../sdk/index.js';
import { authPayload, rawPublicKey } from '../gateway/protocol.js';
import type { ControllerConfig } from '../src/services/controller-config.js';
import type { GatewayRegistry, GatewayRow } from '../src/services/gateway-registry.js';
import { Listener } from '../src/services/listener.js';
import { makeTls, RawClient, type TlsFiles } from './kit.js';

const silent: LoggerService = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };
let tlsFiles: TlsFiles;
let listener: Listener;
const pending: string[] = [];

beforeAll(async () => {
  tlsFiles = makeTls();
  const config = {
    get: async () => ({ enabled: true, host: '127.0.0.1', port: 0, tls: null }),
    material: async () => ({ key: tlsFiles.key, cert: tlsFiles.cert }),
  } as unknown as ControllerConfig;
  const registry = {
    get: async () => undefined,
    recordPending: async (input: { gatewayId: string }) => {
      pending.push(input.gatewayId);
      return { status: 'pending', row: { gateway_id: input.gatewayId, status: 'pending' } as GatewayRow };
    },
  } as unknown as GatewayRegistry;
  listener = new Listener(config, registry, silent, { authenticated() {}, frame() {}, closed() {} }, 300);
  await listener.restart();
});

afterAll(async () => {
  await listener?.stop();
  if (tlsFiles) rmSync(tlsFiles.dir, { recursive: true, force: true });
});

it('closes a connection that does not authenticate in time', async () => {
  const client = new RawClient(listener.status().address!.port, tlsFiles.ca);
  expect((await client.frame(0)).type).toBe('challenge');
  expect(await client.frame(1)).toMatchObject({ type: 'error', code: 'gateway_auth_timeout' });
  await client.closed;
});

it('closes a connection waiting for approval when the bound passes, keeping its pending record', async () => {
  const client = new RawClient(listener.status().address!.port, tlsFiles.ca);
  const challenge = String((await client.frame(0)).nonce);
  const key = generateKeyPairSync('ed25519');
  const publicKey = rawPublicKey(key.publicKey);
  const fields = { controllerId: 'controller', challenge, gatewayId: 'slow-1', method: 'ed25519', publicKey, nonce: 'nonce-0123456789abcdef', ts: Date.now() };
  client.send({ type: 'hello', ...fields, signature: sign(null, authPayload(fields), key.privateKey).toString('base64') });
  expect((await client.frame(1)).type).toBe('pending');
  expect(listener.connectionState('slow-1')).toBe('pending');
  expect(await client.frame(2)).toMatchObject({ type: 'error', code: 'gateway_auth_timeout' });
  await client.closed;
  expect(pending).toEqual(['slow-1']);
  expect(listener.connectionState('slow-1')).toBe('disconnected');
});
