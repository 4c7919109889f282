/**
 * Live views: while work runs in the background (a task run, a work item, a schedule run, a
 * Dream cycle, a Forge job) a view reads its state again every few seconds, and stops when
 * nothing runs any more. One mechanism for every such view:
 *
 *     whileRunning(() => anyRunning, () => items.load());
 *
 * Call it while the component initialises (it sets up an `$effect`). `running` is tracked: the
 * polling starts when it turns true and ends when it turns false or the view goes away. A read
 * still in flight is not started again, so a slow server does not get a pile of requests.
 */

/** How often a live view reads again while something runs. */
export const LIVE_POLL_MS = 2000;

export function whileRunning(running: () => boolean, refresh: () => unknown, everyMs = LIVE_POLL_MS): void {
  $effect(() => {
    if (!running()) return;
    let reading = false;
    const timer = setInterval(async () => {
      if (reading) return;
      reading = true;
      try {
        await refresh();
      } finally {
        reading = false;
      }
    }, everyMs);
    return () => clearInterval(timer);
  });
}
