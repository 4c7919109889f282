/**
 * `core.jobs`: the mod's durable job queues.
 */
import type { Knex } from 'knex';
import type { Disposable } from '../disposable.js';
import { createServiceRef } from '../service-ref.js';

/**
 * Options of one job. Retry timing is in whole seconds because the queue stores it that way;
 * with `retryBackoff` the n-th retry waits about `retryDelay × 2^(n-1)` to `2×` that (jitter).
 * @public
 */
export interface JobSendOptions {
  /** Retries after the first attempt fails (default 3); 0 runs the job at most once. */
  retryLimit?: number;
  /** Seconds before a retry (default 1). */
  retryDelay?: number;
  /** Exponential backoff with jitter over `retryDelay` (default true). */
  retryBackoff?: boolean;
  /** Not before this: seconds from now, or a point in time. */
  startAfter?: number | Date;
  /**
   * Dedupes by key according to the queue's declared `policy` (`short`: one queued job per key;
   * `singleton`: one running; `stately`: one queued and one running). With `standard` it only
   * matters together with `singletonSeconds`.
   */
  singletonKey?: string;
  /** At most one job per key (or per queue without a key) in each window of this many seconds. */
  singletonSeconds?: number;
  /** Bound on one attempt, in seconds (default 900); past it the attempt fails and its signal aborts. */
  expireInSeconds?: number;
  /** Higher runs first (default 0). */
  priority?: number;
  /**
   * Enqueue inside this transaction: the job exists only if the transaction commits (the
   * outbox pattern). Pass it whenever you send while holding a transaction — on the embedded
   * database there is one connection, and the transaction holds it.
   */
  transaction?: Knex.Transaction;
}

/** One attempt of a job, as its handler receives it. @public */
export interface JobContext<T = Record<string, unknown>> {
  id: string;
  /** The queue name as the mod declared it (without the mod-id prefix). */
  queue: string;
  data: T;
  /** 0 on the first attempt, then 1, 2, … */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the attempt passes its expiry, or when the worker stops and its grace ran out. */
  signal: AbortSignal;
}

/**
 * Works one job. Resolving completes it (the value, when an object, is kept as its output);
 * throwing fails the attempt, and the job is retried while retries remain. @public
 */
export type JobHandler<T = Record<string, unknown>> = (job: JobContext<T>) => unknown | Promise<unknown>;

/** Options of a worker. @public */
export interface JobWorkOptions {
  /** How often an idle worker looks for due jobs (retries, delayed jobs, other replicas' sends); default 2000, minimum 500. */
  pollingIntervalMs?: number;
}

/** A job's state as stored. @public */
export interface JobInfo {
  id: string;
  queue: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  retryCount: number;
  retryLimit: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** What the handler returned, or `{message}` of the last failure. */
  output: unknown;
}

/**
 * Durable jobs on the runtime's database (pg-boss): they survive restarts, are claimed once
 * across replicas, and retry with backoff. Queues are the mod's own: names are declared in the
 * manifest's `contributes.jobs` and stored as `<modId>.<name>`, so mods never see each
 * other's queues. @public
 */
export interface JobsService {
  /** Enqueues a job (`data` a JSON object); resolves to its id, or null when a singleton rule dropped it. */
  send<T extends object>(queue: string, data: T, options?: JobSendOptions): Promise<string | null>;
  /**
   * Starts a worker for the queue; one job at a time, each settled on its own. The disposer (also
   * run when the mod is disabled) stops taking work and waits, bounded, for the job in hand.
   */
  work<T = Record<string, unknown>>(queue: string, handler: JobHandler<T>, options?: JobWorkOptions): Disposable;
  /** The job, or undefined when this queue has no such job. */
  get(queue: string, id: string): Promise<JobInfo | undefined>;
  /**
   * The queue's newest jobs, finished ones too while the queue keeps them (pg-boss archives and
   * later deletes them), newest first: at most `limit` (default 50, at most 200). For a mod's
   * job diagnostics, which show states and words, never `data` or `output`.
   */
  recent(queue: string, options?: { limit?: number }): Promise<JobInfo[]>;
  /** Cancels a job that has not finished; false when there was nothing to cancel. */
  cancel(queue: string, id: string): Promise<boolean>;
}

/** The mod's durable job queues. @public */
export const jobsServiceRef = createServiceRef<JobsService>({ id: 'core.jobs', scope: 'mod' });
