/** Something that can be undone: every registration a mod makes returns one. @public */
export interface Disposable {
  /** Undo the registration. Idempotent: a second call does nothing. */
  dispose(): void | Promise<void>;
}

/** Wraps a function as an idempotent {@link Disposable}. @public */
export function toDisposable(fn: () => void | Promise<void>): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      return fn();
    },
  };
}
