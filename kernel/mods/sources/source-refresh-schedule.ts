/**
 * The background refresh of every mod source: a durable job on the kernel's queue, so it
 * survives restarts and runs on one replica at a time. Each run schedules the next one: after
 * a clean run `intervalHours` later; after a run where a source failed, sooner, with
 * exponential backoff (5 min, 10, 20, 40, …, never later than the regular interval), so a
 * source that was briefly unreachable is read again without waiting hours.
 *
 * pg-boss's `stately` policy keeps at most one run queued and one active for the queue. Runs
 * are sent without retries: the handler never throws (it records a failure and reschedules),
 * and it queues the next run before working, so a replica dying mid-run loses nothing more.
 */
import type { Logger } from 'pino';
import type { Disposable } from '../../../sdk/disposable.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { SettingsStore } from '../../storage/settings-store.js';
import type { SourceCatalog } from './source-catalog.js';

export const REFRESH_QUEUE = 'kernel.mod-source-refresh';
const SHORT_NAME = 'mod-source-refresh';
const OWNER = 'kernel';
const SETTINGS_KEY = 'mod-source-refresh';
const STATE_KEY = 'mod-source-refresh-state';
/** The first retry after a failed run; doubled after each further failed run. */
export const REFRESH_BACKOFF_BASE_MS = 5 * 60_000;
/** Due runs start within this long (the worker looks for due jobs at this pace). */
const POLLING_MS = 30_000;

export interface RefreshSettings {
  enabled: boolean;
  intervalHours: number;
}

interface RefreshState {
  lastRunAt: string | null;
  nextRunAt: string | null;
  /** Failed runs in a row (the backoff exponent). */
  failures: number;
  /** The queued run, to cancel when the settings change. */
  jobId: string | null;
}

export const DEFAULT_REFRESH_SETTINGS: RefreshSettings = Object.freeze({ enabled: true, intervalHours: 6 });
const EMPTY_STATE: RefreshState = { lastRunAt: null, nextRunAt: null, failures: 0, jobId: null };

export class SourceRefreshSchedule {
  private worker: Disposable | undefined;

  constructor(private readonly deps: { jobs: JobQueue; settings: SettingsStore; catalog: SourceCatalog; log: Logger }) {}

  /** Starts the worker and makes sure the next run is queued (once across replicas). */
  async start(): Promise<void> {
    this.worker = this.deps.jobs.work(REFRESH_QUEUE, SHORT_NAME, OWNER, () => this.run(), { pollingIntervalMs: POLLING_MS }, 'stately');
    const [settings, state] = await Promise.all([this.settings(), this.state()]);
    if (!settings.enabled) return;
    if (state.jobId) {
      const job = await this.deps.jobs.get(REFRESH_QUEUE, SHORT_NAME, state.jobId);
      if (job && ['created', 'retry', 'active'].includes(job.state)) return;
    }
    const due = state.nextRunAt ? new Date(state.nextRunAt) : new Date(Date.now() + hours(settings.intervalHours));
    await this.schedule(due, state);
  }

  async stop(): Promise<void> {
    await this.worker?.dispose();
    this.worker = undefined;
  }

  async settings(): Promise<RefreshSettings> {
    return { ...DEFAULT_REFRESH_SETTINGS, ...((await this.deps.settings.get<RefreshSettings>(OWNER, SETTINGS_KEY)) ?? {}) };
  }

  async view(): Promise<{ settings: RefreshSettings; lastRunAt: string | null; nextRunAt: string | null }> {
    const [settings, state] = await Promise.all([this.settings(), this.state()]);
    return { settings, lastRunAt: state.lastRunAt, nextRunAt: settings.enabled ? state.nextRunAt : null };
  }

  /** Saves the settings and moves the queued run to match them. */
  async update(settings: RefreshSettings): Promise<void> {
    await this.deps.settings.set(OWNER, SETTINGS_KEY, settings);
    const state = await this.state();
    if (state.jobId) await this.deps.jobs.cancel(REFRESH_QUEUE, state.jobId).catch(() => false);
    if (!settings.enabled) {
      await this.saveState({ ...state, jobId: null, nextRunAt: null });
      return;
    }
    const from = state.lastRunAt ? new Date(state.lastRunAt).getTime() : Date.now();
    await this.schedule(new Date(Math.max(Date.now(), from + hours(settings.intervalHours))), { ...state, jobId: null });
  }

  private async run(): Promise<{ refreshed: number; failed: number }> {
    const settings = await this.settings();
    let state = await this.state();
    // The next run is queued before this one works: a replica that dies mid-run leaves it queued.
    if (settings.enabled) state = await this.schedule(new Date(Date.now() + hours(settings.intervalHours)), { ...state, jobId: null });
    let failed = 0;
    let refreshed = 0;
    try {
      const result = await this.deps.catalog.refreshAll();
      failed = result.failed;
      refreshed = result.sources.length - failed;
    } catch (error) {
      failed = 1;
      this.deps.log.warn({ reason: (error as Error).message }, 'mod source refresh failed');
    }
    const failures = failed > 0 ? state.failures + 1 : 0;
    state = { ...state, lastRunAt: new Date().toISOString(), failures };
    if (failures > 0 && settings.enabled) {
      const backoff = Math.min(hours(settings.intervalHours), REFRESH_BACKOFF_BASE_MS * 2 ** Math.min(failures - 1, 20));
      if (state.jobId) await this.deps.jobs.cancel(REFRESH_QUEUE, state.jobId).catch(() => false);
      state = await this.schedule(new Date(Date.now() + backoff), { ...state, jobId: null });
    } else {
      await this.saveState(settings.enabled ? state : { ...state, nextRunAt: null, jobId: null });
    }
    return { refreshed, failed };
  }

  private async schedule(due: Date, state: RefreshState): Promise<RefreshState> {
    // No retries: a run records its own failures and schedules the next one (see above).
    const jobId = await this.deps.jobs.send(REFRESH_QUEUE, {}, { startAfter: due, retryLimit: 0, singletonKey: SHORT_NAME }, 'stately');
    // null: another replica (or an earlier start) already queued the run; keep its time.
    const next = { ...state, nextRunAt: jobId ? due.toISOString() : state.nextRunAt, jobId: jobId ?? state.jobId };
    await this.saveState(next);
    return next;
  }

  private async state(): Promise<RefreshState> {
    return { ...EMPTY_STATE, ...((await this.deps.settings.get<RefreshState>(OWNER, STATE_KEY)) ?? {}) };
  }

  private saveState(state: RefreshState): Promise<void> {
    return this.deps.settings.set(OWNER, STATE_KEY, state);
  }
}

const hours = (n: number) => n * 3_600_000;
