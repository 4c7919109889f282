/**
 * The controller's TLS listener the gateways connect out to, and the handshake of each
 * connection (see `gateway/protocol.ts`): a fresh challenge per connection, a hello signed
 * (Ed25519) or MACed (HMAC) over it with a timestamp and the gateway's own nonce. A hello that
 * does not echo this connection's challenge, reuses a nonce or is stale is refused; a connection
 * that has not authenticated within 60 s is closed (its pending pairing record stays).
 *
 * Every key waiting for approval keeps its own connection (several keys may claim one gateway
 * id; see `gateway-registry.ts`); approval lets in the connection of the approved key and closes
 * the others. Each peer address has a bounded number of unauthenticated handshakes
 * (`handshake-limiter.ts`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import tls from 'node:tls';
import type { LoggerService as Logger } from '../../../../sdk/index.js';
import { authPayload, encodeFrame, fingerprintOf, FrameReader, hmacOf, MAX_CLOCK_SKEW_MS, PROTOCOL_VERSION, verifyEd25519, type Frame } from '../../gateway/protocol.js';
import type { ControllerConfig } from './controller-config.js';
import { GATEWAY_ID_PATTERN, type GatewayRegistry } from './gateway-registry.js';
import { HandshakeLimiter } from './handshake-limiter.js';
import { storableJson, storableText } from './storable-text.js';

export const AUTH_TIMEOUT_MS = 60_000;
const CONTROLLER_ID = 'controller';
const gatewayIdRe = new RegExp(GATEWAY_ID_PATTERN);

export interface ConnectionInfo {
  gatewayId: string;
  remoteAddress: string | null;
  connectedAt: string;
  implementation: string | null;
  version: string | null;
}

export class GatewayConnection {
  authenticated = false;
  /** The handshake token this connection took from its peer's bucket is given back. */
  tokenReturned = false;
  gatewayId = '';
  publicKey = '';
  implementation: string | null = null;
  version: string | null = null;
  readonly connectedAt = new Date().toISOString();

  constructor(readonly socket: tls.TLSSocket) {}

  send(frame: Frame): boolean {
    if (this.socket.destroyed) return false;
    this.socket.write(encodeFrame(frame));
    return true;
  }

  refuse(code: string, message: string): void {
    this.send({ type: 'error', code, message });
    this.socket.end();
    // A peer that does not close its side is cut off.
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  info(): ConnectionInfo {
    return { gatewayId: this.gatewayId, remoteAddress: this.socket.remoteAddress ?? null, connectedAt: this.connectedAt, implementation: this.implementation, version: this.version };
  }
}

export interface ListenerEvents {
  authenticated(connection: GatewayConnection): void;
  frame(connection: GatewayConnection, frame: Frame): void;
  closed(connection: GatewayConnection): void;
}

export interface ListenerState {
  listening: boolean;
  address: { host: string; port: number } | null;
  error: string | null;
}

