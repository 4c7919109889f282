/**
 * Runs a periodic tick on a timer, one tick at a time: the next one is planned when the
 * previous one ended, at the interval the settings say then (a changed setting applies from the
 * next tick). The timer is unref'd, so it never keeps the process alive; `stop` waits for a tick
 * in progress. Mods use it for schedulers and sweeps. @public
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly intervalMs: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.once();
    }, delayMs);
    this.timer.unref();
  }

  private async once(): Promise<void> {
    try {
      await this.tick();
    } catch (error) {
      this.onError(error);
    }
    let delay = 15_000;
    try {
      delay = await this.intervalMs();
    } catch (error) {
      this.onError(error);
    }
    this.running = undefined;
    this.schedule(delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
