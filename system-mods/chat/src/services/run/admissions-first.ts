/**
 * Admissions before execution. When many turns arrive at once (a thousand clients, a reconnect
 * storm), each admitted run would otherwise start its model call and tools at once and compete,
 * on the one thread and the embedded database's one connection, with the admissions still under
 * way: the last request of the burst saw its `run.started` only when most of the burst had run.
 * Here an admitted run starts executing once no admission is in flight, so a burst's first events
 * all leave first; a run never waits longer than {@link MAX_HOLD_MS} (a steady flow of arrivals
 * must not starve execution). Runs released together start in the order they were admitted,
 * {@link RELEASE_SLICE} per turn of the event loop: a thousand released at once would start their
 * model calls in one stretch of the thread, and a health check or a new request would wait for
 * all of them.
 */

/** The longest an admitted run waits for other admissions to finish. */
export const MAX_HOLD_MS = 1_000;
/** Runs released in one turn of the event loop at most. */
export const RELEASE_SLICE = 16;

export class AdmissionsFirst {
  private inFlight = 0;
  private waiting: Array<() => void> = [];
  /** Released runs not started yet (a release in slices is under way), in order. */
  private releasing: Array<() => void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** An admission begins (pair with {@link leave}). */
  enter(): void {
    this.inFlight += 1;
  }

  /** An admission ended, admitted or refused. */
  leave(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) this.release();
  }

  /** Resolves once no admission is in flight, or after {@link MAX_HOLD_MS}. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0 && !this.releasing) return Promise.resolve();
    return new Promise((resolve) => {
      // Behind the released runs still starting, so runs start in the order they were admitted.
      if (this.inFlight === 0 && this.releasing) return void this.releasing.push(resolve);
      this.waiting.push(resolve);
      if (this.timer === undefined) {
        this.timer = setTimeout(() => this.release(), MAX_HOLD_MS);
        this.timer.unref();
      }
    });
  }

  private release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    if (this.releasing) return void this.releasing.push(...batch);
    const releasing = (this.releasing = batch);
    const step = (): void => {
      for (const resolve of releasing.splice(0, RELEASE_SLICE)) resolve();
      if (releasing.length > 0) setImmediate(step);
      else this.releasing = undefined;
    };
    step();
  }
}
