/**
 * One deadline for a whole use of an MCP connection, and the classified failures a use ends
 * with (turned into catalogued errors by the manager).
 */
import type { EgressRefusedError } from '../../../../sdk/core/egress.js';

export type FailureKind = 'timeout' | 'cancelled' | 'shutdown' | 'closed' | 'not_delivered' | 'refused' | 'connect' | 'egress';

/** A failed use of a link, classified; turned into a catalogued error at the edge of `use`. */
export class LinkFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly reason: string,
    /** The egress guard's refusal (kind `egress`). */
    readonly refusal?: EgressRefusedError,
  ) {
    super(reason);
  }
}

export function egressFailure(refusal: EgressRefusedError): LinkFailure {
  return new LinkFailure('egress', refusal.message, refusal);
}

/** An HTTP error answer by its status only: its body may be anything the URL's host serves. */
export function httpErrorReason(status: number): string {
  return status > 0 ? `the server answered HTTP ${status}` : 'the server sent an answer the client cannot use';
}

export class DeadlinePassed extends Error {}
export class CallerCancelled extends Error {}
export class ManagerClosing extends Error {}

/** One deadline for a whole use, also ended by the caller's signal or by the manager closing. */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;
  private endsAt: number;
  private readonly onOuterAbort = () => this.abort(new CallerCancelled('the caller cancelled the request'));

  constructor(
    public timeoutMs: number,
    private readonly outer?: AbortSignal,
  ) {
    this.endsAt = Date.now() + timeoutMs;
    this.timer = setTimeout(() => this.abort(new DeadlinePassed(`no answer within ${timeoutMs} ms`)), timeoutMs);
    if (outer?.aborted) this.onOuterAbort();
    else outer?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  remaining(): number {
    return Math.max(1, this.endsAt - Date.now());
  }

  /** Shortens the deadline to `ms` from its start when that is sooner (a stdio server's maxCommandSeconds). */
  tighten(ms: number): void {
    const endsAt = this.endsAt - this.timeoutMs + ms;
    if (endsAt >= this.endsAt) return;
    clearTimeout(this.timer);
    this.endsAt = endsAt;
    this.timeoutMs = ms;
    this.timer = setTimeout(() => this.abort(new DeadlinePassed(`no answer within ${ms} ms`)), Math.max(0, endsAt - Date.now()));
  }

  abort(reason: Error): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}

export function abortFailure(reason: unknown): LinkFailure {
  if (reason instanceof DeadlinePassed) return new LinkFailure('timeout', reason.message);
  if (reason instanceof ManagerClosing) return new LinkFailure('shutdown', reason.message);
  return new LinkFailure('cancelled', reason instanceof Error ? reason.message : 'cancelled');
}

/** Waits for `promise` at most `ms`; never rejects. */
export async function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
