/**
 * The load / busy / notice state every view keeps, written once. `resource()` is what a view
 * reads from the API (the data, the failure's text, whether a load is in flight);
 * `action()` is what it sends (busy while in flight, then the failure's text or a success
 * line). Both keep the last good data or message across a failure, as the views always did.
 *
 * Overlapping reads of one resource: the last one started wins (an earlier answer arriving late is
 * dropped). A read that failed does not stay failed: every resource whose last read failed reads again
 * when the browser comes back online and when the tab becomes visible again, so an offline
 * error clears by itself once the network returns (and `retry` does it on demand).
 */
import { describeFailure, type ApiResult } from './api';

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

export class Resource<T> {
  data = $state<T | undefined>();
  problem = $state<string | undefined>();
  loading = $state(false);
  readonly #fetch: () => Promise<ApiResult<T>>;
  readonly #onload: ((data: T) => void) | undefined;

  constructor(fetch: () => Promise<ApiResult<T>>, onload?: (data: T) => void) {
    this.#fetch = fetch;
    this.#onload = onload;
  }

  /** The first read has not answered yet: show a skeleton, not an empty list or zeros. */
  get pending(): boolean {
    return this.data === undefined && this.problem === undefined;
  }

  /** Reads started so far: only the latest one's answer is applied. */
  #reads = 0;

  /**
   * Fetches again; true when it worked. When reads overlap (the operator changed a filter while
   * one was in flight), the last one started wins: an earlier answer arriving late is dropped, so
   * it can neither show another selection's data nor reset a form the operator is filling in.
   */
  load = async (): Promise<boolean> => {
    const read = ++this.#reads;
    this.loading = true;
    const result = await this.#fetch();
    if (read !== this.#reads) return result.ok;
    this.loading = false;
    if (!result.ok) {
      this.problem = describeFailure(result);
      failed.add(this as Resource<unknown>);
      listenForRecovery();
      return false;
    }
    failed.delete(this as Resource<unknown>);
    this.data = result.data;
    this.problem = undefined;
    this.#onload?.(result.data);
    return true;
  };

  /** Reads again after a failure (the Retry button beside the problem). */
  retry = (): void => {
    void this.load();
  };
}

/** The resources whose last read failed; each leaves the set when a read works again. */
const failed = new Set<Resource<unknown>>();
let listening = false;

/** Re-reads what failed when the network returns or the operator comes back to the tab. */
function listenForRecovery(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const recover = () => {
    if (document.visibilityState === 'hidden' || navigator.onLine === false) return;
    for (const resource of [...failed]) if (!resource.loading) resource.retry();
  };
  window.addEventListener('online', recover);
  document.addEventListener('visibilitychange', recover);
}

/**
 * The same recovery for a view that keeps its own read (a load function and its problem) instead
 * of a `resource()`: while `failed()` is true, `retry` runs when the network returns or the tab
 * becomes visible again. Call it while the component initialises (it sets up an `$effect`):
 *
 *     readAgainWhenBack(() => loadProblem !== undefined, load);
 */
export function readAgainWhenBack(failed: () => boolean, retry: () => unknown): void {
  $effect(() => {
    if (!failed()) return;
    const recover = () => {
      if (document.visibilityState === 'hidden' || navigator.onLine === false) return;
      void retry();
    };
    window.addEventListener('online', recover);
    document.addEventListener('visibilitychange', recover);
    return () => {
      window.removeEventListener('online', recover);
      document.removeEventListener('visibilitychange', recover);
    };
  });
}

/** `const agents = resource(api.agents);` then `agents.load()` in an effect, `agents.data`, `agents.problem`, `agents.loading`. */
export function resource<T>(fetch: () => Promise<ApiResult<T>>, onload?: (data: T) => void): Resource<T> {
  return new Resource(fetch, onload);
}

export interface SendOptions<T> {
  /** Applies the answer; a string it returns is shown as the success line. */
  ok?: (data: T) => string | void;
  /** Words a failure differently than `code: message`. */
  failed?: (failure: Failure) => string;
}

export class Action {
  busy = $state(false);
  problem = $state<string | undefined>();
  success = $state<string | undefined>();

  /** Sends one request, clearing the last outcome first. */
  send = async <T>(request: () => Promise<ApiResult<T>>, options: SendOptions<T> = {}): Promise<ApiResult<T>> => {
    this.busy = true;
    this.clear();
    const result = await request();
    this.busy = false;
    if (result.ok) this.success = options.ok?.(result.data) ?? undefined;
    else this.problem = options.failed?.(result) ?? describeFailure(result);
    return result;
  };

  clear = (): void => {
    this.problem = undefined;
    this.success = undefined;
  };
}

/** `const saving = action();` then `saving.send(() => api.save(x), { ok: (data) => … })`; `<SaveRow saving={saving.busy} problem={saving.problem} success={saving.success} …>`. */
export function action(): Action {
  return new Action();
}
