/**
 * One subscriber's view of a run's events: an async iterator whose `return()` takes effect at
 * once, even while a `next()` is waiting, so a client that hangs up detaches immediately
 * (an async generator would only notice at the next event).
 */

/** One line of the NDJSON stream. */
export interface ChatEvent {
  type: string;
  runId: string;
  sessionId: string;
  ts: string;
  /** 1, 2, … per run, in emit order (the run event log's number; resume after it). */
  seq: number;
  data: Record<string, unknown>;
}

export class EventChannel<T> implements AsyncIterableIterator<T> {
  private readonly buffered: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private ended = false;

  constructor(private readonly onClose: () => void) {}

  /** Queues a value; after `end()` nothing more is queued. */
  push(value: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
    } else {
      this.buffered.push(value);
    }
  }

  /** No more values: the iterator finishes once the buffer is drained. */
  end(): void {
    this.ended = true;
    if (this.waiting && this.buffered.length === 0) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: undefined, done: true });
    }
  }

  /** Takes every value queued right now (none when empty), without waiting. */
  takeQueued(): T[] {
    if (this.buffered.length === 0) return [];
    return this.buffered.splice(0, this.buffered.length);
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.buffered.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** The consumer stopped (e.g. the client closed the connection). */
  return(): Promise<IteratorResult<T>> {
    const wasOpen = !this.ended;
    this.ended = true;
    this.buffered.length = 0;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: undefined, done: true });
    }
    if (wasOpen) this.onClose();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
