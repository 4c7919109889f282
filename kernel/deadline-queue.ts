/**
 * Deadlines of many short operations on one timer. A request path that waits on another turn
 * (an async route, a call into a sandbox process) needs a bound, and a `setTimeout` per
 * operation costs a timer object, a list insert and a removal each time, though nearly every
 * operation ends long before its bound. Here an operation's deadline is an entry in a FIFO per
 * timeout value (operations with the same timeout come due in the order they started, so the
 * head of each FIFO is its earliest), and one timer is armed for the earliest head of all.
 *
 * `cancel` is O(1): it drops the callback; entries already done are trimmed from the head of
 * their FIFO as the head ends, so a FIFO holds little more than the operations in flight. When
 * the timer fires every entry due by then is expired (its callback runs once) and the timer is
 * armed again for the next head. The clock is monotonic (`performance.now`), so a change of the
 * wall clock moves no deadline.
 */

export interface Deadline {
  /** The operation ended: its callback never runs. Safe to call more than once, and after expiry. */
  cancel(): void;
}

class Entry implements Deadline {
  constructor(
    readonly at: number,
    public expired: (() => void) | undefined,
    private readonly fifo: Fifo,
  ) {}

  cancel(): void {
    if (this.expired === undefined) return;
    this.expired = undefined;
    this.fifo.trim();
  }
}

/** Entries of one timeout value, oldest first; a head index instead of `shift`, compacted now and then. */
class Fifo {
  private entries: Entry[] = [];
  private head = 0;

  push(entry: Entry): void {
    this.entries.push(entry);
  }

  /** The earliest live entry, after dropping cancelled ones from the front. */
  first(): Entry | undefined {
    this.trim();
    return this.entries[this.head];
  }

  take(): void {
    this.head++;
    this.compact();
  }

  get empty(): boolean {
    return this.head >= this.entries.length;
  }

  trim(): void {
    const { entries } = this;
    let head = this.head;
    while (head < entries.length && entries[head]!.expired === undefined) head++;
    if (head === this.head) return;
    this.head = head;
    this.compact();
  }

  private compact(): void {
    if (this.head === this.entries.length) {
      this.entries = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}

export interface DeadlineQueueOptions {
  /** The monotonic clock in milliseconds (tests may pass their own). */
  now?: () => number;
  /** Whether the one timer keeps the process alive (default false: waiting operations do). */
  ref?: boolean;
}

export class DeadlineQueue {
  private readonly fifos = new Map<number, Fifo>();
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer is due (Infinity: none armed). */
  private armedAt = Infinity;
  private readonly now: () => number;
  private readonly ref: boolean;

  constructor(options: DeadlineQueueOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.ref = options.ref ?? false;
  }

  /** Runs `expired` once `timeoutMs` have passed, unless the returned deadline is cancelled first. */
  add(timeoutMs: number, expired: () => void): Deadline {
    let fifo = this.fifos.get(timeoutMs);
    if (!fifo) this.fifos.set(timeoutMs, (fifo = new Fifo()));
    const entry = new Entry(this.now() + timeoutMs, expired, fifo);
    fifo.push(entry);
    // Within a FIFO a new entry is never due before its head: the timer moves only when this
    // timeout value is shorter than the one the timer is armed for.
    if (entry.at < this.armedAt) this.arm(entry.at);
    return entry;
  }

  /** Cancels nothing; drops the timer (every deadline still queued stays unexpired). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Infinity;
    this.fifos.clear();
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = setTimeout(this.fire, Math.max(0, Math.ceil(at - this.now())));
    if (!this.ref) this.timer.unref();
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    this.armedAt = Infinity;
    const now = this.now();
    const due: Array<() => void> = [];
    let next = Infinity;
    for (const [timeoutMs, fifo] of this.fifos) {
      for (let first = fifo.first(); first !== undefined && first.at <= now; first = fifo.first()) {
        due.push(first.expired!);
        first.expired = undefined;
        fifo.take();
      }
      const first = fifo.first();
      if (first) next = Math.min(next, first.at);
      else if (fifo.empty) this.fifos.delete(timeoutMs);
    }
    // Armed before the callbacks run: one that adds a deadline finds the timer in place.
    if (next !== Infinity) this.arm(next);
    for (const expired of due) expired();
  };
}
