/**
 * What the execution gateway suites share: throwaway TLS material made with openssl, a free
 * loopback port, the real `svc-gateway` program as a child process whose JSON event lines the
 * test waits on, and a raw TLS client for handshake tests.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { authPayload, encodeFrame, fingerprintOf, FrameReader, rawPublicKey, type Frame } from '../gateway/protocol.js';
import { until as pollUntil } from '../../../test/kits/until.js';

export const GATEWAY_PROGRAM = path.resolve(import.meta.dirname, '..', 'gateway', 'svc-gateway.ts');

export interface TlsFiles {
  dir: string;
  caFile: string;
  ca: string;
  key: string;
  cert: string;
}

/** A CA and a server certificate for 127.0.0.1 signed by it (P-256). */
export function makeTls(): TlsFiles {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-gw-tls-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key');
  run('req', '-x509', '-new', '-key', 'ca.key', '-sha256', '-days', '2', '-subj', '/CN=svc test CA', '-out', 'ca.pem');
  run('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'server.key.ec');
  run('pkcs8', '-topk8', '-nocrypt', '-in', 'server.key.ec', '-out', 'server.key');
  run('req', '-new', '-key', 'server.key', '-subj', '/CN=127.0.0.1', '-out', 'server.csr');
  writeFileSync(path.join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-sha256', '-extfile', 'ext.cnf', '-out', 'server.pem');
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  return { dir, caFile: path.join(dir, 'ca.pem'), ca: read('ca.pem'), key: read('server.key'), cert: read('server.pem') };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface GatewayEvent {
  event: string;
  [key: string]: unknown;
}

/** The real gateway program as a child process. */
export class GatewayProcess {
  readonly events: GatewayEvent[] = [];
  readonly stderr: string[] = [];
  private waiters: Array<{ seen: number; match: (e: GatewayEvent) => boolean; resolve: (e: GatewayEvent) => void }> = [];
  private child: ChildProcess;
  readonly workdir: string;
  readonly keyFile: string;

  constructor(options: { port: number; caFile: string; id: string; dir: string; extra?: string[] }) {
    this.workdir = path.join(options.dir, 'work');
    mkdirSync(this.workdir, { recursive: true });
    this.keyFile = path.join(options.dir, 'gateway.key');
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', GATEWAY_PROGRAM, '--controller', `127.0.0.1:${options.port}`, '--ca', options.caFile, '--id', options.id, '--workdir', this.workdir, '--key-file', this.keyFile, ...(options.extra ?? [])],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let buffered = '';
    this.child.stdout!.on('data', (data: Buffer) => {
      buffered += data.toString('utf8');
      for (let i = buffered.indexOf('\n'); i !== -1; i = buffered.indexOf('\n')) {
        const line = buffered.slice(0, i);
        buffered = buffered.slice(i + 1);
        try {
          this.push(JSON.parse(line));
        } catch {
          // not an event line
        }
      }
    });
    this.child.stderr!.on('data', (data: Buffer) => this.stderr.push(data.toString('utf8')));
  }

  private push(event: GatewayEvent) {
    this.events.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(event)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  }

  /** The next event (after `after` events, default all so far) matching `name` and `fields`. */
  next(name: string, fields: Record<string, unknown> = {}, after = this.events.length): Promise<GatewayEvent> {
    const match = (e: GatewayEvent) => e.event === name && Object.entries(fields).every(([k, v]) => e[k] === v);
    const earlier = this.events.slice(after).find(match);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve) => this.waiters.push({ seen: after, match, resolve }));
  }

  mark(): number {
    return this.events.length;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** A raw TLS client that speaks the handshake by hand. */
export class RawClient {
  readonly frames: Frame[] = [];
  private waiters: Array<(f: Frame) => void> = [];
  readonly closed: Promise<void>;
  socket: tls.TLSSocket;

  /** `localAddress` (another 127.x address) makes it a different peer to the listener. */
  constructor(port: number, ca: string, localAddress?: string) {
    this.socket = tls.connect({ host: '127.0.0.1', port, ca, ...(localAddress ? { localAddress } : {}) });
    const reader = new FrameReader(
      (frame) => {
        this.frames.push(frame);
        for (const waiter of this.waiters.splice(0)) waiter(frame);
      },
      () => this.socket.destroy(),
    );
    this.socket.on('data', (d: Buffer) => reader.push(d));
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  async frame(index: number): Promise<Frame> {
    while (this.frames.length <= index) await new Promise<Frame>((resolve) => this.waiters.push(resolve));
    return this.frames[index]!;
  }

  send(frame: Frame) {
    this.socket.write(encodeFrame(frame));
  }

  close() {
    this.socket.destroy();
  }
}

/** An Ed25519 identity a raw client pairs with: its key, raw public key and fingerprint. */
export class RawIdentity {
  readonly privateKey: KeyObject;
  readonly publicKey: string;
  readonly fingerprint: string;

  constructor() {
    const pair = generateKeyPairSync('ed25519');
    this.privateKey = pair.privateKey;
    this.publicKey = rawPublicKey(pair.publicKey);
    this.fingerprint = fingerprintOf(this.publicKey);
  }

  /** A hello signed over `challenge` claiming `gatewayId`. */
  hello(challenge: string, gatewayId: string, extra: Record<string, unknown> = {}): Frame {
    const fields = { controllerId: 'controller', challenge, gatewayId, method: 'ed25519', publicKey: this.publicKey, nonce: randomBytes(16).toString('base64url'), ts: Date.now() };
    return { type: 'hello', ...fields, implementation: 'raw-client', version: '0', ...extra, signature: sign(null, authPayload(fields), this.privateKey).toString('base64') };
  }

  /** Connects, answers the challenge claiming `gatewayId`, and returns the client with the answer. */
  async handshake(port: number, ca: string, gatewayId: string, localAddress?: string): Promise<{ client: RawClient; answer: Frame }> {
    const client = new RawClient(port, ca, localAddress);
    const challenge = await client.frame(0);
    if (challenge.type !== 'challenge') return { client, answer: challenge };
    client.send(this.hello(String(challenge.nonce), gatewayId));
    return { client, answer: await client.frame(1) };
  }
}

/** Polls `read` until `done` holds (test/kits/until.ts); the bound stays under a test's timeout. */
export const until = <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => pollUntil(read, done, 'the awaited state', 50_000);
