/**
 * Per-peer bound on unauthenticated handshakes to the gateway listener. Anyone who can reach
 * the listener may try to pair, and each try costs a TLS handshake, a signature check and a
 * database write; one peer (remote address) gets a bucket of {@link HANDSHAKE_BURST} tries that
 * refills by one every {@link HANDSHAKE_REFILL_MS}. Every connection takes a token when it is
 * accepted; a connection that authenticates (an approved key, an HMAC secret, a pairing the
 * operator approves while it waits) gives it back, so trusted gateways reconnecting never run
 * their peer dry. Peers behind one address (NAT) share a bucket.
 */
export const HANDSHAKE_BURST = 30;
export const HANDSHAKE_REFILL_MS = 2_000;
/** Peers remembered at most; full buckets are forgotten first (they are the default). */
const MAX_PEERS = 4096;

interface Bucket {
  tokens: number;
  at: number;
}

export class HandshakeLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly burst = HANDSHAKE_BURST,
    private readonly refillMs = HANDSHAKE_REFILL_MS,
  ) {}

  private bucket(peer: string, now: number): Bucket {
    let bucket = this.buckets.get(peer);
    if (!bucket) {
      if (this.buckets.size >= MAX_PEERS) this.forget(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(peer, bucket);
    }
    const refill = Math.floor((now - bucket.at) / this.refillMs);
    if (refill > 0) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + refill);
      bucket.at = bucket.tokens === this.burst ? now : bucket.at + refill * this.refillMs;
    }
    return bucket;
  }

  /** Takes a token of `peer`; false when it has none left (the connection is refused). */
  take(peer: string, now = Date.now()): boolean {
    const bucket = this.bucket(peer, now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Gives back the token of a connection that authenticated. */
  giveBack(peer: string, now = Date.now()): void {
    const bucket = this.bucket(peer, now);
    bucket.tokens = Math.min(this.burst, bucket.tokens + 1);
  }

  private forget(now: number): void {
    for (const [peer, bucket] of this.buckets) {
      if (bucket.tokens + Math.floor((now - bucket.at) / this.refillMs) >= this.burst) this.buckets.delete(peer);
    }
    // Every peer is busy: the oldest entries go (Map keeps insertion order).
    for (const peer of this.buckets.keys()) {
      if (this.buckets.size < MAX_PEERS) break;
      this.buckets.delete(peer);
    }
  }
}
