/**
 * Liveness of rows a process is working on (runs, steps, deliveries, cycles): the process that
 * owns a row writes its heartbeat, and a row whose heartbeat is older than the stale bound was
 * left by a process that is gone, so whichever process sweeps first marks it (each mod's own
 * conditional UPDATE, so one process marks each row). This file holds only the timing and the
 * loop; which rows and the sweep's SQL stay in the mod.
 *
 * The rule: a row is stale after S without a heartbeat; its owner beats every S/3, at most 5 s
 * (at least 250 ms). A live row therefore misses two beats before it could look dead, and a
 * dead process's rows are marked within S plus one beat (35 s with the default 30 s). On the
 * embedded database a mod sweeps every such row at startup instead (the data-dir lock makes its
 * process the only one), and needs no periodic sweep.
 *
 * A process that died (crash, `kill -9`) is noticed much sooner on PostgreSQL: its session lock
 * is gone at once (`ProcessLivenessService.departed`), so a mod whose rows record their owner's
 * instance id also gives `sweepDeparted`, run every second, which marks the rows of departed
 * owners. The heartbeat bound stays the fallback for a process that is alive but stuck.
 */
import type { LoggerService } from '../core-services.js';
import type { Disposable } from '../disposable.js';

/** The stale bound a mod uses unless it has a setting for it (the chat mod's `staleRunAfterMs` default). @public */
export const DEFAULT_STALE_AFTER_MS = 30_000;
/** Longest pause between two beats, whatever the bound: a long bound still learns of a dead process quickly. @public */
export const HEARTBEAT_MAX_MS = 5_000;
/** Shortest pause between two beats: a tiny bound must not turn the loop into a busy one. @public */
export const HEARTBEAT_MIN_MS = 250;
/** Pause between two sweeps of departed owners' rows (`HeartbeatOptions.sweepDeparted`). @public */
export const DEPARTED_SWEEP_MS = 1_000;

/** The beat period for a stale bound: a third of it, between 250 ms and 5 s. @public */
export function heartbeatIntervalMs(staleAfterMs: number): number {
  return Math.max(HEARTBEAT_MIN_MS, Math.min(HEARTBEAT_MAX_MS, Math.floor(staleAfterMs / 3)));
}

/** @public */
export interface HeartbeatOptions {
  /** What the rows are, for the log line of a failed beat ("task run"). */
  name: string;
  /** Writes the heartbeat of the rows active in this process (a no-op when there are none). */
  beat: () => Promise<unknown>;
  /**
   * Marks other processes' stale rows, after each beat; given on PostgreSQL only (on the
   * embedded database the startup sweep took every row). Runs even when the beat failed.
   */
  sweep?: () => Promise<unknown>;
  /**
   * Marks the rows of other processes that are gone (`ProcessLivenessService.departed`: their
   * session lock is free), every {@link DEPARTED_SWEEP_MS}, on a loop of its own; given on
   * PostgreSQL only. Keep it cheap when no other process owns rows (one indexed read). Marking
   * is a conditional UPDATE, as `sweep`'s, so it and `sweep` never mark a row twice.
   */
  sweepDeparted?: () => Promise<unknown>;
  /**
   * The stale bound now (a mod setting, or {@link DEFAULT_STALE_AFTER_MS} when omitted). Read
   * after every beat, so a changed setting applies from the next one; a failed read falls back
   * to the default.
   */
  staleAfterMs?: () => number | Promise<number>;
  log: Pick<LoggerService, 'warn'>;
}

/** A running heartbeat loop. @public */
export interface Heartbeat extends Disposable {
  /** Stops the loop; resolves when a beat in progress ended. Idempotent. */
  dispose(): Promise<void>;
}

/**
 * Starts a mod's heartbeat loop (and its departed-owner sweep, when given). The first beat comes
 * one period after the start (the mod swept at startup); each next one is planned when the
 * previous beat and sweep ended, so beats never overlap. The timers are unref'd (they never keep
 * the process alive). `dispose` stops the loops and resolves when a beat or sweep in progress
 * ended; call it first on disable. @public
 */
export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  let stopped = false;
  const bound = async (): Promise<number> => {
    if (!options.staleAfterMs) return DEFAULT_STALE_AFTER_MS;
    try {
      const ms = await options.staleAfterMs();
      // A setting that is missing (undefined) or not a number must not turn the loop into a busy one.
      if (typeof ms === 'number' && Number.isFinite(ms) && ms > 0) return ms;
      throw new Error(`not a positive number of milliseconds: ${String(ms)}`);
    } catch (err) {
      options.log.warn({ err }, `${options.name} stale bound could not be read; the default applies`);
      return DEFAULT_STALE_AFTER_MS;
    }
  };

  const once = async () => {
    await options.beat().catch((err: unknown) => options.log.warn({ err }, `${options.name} heartbeat failed`));
    if (options.sweep && !stopped) await options.sweep().catch((err: unknown) => options.log.warn({ err }, `${options.name} stale sweep failed`));
  };

  const loops = [repeat(async () => heartbeatIntervalMs(await bound()), once)];
  const sweepDeparted = options.sweepDeparted;
  if (sweepDeparted) {
    loops.push(repeat(DEPARTED_SWEEP_MS, () => sweepDeparted().then(undefined, (err: unknown) => options.log.warn({ err }, `${options.name} departed-owner sweep failed`))));
  }

  let disposed: Promise<void> | undefined;
  return {
    dispose() {
      stopped = true;
      disposed ??= Promise.all(loops.map((loop) => loop.dispose())).then(() => undefined);
      return disposed;
    },
  };
}

/** Runs `fn` after each delay, the next delay planned when `fn` ended (never overlapping); `fn` must not throw. */
function repeat(delayMs: number | (() => Promise<number>), fn: () => Promise<void>): Heartbeat {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = async () => {
    if (stopped) return;
    const delay = typeof delayMs === 'number' ? delayMs : await delayMs();
    if (stopped) return;
    timer = setTimeout(() => {
      running = fn().finally(() => {
        running = undefined;
        if (!stopped) void schedule();
      });
    }, delay);
    timer.unref();
  };
  void schedule();
  let disposed: Promise<void> | undefined;
  return {
    dispose() {
      disposed ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        await running;
      })();
      return disposed;
    },
  };
}
