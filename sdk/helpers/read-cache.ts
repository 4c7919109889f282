/**
 * A short-lived read-through cache for rows read on every request (mod settings, secrets'
 * ciphertext). `forget` drops one at once and makes any read that was in flight meanwhile not
 * fill the cache, so a write through the same store is never followed by its old value. Owners
 * call `forget`/`clear` on change notices (`coreServices.changes`), so another process's write
 * shows as soon as its notice arrives; the TTL ({@link READ_CACHE_TTL_MS}) is only the backstop
 * for a notice that never came.
 */
import type { ChangesService } from '../core/changes.js';
import type { Disposable } from '../disposable.js';

export const READ_CACHE_TTL_MS = 2_000;

/** @public */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private generation = 0;

  async read(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < READ_CACHE_TTL_MS) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.entries.set(key, { value, at: Date.now() });
    return value;
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Drops every entry (a resync: notices may have been lost). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/**
 * A {@link ReadCache} kept true across processes through the mod's change bus: `changed(key)`
 * drops the entry here at once and, once the write committed, announces `name`/`key` so every
 * process drops its own (a resync drops everything). Without a change bus (tests that give none)
 * it is a plain per-process cache whose entries also expire after the TTL. A write rolled back
 * announces nothing; a notice that never arrives is covered by the TTL.
 * @public
 */
export class NoticedReadCache<V> {
  private readonly cache = new ReadCache<V>();
  private readonly subscription: Disposable | undefined;

  /** `topic` is `<modId>.<name>`: the full name other processes' notices arrive under. */
  constructor(
    private readonly changes: ChangesService | undefined,
    private readonly topic: string,
  ) {
    this.subscription = changes?.subscribe(topic, (notice) => {
      if (notice.resync || notice.key === undefined) this.cache.clear();
      else this.cache.forget(notice.key);
    });
  }

  read(key: string, load: () => Promise<V>): Promise<V> {
    return this.cache.read(key, load);
  }

  /** Drops `key` in this process only (before a write starts, so no read meanwhile fills it). */
  forget(key: string): void {
    this.cache.forget(key);
  }

  /**
   * Call after writing what `key` stands for (no key: what any key stands for), with the
   * transaction it was written in, if any: the notice goes out once that committed.
   */
  changed(key: string | undefined, trx?: { executionPromise?: Promise<unknown> }): void {
    if (key === undefined) this.cache.clear();
    else this.cache.forget(key);
    if (!this.changes) return;
    const name = this.topic.slice(this.topic.indexOf('.') + 1);
    const committed = trx?.executionPromise ?? Promise.resolve();
    // A lost notice is not a failed write: other processes' entries still expire with the TTL.
    void committed.then(
      () => this.changes!.publish(name, key).catch(() => undefined),
      () => undefined,
    );
  }

  dispose(): void {
    this.subscription?.dispose();
  }
}
