/**
 * The wire protocol between the controller (the exec-gateway mod's TLS listener) and a gateway:
 * newline-delimited JSON frames over one TLS connection the gateway opens. Shared by both sides;
 * imports only Node.
 *
 * Handshake: the controller sends `challenge` {controllerId, nonce, ts}; the gateway answers
 * `hello` {gatewayId, method, publicKey?, nonce, ts, signature | mac} over {@link authPayload}.
 * The controller answers `welcome`, `pending` (an Ed25519 key waiting for approval; `welcome`
 * follows when the operator approves) or `error` and closes.
 */
import { createHash, createHmac, createPublicKey, verify, type KeyObject } from 'node:crypto';

export const PROTOCOL_VERSION = 1;
/** A frame longer than this (bytes, before the newline) closes the connection. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** A hello whose timestamp is further than this from the controller's clock is stale. */
export const MAX_CLOCK_SKEW_MS = 60_000;
/** Output chunks a gateway sends are at most this many bytes of text. */
export const OUTPUT_CHUNK_BYTES = 64 * 1024;

export type Frame = { type: string; [key: string]: unknown };

/** The bytes a gateway signs (Ed25519) or MACs (HMAC-SHA256) in its hello. */
export function authPayload(p: { controllerId: string; challenge: string; gatewayId: string; method: string; publicKey: string; nonce: string; ts: number }): Buffer {
  return Buffer.from(['svc-gateway-auth-v1', p.controllerId, p.challenge, p.gatewayId, p.method, p.publicKey, p.nonce, String(p.ts)].join('\n'), 'utf8');
}

/** `SHA256:<base64 without padding>` of the raw 32-byte public key, as SSH prints key fingerprints. */
export function fingerprintOf(rawPublicKeyBase64: string): string {
  return `SHA256:${createHash('sha256').update(Buffer.from(rawPublicKeyBase64, 'base64')).digest('base64').replace(/=+$/, '')}`;
}

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The raw 32 public key bytes (base64) of an Ed25519 key object. */
export function rawPublicKey(key: KeyObject): string {
  const der = key.export({ type: 'spki', format: 'der' });
  return der.subarray(ED25519_SPKI_PREFIX.length).toString('base64');
}

export function publicKeyFromRaw(rawBase64: string): KeyObject {
  const raw = Buffer.from(rawBase64, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key has 32 bytes');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

export function verifyEd25519(rawBase64: string, payload: Buffer, signatureBase64: string): boolean {
  try {
    return verify(null, payload, publicKeyFromRaw(rawBase64), Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

export function hmacOf(secret: string, payload: Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('base64');
}

/**
 * Splits a byte stream into JSON frames. A line over {@link MAX_FRAME_BYTES} or a line that is
 * not a JSON object calls `onError` (the caller closes the connection).
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly onFrame: (frame: Frame) => void,
    private readonly onError: (reason: string) => void,
  ) {}

  push(data: Buffer): void {
    let start = 0;
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, start)) {
      const piece = data.subarray(start, i);
      start = i + 1;
      if (this.size + piece.length > MAX_FRAME_BYTES) return this.onError('frame too large');
      const line = this.size === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.chunks = [];
      this.size = 0;
      if (line.length === 0) continue;
      let frame: unknown;
      try {
        frame = JSON.parse(line.toString('utf8'));
      } catch {
        return this.onError('frame is not JSON');
      }
      if (typeof frame !== 'object' || frame === null || Array.isArray(frame) || typeof (frame as Frame).type !== 'string') return this.onError('frame is not an object with a type');
      this.onFrame(frame as Frame);
    }
    const rest = data.subarray(start);
    if (rest.length === 0) return;
    if (this.size + rest.length > MAX_FRAME_BYTES) return this.onError('frame too large');
    this.chunks.push(rest);
    this.size += rest.length;
  }
}

export function encodeFrame(frame: Frame): string {
  return `${JSON.stringify(frame)}\n`;
}
