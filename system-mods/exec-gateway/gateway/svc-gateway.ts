/**
 * svc-gateway: the reference execution gateway. It keeps an Ed25519 key (0600 file), connects out
 * to the controller over TLS (the controller's certificate verified against the given CA),
 * authenticates with a signature over the controller's challenge, and runs the processes the
 * controller sends, confined to its working directory, streaming stdout, stderr and the exit code.
 *
 *   npm run gateway -- --controller 127.0.0.1:7443 --ca ca.pem --id build-1 --workdir /srv/work --key-file gateway.key
 *
 * Optional: --hmac-secret-file <file> (authenticate with an HMAC secret instead of the key),
 * --controller-id <id> (default `controller`), --servername <name> (TLS name to verify when it
 * differs from the host). Events are printed as JSON lines on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import tls from 'node:tls';
import { authPayload, encodeFrame, fingerprintOf, FrameReader, hmacOf, OUTPUT_CHUNK_BYTES, PROTOCOL_VERSION, rawPublicKey, type Frame } from './protocol.js';

const IMPLEMENTATION = 'svc-gateway';
const VERSION = '1.0.0';
/** Frames kept while disconnected (output and exits), in bytes; older output goes first. */
const OUTBOX_BYTES = 8 * 1024 * 1024;
/** Finished operations remembered, so a controller that restarted learns their exit. */
const FINISHED_KEPT = 256;
const KILL_GRACE_MS = 2000;

interface Options {
  host: string;
  port: number;
  ca: Buffer;
  gatewayId: string;
  workdir: string;
  keyFile: string;
  hmacSecret?: string;
  controllerId: string;
  servername?: string;
}

function parseArgs(argv: string[]): Options {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    if (!name.startsWith('--')) throw new Error(`unexpected argument ${name}`);
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${name} needs a value`);
    flags.set(name.slice(2), value);
    i++;
  }
  const need = (name: string) => {
    const value = flags.get(name);
    if (!value) throw new Error(`--${name} is required`);
    return value;
  };
  const controller = need('controller');
  const at = controller.lastIndexOf(':');
  const port = Number(controller.slice(at + 1));
  if (at <= 0 || !Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--controller must be host:port');
  const gatewayId = need('id');
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(gatewayId)) throw new Error('--id: letters, digits, dot, underscore, hyphen (at most 128)');
  const workdir = realpathSync(need('workdir'));
  if (!statSync(workdir).isDirectory()) throw new Error('--workdir must be a directory');
  const secretFile = flags.get('hmac-secret-file');
  return {
    host: controller.slice(0, at).replace(/^\[|\]$/g, ''),
    port,
    ca: readFileSync(need('ca')),
    gatewayId,
    workdir,
    keyFile: need('key-file'),
    hmacSecret: secretFile ? readFileSync(secretFile, 'utf8').trim() : undefined,
    controllerId: flags.get('controller-id') ?? 'controller',
    servername: flags.get('servername'),
  };
}

function emit(event: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ event, ...fields })}\n`);
}

/** Loads the key, or makes one the first time; the file is readable by its owner only. */
function loadKey(file: string): KeyObject {
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return createPrivateKey(readFileSync(file));
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  return privateKey;
}

interface Running {
  child: ChildProcess;
  cancelled: boolean;
  timer?: NodeJS.Timeout;
}

class Gateway {
  private socket?: tls.TLSSocket;
  private authenticated = false;
  private outbox: string[] = [];
  private outboxBytes = 0;
  private running = new Map<string, Running>();
  private finished = new Map<string, Frame>();
  private backoffMs = 250;
  private stopped = false;
  private readonly publicKey: string;

  constructor(
    private readonly options: Options,
    private readonly key: KeyObject,
  ) {
    this.publicKey = rawPublicKey(createPublicKey(key));
  }

  start(): void {
    emit('key', { gatewayId: this.options.gatewayId, fingerprint: fingerprintOf(this.publicKey) });
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.socket?.destroy();
    for (const [, run] of this.running) killTree(run.child, 'SIGKILL');
  }

