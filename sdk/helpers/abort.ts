/** Helpers for work bounded by an AbortSignal. */

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as `signal` aborts, even
 * when the work itself ignores the signal. The loser of the race never surfaces as an
 * unhandled rejection. @public
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
