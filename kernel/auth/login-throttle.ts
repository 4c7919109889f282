/**
 * Basic-mode password guessing costs the guesser, not the service. Each password check is an
 * scrypt (tens of milliseconds of CPU and 16 MiB), so:
 *
 * - Repeated failures are throttled per peer and per username: after {@link
 *   LoginThrottleOptions.maxFailures} failures within the window the peer (or the username) is
 *   refused for a block that doubles with every further failure after it, up to a cap. A
 *   refused attempt runs no scrypt and answers 429 `auth_throttled` with `Retry-After`.
 * - At most {@link LoginThrottleOptions.maxConcurrent} checks run at once; a few more wait in a
 *   short queue, and beyond that an attempt is refused with 429 at once.
 * - A success clears the counters of its peer and its username.
 *
 * Memory is bounded: each table keeps at most `maxEntries` entries (the least recently touched
 * goes first), usernames are keyed by a short hash, and an IPv6 peer counts as its /64 (one host
 * usually owns a whole /64).
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { stripMappedPrefix } from '../config.js';

export interface LoginThrottleOptions {
  /** Failures within `windowMs` before the first block. */
  maxFailures: number;
  /** How long failures are remembered after the last failure or block. */
  windowMs: number;
  /** The first block; each further failure after a block doubles it. */
  baseBlockMs: number;
  maxBlockMs: number;
  /** Entries per table (peers, usernames). */
  maxEntries: number;
  /** Password checks running at once. */
  maxConcurrent: number;
  /** Password checks waiting for a slot; beyond this an attempt is refused. */
  maxQueued: number;
  now: () => number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  baseBlockMs: 30_000,
  maxBlockMs: 15 * 60_000,
  maxEntries: 10_000,
  maxConcurrent: 4,
  maxQueued: 16,
  now: Date.now,
};

interface Entry {
  failures: number;
  /** Blocks imposed so far: the next one lasts baseBlockMs × 2^blocks. */
  blocks: number;
  last: number;
  blockedUntil: number;
}

/** The throttle's answer: go ahead, or wait this many milliseconds. */
export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterMs: number };

/** `2001:db8:1:2:3:4:5:6` → `2001:db8:1:2::/64`; IPv4 (also mapped) as it is. */
export function peerKey(peer: string): string {
  const address = stripMappedPrefix(peer);
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

const userKey = (user: string) => createHash('sha256').update(user).digest('base64url').slice(0, 22);

class Table {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly options: LoginThrottleOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /** Milliseconds this key is still blocked for (0 when not). */
  blockedFor(key: string, now: number): number {
    const entry = this.live(key, now);
    return entry && entry.blockedUntil > now ? entry.blockedUntil - now : 0;
  }

  failed(key: string, now: number): void {
    const { maxFailures, baseBlockMs, maxBlockMs, maxEntries } = this.options;
    const entry = this.live(key, now) ?? { failures: 0, blocks: 0, last: now, blockedUntil: 0 };
    entry.failures++;
    entry.last = now;
    if (entry.failures >= maxFailures || entry.blocks > 0) {
      entry.blockedUntil = now + Math.min(maxBlockMs, baseBlockMs * 2 ** Math.min(entry.blocks, 30));
      entry.blocks++;
      entry.failures = 0;
    }
    this.entries.delete(key); // re-inserted last: the map's order is least recently touched first
    this.entries.set(key, entry);
    while (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  /** The entry while it still counts: forgotten a window after its last failure or block. */
  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && now - Math.max(entry.last, entry.blockedUntil) > this.options.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

export class LoginThrottle {
  readonly options: LoginThrottleOptions;
  private readonly peers: Table;
  private readonly users: Table;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.options = { ...DEFAULT_LOGIN_THROTTLE, ...options };
    this.peers = new Table(this.options);
    this.users = new Table(this.options);
  }

  /** Whether `peer` may try a password for `user` now. */
  check(peer: string, user: string): ThrottleVerdict {
    const now = this.options.now();
    const wait = Math.max(this.peers.blockedFor(peerKey(peer), now), this.users.blockedFor(userKey(user), now));
    return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
  }

  failed(peer: string, user: string): void {
    const now = this.options.now();
    this.peers.failed(peerKey(peer), now);
    this.users.failed(userKey(user), now);
  }

  succeeded(peer: string, user: string): void {
    this.peers.clear(peerKey(peer));
    this.users.clear(userKey(user));
  }

  /** Entries remembered (peers, usernames): for tests of the memory bound. */
  get size(): { peers: number; users: number } {
    return { peers: this.peers.size, users: this.users.size };
  }

  /**
   * Runs one password check within the concurrency bound. Resolves to undefined without
   * running it when the queue is full.
   */
  async limit<T>(check: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.options.maxConcurrent) {
      if (this.waiting.length >= this.options.maxQueued) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return { value: await check() };
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes on: running stays the same
      else this.running--;
    }
  }
}
