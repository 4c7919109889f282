import type { Disposable } from '../../sdk/disposable.js';

/** The mod's registrations, undone in reverse order on disable. */
export class DisposerStack {
  private readonly items: Disposable[] = [];
  private closed = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Records `item`; after the stack closed (a late registration from a timed-out init) it is undone at once. */
  add<T extends Disposable>(item: T): T {
    if (this.closed) {
      void Promise.resolve(item.dispose()).catch(this.onError);
      throw new Error('the mod is no longer enabled');
    }
    this.items.push(item);
    return item;
  }

  async dispose(): Promise<void> {
    this.closed = true;
    while (this.items.length > 0) {
      const item = this.items.pop()!;
      try {
        await item.dispose();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