export class Listener {
  private server?: tls.Server;
  private state: ListenerState = { listening: false, address: null, error: null };
  private readonly live = new Map<string, GatewayConnection>();
  /** Connections waiting for approval: gateway id → public key → connection. */
  private readonly pending = new Map<string, Map<string, GatewayConnection>>();
  private readonly limiter: HandshakeLimiter;
  private readonly sockets = new Set<tls.TLSSocket>();
  /** Gateway nonces seen within the clock-skew window, per gateway. */
  private readonly nonces = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: ControllerConfig,
    private readonly registry: GatewayRegistry,
    private readonly log: Logger,
    private readonly events: ListenerEvents,
    /** Only tests shorten it; the contract's bound is 60 s. */
    private readonly authTimeoutMs = AUTH_TIMEOUT_MS,
    limiter?: HandshakeLimiter,
  ) {
    this.limiter = limiter ?? new HandshakeLimiter();
  }

  status(): ListenerState {
    return { ...this.state };
  }

  connection(gatewayId: string): GatewayConnection | undefined {
    return this.live.get(gatewayId);
  }

  connectionState(gatewayId: string): 'connected' | 'pending' | 'disconnected' {
    return this.live.has(gatewayId) ? 'connected' : this.pending.has(gatewayId) ? 'pending' : 'disconnected';
  }

  /** Whether the key `publicKey` of a pending gateway has a connection waiting for approval. */
  keyConnectionState(gatewayId: string, publicKey: string): 'connected' | 'pending' | 'disconnected' {
    const live = this.live.get(gatewayId);
    if (live && live.publicKey === publicKey) return 'connected';
    return this.pending.get(gatewayId)?.has(publicKey) ? 'pending' : 'disconnected';
  }

  liveInfo(gatewayId: string): ConnectionInfo | undefined {
    return (this.live.get(gatewayId) ?? this.pending.get(gatewayId)?.values().next().value)?.info();
  }

  private addPending(connection: GatewayConnection): void {
    let keys = this.pending.get(connection.gatewayId);
    if (!keys) this.pending.set(connection.gatewayId, (keys = new Map()));
    const previous = keys.get(connection.publicKey);
    if (previous && previous !== connection) previous.refuse('gateway_superseded', 'another connection of this gateway is waiting');
    keys.set(connection.publicKey, connection);
  }

  private removePending(connection: GatewayConnection): void {
    const keys = this.pending.get(connection.gatewayId);
    if (keys?.get(connection.publicKey) !== connection) return;
    keys.delete(connection.publicKey);
    if (keys.size === 0) this.pending.delete(connection.gatewayId);
  }

  /** (Re)starts the listener from the stored settings; serialized so concurrent calls do not race. */
  restart(): Promise<void> {
    this.chain = this.chain.then(async () => {
      await this.stopNow();
      await this.startNow();
    });
    return this.chain;
  }

  stop(): Promise<void> {
    this.chain = this.chain.then(() => this.stopNow());
    return this.chain;
  }

  private async startNow(): Promise<void> {
    const settings = await this.config.get();
    this.state = { listening: false, address: null, error: null };
    if (!settings.enabled) return;
    const material = await this.config.material();
    if (!material) {
      this.state.error = 'TLS key and certificate are not configured';
      return;
    }
    let server: tls.Server;
    try {
      server = tls.createServer({ key: material.key, cert: material.cert, ...(material.ca ? { ca: material.ca } : {}), minVersion: 'TLSv1.2' }, (socket) => this.accept(socket));
    } catch (error) {
      this.state.error = `TLS material unusable: ${(error as Error).message}`;
      return;
    }
    server.on('tlsClientError', (error) => this.log.debug({ err: error.message }, 'gateway TLS handshake failed'));
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(settings.port, settings.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.state.error = `cannot listen on ${settings.host}:${settings.port}: ${(error as Error).message}`;
      this.log.warn({ host: settings.host, port: settings.port, err: (error as Error).message }, 'gateway controller cannot listen');
      return;
    }
    server.on('error', (error) => {
      this.state.error = error.message;
    });
    this.server = server;
    const address = server.address();
    this.state = { listening: true, address: typeof address === 'object' && address ? { host: address.address, port: address.port } : null, error: null };
    this.log.info({ host: settings.host, port: this.state.address?.port }, 'gateway controller listening');
  }

  private async stopNow(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.state = { ...this.state, listening: false, address: null };
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The operator approved `publicKey` for `gatewayId`: its waiting connection goes live, and the
   * connections of the other keys that claimed the id are closed.
   */
  approved(gatewayId: string, publicKey: string): void {
    const keys = this.pending.get(gatewayId);
    if (!keys) return;
    this.pending.delete(gatewayId);
    for (const [key, connection] of keys) {
      if (key === publicKey) this.goLive(connection);
      else connection.refuse('gateway_key_mismatch', 'another key was approved for this gateway');
    }
  }

  /** Closes every connection of `gatewayId` (revoked or rejected). */
  drop(gatewayId: string, code: string, message: string): void {
    const live = this.live.get(gatewayId);
    if (live) {
      this.live.delete(gatewayId);
      live.refuse(code, message);
    }
    const keys = this.pending.get(gatewayId);
    this.pending.delete(gatewayId);
    for (const connection of keys?.values() ?? []) connection.refuse(code, message);
  }

  private accept(socket: tls.TLSSocket): void {
    this.sockets.add(socket);
    const connection = new GatewayConnection(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // Before any work for it: a peer out of handshake tokens gets no challenge.
    if (!this.limiter.take(this.peerOf(connection))) {
      return connection.refuse('gateway_rate_limited', 'too many unauthenticated handshakes from this address; try again later');
    }
    const challenge = randomBytes(24).toString('base64url');
    const timer = setTimeout(() => {
      if (connection.authenticated) return;
      this.removePending(connection);
      connection.refuse('gateway_auth_timeout', `authentication did not finish within ${this.authTimeoutMs / 1000} s`);
    }, this.authTimeoutMs);
    timer.unref();
    let hello = false;
    const reader = new FrameReader(
      (frame) => {
        if (connection.authenticated) return this.events.frame(connection, frame);
        if (hello) return; // waiting for approval: nothing else is read until then
        hello = true;
        this.handshake(connection, challenge, frame).catch((error) => {
          this.log.warn({ err: (error as Error).message }, 'gateway handshake failed');
          connection.refuse('gateway_handshake_failed', 'the handshake could not be completed');
        });
      },
      (reason) => connection.refuse('gateway_protocol_error', reason),
    );
    socket.setKeepAlive(true, 15_000);
    socket.on('data', (data: Buffer) => reader.push(data));
    socket.on('close', () => {
      clearTimeout(timer);
      this.removePending(connection);
      if (this.live.get(connection.gatewayId) === connection) {
        this.live.delete(connection.gatewayId);
        this.events.closed(connection);
      }
    });
    connection.send({ type: 'challenge', protocol: PROTOCOL_VERSION, controllerId: CONTROLLER_ID, nonce: challenge, ts: Date.now() });
  }

  private async handshake(connection: GatewayConnection, challenge: string, frame: Frame): Promise<void> {
    const str = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : undefined);
    const gatewayId = str(frame.gatewayId, 128);
    const method = frame.method;
    const nonce = str(frame.nonce, 128);
    const controllerId = str(frame.controllerId, 255);
    const ts = frame.ts;
    if (frame.type !== 'hello' || !gatewayId || !gatewayIdRe.test(gatewayId) || (method !== 'ed25519' && method !== 'hmac') || !nonce || nonce.length < 16 || !controllerId || typeof ts !== 'number') {
      return connection.refuse('gateway_handshake_invalid', 'expected a hello with gatewayId, method, controllerId, nonce and ts');
    }
    if (frame.challenge !== challenge) return connection.refuse('gateway_handshake_replayed', "the hello does not answer this connection's challenge");
    if (Math.abs(Date.now() - ts) > MAX_CLOCK_SKEW_MS) return connection.refuse('gateway_handshake_stale', 'the hello timestamp is too far from the controller clock');
    const nonceKey = `${gatewayId}\u0000${nonce}`;
    if (this.nonces.has(nonceKey)) return connection.refuse('gateway_handshake_replayed', 'the hello nonce was used before');
    this.rememberNonce(nonceKey);
    const publicKey = method === 'ed25519' ? (str(frame.publicKey, 64) ?? '') : '';
    const payload = authPayload({ controllerId, challenge, gatewayId, method, publicKey, nonce, ts });
    connection.gatewayId = gatewayId;
    // What a gateway says of itself is stored and shown: no NUL (PostgreSQL text cannot hold it).
    connection.implementation = str(frame.implementation, 200) === undefined ? null : storableText(frame.implementation as string);
    connection.version = str(frame.version, 100) === undefined ? null : storableText(frame.version as string);
    const row = await this.registry.get(gatewayId);

    if (method === 'hmac') {
      const secret = row && row.method === 'hmac' && row.status === 'approved' ? await this.registry.hmacSecret(row) : undefined;
      const mac = str(frame.mac, 128);
      const expected = secret ? Buffer.from(hmacOf(secret, payload)) : undefined;
      if (!row || !expected || !mac || controllerId !== row.controller_id || expected.length !== Buffer.byteLength(mac) || !timingSafeEqual(expected, Buffer.from(mac))) {
        return connection.refuse('gateway_not_trusted', 'the gateway is not trusted with this secret');
      }
      await this.registry.seen(gatewayId, { implementation: connection.implementation ?? undefined, version: connection.version ?? undefined });
      return this.goLive(connection);
    }

    const signature = str(frame.signature, 200);
    if (!publicKey || !signature || !verifyEd25519(publicKey, payload, signature)) return connection.refuse('gateway_signature_invalid', 'the hello signature does not verify');
    connection.publicKey = publicKey;
    if (row?.method === 'hmac' && row.status === 'approved') return connection.refuse('gateway_credential_method_hmac', 'this gateway is trusted by HMAC secret');
    if (row?.status === 'rejected') return connection.refuse('gateway_pairing_rejected', 'the pairing of this gateway was rejected');
    if (row?.status === 'approved') {
      if (row.public_key !== publicKey) return connection.refuse('gateway_key_mismatch', 'the gateway presented another key than the one approved');
      await this.registry.seen(gatewayId, { implementation: connection.implementation ?? undefined, version: connection.version ?? undefined });
      return this.goLive(connection);
    }
    const fingerprint = fingerprintOf(publicKey);
    const transcript = storableJson({
      receivedAt: new Date().toISOString(),
      remoteAddress: connection.socket.remoteAddress ?? null,
      challenge: { controllerId: CONTROLLER_ID, nonce: challenge },
      hello: {
        gatewayId,
        method,
        controllerId,
        publicKey,
        fingerprint,
        nonce,
        ts: new Date(ts).toISOString(),
        signature,
        implementation: connection.implementation,
        version: connection.version,
        protocol: frame.protocol ?? null,
      },
      signatureVerified: true,
    });
    const recorded = await this.registry.recordPending({ gatewayId, controllerId, publicKey, fingerprint, transcript, implementation: connection.implementation ?? '', version: connection.version ?? '' });
    if (connection.socket.destroyed) return;
    if (recorded.status === 'approved') return this.goLive(connection);
    if (recorded.status === 'refused') return connection.refuse(recorded.code, recorded.message);
    this.addPending(connection);
    connection.send({ type: 'pending', fingerprint });
  }

  private peerOf(connection: GatewayConnection): string {
    return connection.socket.remoteAddress ?? 'unknown';
  }

  private goLive(connection: GatewayConnection): void {
    if (connection.socket.destroyed) return;
    const previous = this.live.get(connection.gatewayId);
    if (previous && previous !== connection) {
      this.live.delete(connection.gatewayId);
      previous.refuse('gateway_superseded', 'a newer connection of this gateway authenticated');
      this.events.closed(previous);
    }
    connection.authenticated = true;
    if (!connection.tokenReturned) {
      connection.tokenReturned = true;
      this.limiter.giveBack(this.peerOf(connection));
    }
    this.live.set(connection.gatewayId, connection);
    connection.send({ type: 'welcome', gatewayId: connection.gatewayId });
    this.events.authenticated(connection);
  }

  private rememberNonce(key: string): void {
    const now = Date.now();
    this.nonces.set(key, now);
    if (this.nonces.size > 10_000) {
      for (const [k, at] of this.nonces) if (now - at > 2 * MAX_CLOCK_SKEW_MS) this.nonces.delete(k);
    }
  }
}