  private connect(): void {
    if (this.stopped) return;
    const { host, port, ca, servername } = this.options;
    emit('connecting', { host, port });
    const socket = tls.connect({ host, port, ca, servername: servername ?? (isIp(host) ? undefined : host), minVersion: 'TLSv1.2' });
    this.socket = socket;
    this.authenticated = false;
    let challenge: Frame | undefined;
    const reader = new FrameReader(
      (frame) => {
        if (!challenge) {
          if (frame.type !== 'challenge' || typeof frame.nonce !== 'string') return socket.destroy();
          challenge = frame;
          return this.send(socket, this.hello(frame));
        }
        this.onFrame(socket, frame);
      },
      (reason) => {
        emit('protocol-error', { reason });
        socket.destroy();
      },
    );
    socket.setKeepAlive(true, 15_000);
    socket.on('secureConnect', () => emit('connected'));
    socket.on('data', (data: Buffer) => reader.push(data));
    socket.on('error', (error) => emit('socket-error', { message: error.message }));
    socket.on('close', () => {
      if (this.socket === socket) this.socket = undefined;
      this.authenticated = false;
      emit('disconnected');
      if (this.stopped) return;
      const wait = this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, 10_000);
      // Not unref'd: this timer is what keeps the program alive between connections.
      setTimeout(() => this.connect(), wait + Math.floor(Math.random() * 100));
    });
  }

  private hello(challenge: Frame): Frame {
    const { gatewayId, hmacSecret } = this.options;
    const { controllerId } = this.options;
    const method = hmacSecret ? 'hmac' : 'ed25519';
    const publicKey = hmacSecret ? '' : this.publicKey;
    const nonce = randomBytes(16).toString('base64url');
    const ts = Date.now();
    const payload = authPayload({ controllerId, challenge: String(challenge.nonce), gatewayId, method, publicKey, nonce, ts });
    const proof = hmacSecret ? { mac: hmacOf(hmacSecret, payload) } : { signature: sign(null, payload, this.key).toString('base64') };
    return { type: 'hello', protocol: PROTOCOL_VERSION, gatewayId, controllerId, challenge: challenge.nonce, method, publicKey, nonce, ts, implementation: IMPLEMENTATION, version: VERSION, ...proof };
  }

  private onFrame(socket: tls.TLSSocket, frame: Frame): void {
    switch (frame.type) {
      case 'pending':
        emit('pending', { fingerprint: fingerprintOf(this.publicKey) });
        return;
      case 'welcome':
        this.authenticated = true;
        this.backoffMs = 250;
        emit('authenticated');
        this.flush(socket);
        return;
      case 'error':
        emit('refused', { code: frame.code, message: frame.message });
        return;
      case 'run':
        return this.run(frame);
      case 'cancel':
        return this.cancel(String(frame.operationId));
      case 'sync':
        for (const id of Array.isArray(frame.operationIds) ? frame.operationIds : []) {
          const operationId = String(id);
          if (this.running.has(operationId)) this.queue({ type: 'status', operationId, state: 'running' });
          else if (this.finished.has(operationId)) this.queue(this.finished.get(operationId)!);
          else this.queue({ type: 'unknown', operationId });
        }
        return;
      case 'ping':
        this.queue({ type: 'pong', id: frame.id });
        return;
    }
  }

  private run(frame: Frame): void {
    const operationId = String(frame.operationId ?? '');
    if (this.running.has(operationId)) return this.queue({ type: 'accepted', operationId, replayed: true });
    const done = this.finished.get(operationId);
    if (done) return this.queue(done);
    const refuse = (reason: string) => this.finish(operationId, { type: 'rejected', operationId, reason });
    const cwd = this.confine(typeof frame.cwd === 'string' ? frame.cwd : '');
    if (!cwd) return refuse('the working directory is outside the gateway workdir or missing');
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: this.options.workdir, LANG: process.env.LANG ?? 'C.UTF-8' };
    if (frame.env && typeof frame.env === 'object') for (const [k, v] of Object.entries(frame.env)) if (typeof v === 'string') env[k] = v;
    let child: ChildProcess;
    try {
      child =
        typeof frame.command === 'string'
          ? spawn('/bin/sh', ['-c', frame.command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
          : spawn(String(frame.executable), Array.isArray(frame.args) ? frame.args.map(String) : [], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      return refuse((error as Error).message);
    }
    const run: Running = { child, cancelled: false };
    let spawned = false;
    child.once('spawn', () => {
      spawned = true;
      this.running.set(operationId, run);
      emit('started', { operationId, pid: child.pid });
      this.queue({ type: 'accepted', operationId, pid: child.pid });
      const timeoutMs = Number(frame.timeoutMs);
      if (Number.isInteger(timeoutMs) && timeoutMs > 0) {
        run.timer = setTimeout(() => {
          this.queue({ type: 'output', operationId, stream: 'stderr', data: `\n[svc-gateway] stopped after ${timeoutMs} ms\n` });
          run.cancelled = true;
          killTree(child, 'SIGTERM');
          setTimeout(() => killTree(child, 'SIGKILL'), KILL_GRACE_MS).unref();
        }, timeoutMs);
      }
    });
    child.once('error', (error) => {
      if (!spawned) refuse(error.message);
    });
    for (const stream of ['stdout', 'stderr'] as const) {
      const decoder = new StringDecoder('utf8');
      child[stream]!.on('data', (data: Buffer) => this.output(operationId, stream, decoder.write(data)));
      child[stream]!.on('end', () => this.output(operationId, stream, decoder.end()));
    }
    child.once('close', (code, signal) => {
      if (!spawned) return;
      clearTimeout(run.timer);
      this.running.delete(operationId);
      emit('exited', { operationId, exitCode: code, signal });
      this.finish(operationId, { type: 'exit', operationId, exitCode: code, signal, cancelled: run.cancelled });
    });
  }

  private output(operationId: string, stream: 'stdout' | 'stderr', text: string): void {
    for (let at = 0; at < text.length;) {
      // Characters, not bytes: a chunk of OUTPUT_CHUNK_BYTES / 4 characters stays below the byte bound.
      const piece = text.slice(at, at + OUTPUT_CHUNK_BYTES / 4);
      at += piece.length;
      this.queue({ type: 'output', operationId, stream, data: piece });
    }
  }

  private finish(operationId: string, frame: Frame): void {
    this.finished.set(operationId, frame);
    if (this.finished.size > FINISHED_KEPT) this.finished.delete(this.finished.keys().next().value!);
    this.queue(frame);
  }

  private cancel(operationId: string): void {
    const run = this.running.get(operationId);
    emit('cancel', { operationId, found: Boolean(run) });
    this.queue({ type: 'cancel-ack', operationId, found: Boolean(run) });
    if (!run) return;
    run.cancelled = true;
    killTree(run.child, 'SIGTERM');
    setTimeout(() => killTree(run.child, 'SIGKILL'), KILL_GRACE_MS).unref();
  }

  /** The directory a request names, inside the workdir (a leading slash means the workdir's root); undefined when it escapes or is missing. */
  private confine(requested: string): string | undefined {
    const root = this.options.workdir;
    const resolved = path.resolve(root, requested.replace(/^\/+/, ''));
    try {
      const real = realpathSync(resolved);
      if (real !== root && !real.startsWith(root + path.sep)) return undefined;
      return statSync(real).isDirectory() ? real : undefined;
    } catch {
      return undefined;
    }
  }

  private queue(frame: Frame): void {
    const text = encodeFrame(frame);
    if (this.socket && this.authenticated && this.outbox.length === 0) {
      this.socket.write(text);
      return;
    }
    this.outbox.push(text);
    this.outboxBytes += text.length;
    // Over the bound, the oldest output goes; exits and acceptances are kept.
    for (let i = 0; this.outboxBytes > OUTBOX_BYTES && i < this.outbox.length;) {
      const text = this.outbox[i]!;
      if (text.startsWith('{"type":"output"')) {
        this.outboxBytes -= text.length;
        this.outbox.splice(i, 1);
      } else i++;
    }
  }

  private flush(socket: tls.TLSSocket): void {
    const pending = this.outbox;
    this.outbox = [];
    this.outboxBytes = 0;
    for (const text of pending) socket.write(text);
  }

  private send(socket: tls.TLSSocket, frame: Frame): void {
    socket.write(encodeFrame(frame));
  }
}

/** The process group: the child was started detached, so its pid is the group id. */
function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

const options = (() => {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`svc-gateway: ${(error as Error).message}\n`);
    process.exit(2);
  }
})();
const gateway = new Gateway(options, loadKey(options.keyFile));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    gateway.stop();
    process.exit(0);
  });
}
gateway.start();
