/**
 * Runs of one agent/session go one at a time, in arrival order; different sessions run in
 * parallel. In process only: active runs live on one replica (see docs/operating.md, "Running several processes").
 */
export class SessionLanes {
  private readonly tails = new Map<string, Promise<void>>();

  static key(agentId: string, sessionId: string): string {
    return `${agentId}\u0000${sessionId}`;
  }

  /** Runs `work` after everything queued before it on `key` has settled. */
  enqueue(key: string, work: () => Promise<void>): Promise<void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return run;
  }

  /** Whether `key` has queued or running work. */
  pending(key: string): boolean {
    return this.tails.has(key);
  }

  /** Keys with queued or running work. */
  size(): number {
    return this.tails.size;
  }
}
