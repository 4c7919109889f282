/**
 * One worker: a loop that claims one due job at a time from a pg-boss queue, runs the handler
 * and settles that job alone.
 *
 * Written here instead of pg-boss's `work()` because that loop (a) waits a full polling
 * interval after every batch, even when more jobs are due, so a backlog of 10,000 drains at one
 * job per interval; (b) completes or fails a whole batch together; (c) gives the handler no
 * abort signal; and (d) sleeps on timers that hold the process open. pg-boss still does what it
 * is good at: storage, claiming with `FOR UPDATE SKIP LOCKED` (each job runs once across
 * replicas), retry scheduling with backoff, expiry and archiving.
 */
import type PgBoss from 'pg-boss';
import type { JobContext, JobHandler } from '../../sdk/core-services.js';
import type { TraceCarrier } from '../../sdk/core/telemetry.js';
import { carrierFrom, NOOP_SPAN, TRACING_OFF, type KernelTracing } from '../telemetry/tracing.js';

export interface WorkerLog {
  warn(obj: object, msg: string): void;
}

export interface QueueWorkerOptions {
  boss: PgBoss;
  /** Full queue name (`<modId>.<queue>`). */
  name: string;
  /** The name the mod knows. */
  shortName: string;
  /** The mod that owns the worker. */
  owner: string;
  handler: JobHandler<any>;
  tracing?: KernelTracing;
  pollingIntervalMs: number;
  /** Resolves once the queue exists; retried by the loop until it does. */
  ready: () => Promise<void>;
  log: WorkerLog;
}

/** Most characters of a failure message kept with the job (messages, never stacks). */
const MAX_FAILURE_MESSAGE = 1_000;

/** Largest handler result kept as the job's output. */
const MAX_OUTPUT_BYTES = 64 * 1024;
/** After a stop's grace ran out and the attempt was aborted: time to record the failure. */
const SETTLE_AFTER_ABORT_MS = 5_000;

export class QueueWorker {
  readonly name: string;
  readonly owner: string;
  private stopping = false;
  private notified = false;
  private wake: (() => void) | undefined;
  private current: AbortController | undefined;
  private loopDone: Promise<void> = Promise.resolve();
  private lastError: string | undefined;

  constructor(private readonly options: QueueWorkerOptions) {
    this.name = options.name;
    this.owner = options.owner;
  }

  start(): void {
    this.loopDone = this.loop();
  }

  /** A job may be due now (sent from this process): look without waiting for the next poll. */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /**
   * Stops taking work; waits up to `graceMs` for the job in hand, then aborts its signal and
   * records the attempt as failed (it is retried, here or on another replica, while retries remain).
   */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.wake?.();
    if (await settlesWithin(this.loopDone, graceMs)) return;
    this.current?.abort(new Error('the worker stopped before the job finished'));
    await settlesWithin(this.loopDone, SETTLE_AFTER_ABORT_MS);
  }

  private async loop(): Promise<void> {
    const { boss, name, pollingIntervalMs } = this.options;
    while (!this.stopping) {
      this.notified = false;
      let job: PgBoss.JobWithMetadata | undefined;
      try {
        await this.options.ready();
        [job] = await boss.fetch(name, { batchSize: 1, includeMetadata: true });
        this.lastError = undefined;
      } catch (error) {
        this.report(error, 'cannot fetch jobs');
      }
      // A claimed job is active: it is run even when a stop arrived meanwhile.
      if (job) {
        await this.run(job);
        continue; // more may be due: no pause between jobs
      }
      if (!this.stopping && !this.notified) await this.sleep(pollingIntervalMs);
    }
  }

  private async run(job: PgBoss.JobWithMetadata): Promise<void> {
    const { boss, name, shortName, handler } = this.options;
    const controller = new AbortController();
    this.current = controller;
    const expiresInMs = Math.max(1, Number(job.expireInSeconds)) * 1000;
    const expiry = setTimeout(() => controller.abort(new Error(`the job passed its ${expiresInMs / 1000} s expiry`)), expiresInMs);
    expiry.unref();
    const { data, carrier } = takeCarrier(job.data);
    const tracing = this.options.tracing ?? TRACING_OFF;
    const span = tracing.enabled
      ? tracing.start(`job ${shortName}`, {
          kind: 'consumer',
          parent: carrier ?? null,
          attributes: { 'svc.job.queue': name, 'svc.job.id': job.id, 'svc.job.retry_count': job.retryCount },
        })
      : NOOP_SPAN;
    const context: JobContext<unknown> = {
      id: job.id,
      queue: shortName,
      data,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      signal: controller.signal,
    };
    try {
      const attempt = tracing.within(span, async () => handler(context));
      attempt.catch(() => undefined); // after an abort nobody awaits it
      const value = await Promise.race([attempt, rejectOnAbort(controller.signal)]);
      await boss.complete(name, job.id, outputOf(value));
      span.end();
    } catch (error) {
      const message = describe(error);
      span.fail('job_failed', message);
      span.end();
      this.options.log.warn({ queue: name, jobId: job.id, retryCount: job.retryCount, reason: message }, 'job attempt failed');
      await boss.fail(name, job.id, { message }).catch((failure) => this.report(failure, 'cannot record a failed attempt'));
    } finally {
      clearTimeout(expiry);
      this.current = undefined;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      // Unref'd: an idle worker never keeps the process alive.
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wake = done;
    });
  }

  /** Logs a database problem once per distinct message, not once per poll. */
  private report(error: unknown, msg: string): void {
    const reason = describe(error);
    if (reason === this.lastError) return;
    this.lastError = reason;
    this.options.log.warn({ queue: this.options.name, reason }, msg);
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : 'the handler failed';
  return text.length > MAX_FAILURE_MESSAGE ? `${text.slice(0, MAX_FAILURE_MESSAGE)}…` : text;
}

/** A plain object result small enough to keep; anything else is not stored. */
function outputOf(value: unknown): object | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  try {
    return JSON.stringify(value).length <= MAX_OUTPUT_BYTES ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The job data field that carries the sender's W3C trace context (never shown to the handler). */
export const TRACE_FIELD = '__svcTrace';

/** Job data without the trace field, and the trace context it carried. */
export function takeCarrier(data: unknown): { data: unknown; carrier?: TraceCarrier } {
  if (typeof data !== 'object' || data === null || !(TRACE_FIELD in data)) return { data };
  const { [TRACE_FIELD]: raw, ...rest } = data as Record<string, unknown>;
  const carrier = raw as { traceparent?: unknown; tracestate?: unknown } | undefined;
  return { data: rest, carrier: carrierFrom(carrier?.traceparent, carrier?.tracestate) };
}
