/**
 * Group commit for the embedded database, where statements run one at a time on the one
 * thread and each costs a fixed share of it: the writes submitted during one turn of the event
 * loop are written by one statement at its end (`setImmediate`: nothing waits for a timer or
 * for more work), those submitted meanwhile by the next one. Every caller is answered only
 * once its own rows are written. Writes whose keys collide (one session, one run id) never
 * share a statement; a shared statement that fails is retried write by write, so one write's
 * failure stays its own.
 */
export interface GroupCommitOptions<T, R> {
  /** Writes in one statement at most. */
  max: number;
  /** Keys two writes of one statement must not share. */
  keys: (item: T) => readonly string[];
  /** One write alone. */
  one: (item: T) => Promise<R>;
  /** Several writes in one statement (all or none); results in the order of `items`. */
  group: (items: T[]) => Promise<R[]>;
}

interface Queued<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Queued<T, R>[] = [];
  private draining = false;

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch: Queued<T, R>[] = [];
        const rest: Queued<T, R>[] = [];
        const taken = new Set<string>();
        for (const queued of this.queue) {
          const keys = this.options.keys(queued.item);
          if (batch.length < this.options.max && !keys.some((k) => taken.has(k))) {
            for (const k of keys) taken.add(k);
            batch.push(queued);
          } else {
            rest.push(queued);
          }
        }
        this.queue = rest;
        if (batch.length === 1) {
          await this.options.one(batch[0]!.item).then(batch[0]!.resolve, batch[0]!.reject);
          continue;
        }
        let results: R[] | undefined;
        try {
          results = await this.options.group(batch.map((q) => q.item));
        } catch {
          results = undefined;
        }
        for (const [i, queued] of batch.entries()) {
          if (results) queued.resolve(results[i]!);
          else await this.options.one(queued.item).then(queued.resolve, queued.reject);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
