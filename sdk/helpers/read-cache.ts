/**
 * A short-lived read-through cache for rows read on every request (mod settings, secrets'
 * ciphertext). `forget` drops one at once and makes any read that was in flight meanwhile not
 * fill the cache, so a write through the same store is never followed by its old value. Owners
 * call `forget`/`clear` on change notices (`coreServices.changes`), so another process's write
 * shows as soon as its notice arrives; the TTL ({@link READ_CACHE_TTL_MS}) is only the backstop
 * for a notice that never came.
 */
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
