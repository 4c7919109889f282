/**
 * The SDK heartbeat loop (sdk/helpers/liveness.ts) on a fake clock: advancing the clock is how a beat is
 * made due, not a measurement of how long anything took.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STALE_AFTER_MS, DEPARTED_SWEEP_MS, heartbeatIntervalMs, startHeartbeat } from '../../sdk/helpers/liveness.js';

const quietLog = () => ({ warn: vi.fn() });

describe('heartbeatIntervalMs', () => {
  it('is a third of the stale bound, at most 5 s and at least 250 ms', () => {
    expect(heartbeatIntervalMs(DEFAULT_STALE_AFTER_MS)).toBe(5_000);
    expect(heartbeatIntervalMs(9_000)).toBe(3_000);
    expect(heartbeatIntervalMs(3_600_000)).toBe(5_000);
    expect(heartbeatIntervalMs(300)).toBe(250);
  });
});

describe('startHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats one period after the start, then every period, and sweeps after each beat', async () => {
    const order: string[] = [];
    const heartbeat = startHeartbeat({
      name: 'test row',
      beat: async () => void order.push('beat'),
      sweep: async () => void order.push('sweep'),
      staleAfterMs: () => 9_000,
      log: quietLog(),
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual(['beat', 'sweep']);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(order).toEqual(['beat', 'sweep', 'beat', 'sweep']);
    await heartbeat.dispose();
  });

  it('re-reads the stale bound after every beat', async () => {
    let bound = 30_000;
    const beat = vi.fn(async () => {});
    const heartbeat = startHeartbeat({ name: 'test row', beat, staleAfterMs: async () => bound, log: quietLog() });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(beat).toHaveBeenCalledTimes(1);
    bound = 1_500; // a setting changed: the next beat comes 500 ms after this one
    await vi.advanceTimersByTimeAsync(5_000);
    const afterChange = beat.mock.calls.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(beat.mock.calls.length).toBe(afterChange + 1);
    await heartbeat.dispose();
  });

  it('never starts a beat while the previous one is still running', async () => {
    let inFlight = 0;
    let overlapped = false;
    let release: () => void = () => {};
    const beat = vi.fn(() => {
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      return new Promise<void>((resolve) => {
        release = () => {
          inFlight -= 1;
          resolve();
        };
      });
    });
    const heartbeat = startHeartbeat({ name: 'test row', beat, staleAfterMs: () => 3_000, log: quietLog() });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(beat).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000); // a slow beat: no second one meanwhile
    expect(beat).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(beat).toHaveBeenCalledTimes(2);
    expect(overlapped).toBe(false);
    release();
    await heartbeat.dispose();
  });

  it('logs a failed beat or sweep and goes on beating', async () => {
    const log = quietLog();
    let calls = 0;
    const heartbeat = startHeartbeat({
      name: 'test row',
      beat: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
      },
      sweep: async () => {
        throw new Error('sweep refused');
      },
      log,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'test row heartbeat failed');
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'test row stale sweep failed');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
    await heartbeat.dispose();
  });

  it('falls back to the default bound when the setting cannot be read', async () => {
    const log = quietLog();
    const beat = vi.fn(async () => {});
    const heartbeat = startHeartbeat({
      name: 'test row',
      beat,
      staleAfterMs: async () => {
        throw new Error('settings gone');
      },
      log,
    });
    await vi.advanceTimersByTimeAsync(heartbeatIntervalMs(DEFAULT_STALE_AFTER_MS));
    expect(beat).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'test row stale bound could not be read; the default applies');
    await heartbeat.dispose();
  });

  it('falls back to the default bound when the setting is not a positive number', async () => {
    const log = quietLog();
    const beat = vi.fn(async () => {});
    const heartbeat = startHeartbeat({ name: 'test row', beat, staleAfterMs: () => Number.NaN, log });
    await vi.advanceTimersByTimeAsync(heartbeatIntervalMs(DEFAULT_STALE_AFTER_MS) - 1);
    expect(beat).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(beat).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'test row stale bound could not be read; the default applies');
    await heartbeat.dispose();
  });

  it('stops on dispose, which waits for the beat in progress', async () => {
    let release: () => void = () => {};
    let finished = false;
    const beat = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            finished = true;
            resolve();
          };
        }),
    );
    const heartbeat = startHeartbeat({ name: 'test row', beat, staleAfterMs: () => 3_000, log: quietLog() });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(beat).toHaveBeenCalledTimes(1);
    let disposed = false;
    const stopping = heartbeat.dispose().then(() => {
      disposed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(disposed).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beat).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    await heartbeat.dispose(); // idempotent
  });

  it('sweeps departed owners every second on a loop of its own, whatever the beat period', async () => {
    const order: string[] = [];
    const heartbeat = startHeartbeat({
      name: 'test row',
      beat: async () => void order.push('beat'),
      sweepDeparted: async () => void order.push('departed'),
      staleAfterMs: () => 30_000,
      log: quietLog(),
    });
    expect(DEPARTED_SWEEP_MS).toBe(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual(['departed']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(order.filter((o) => o === 'departed')).toHaveLength(5);
    expect(order.filter((o) => o === 'beat')).toHaveLength(1);
    await heartbeat.dispose();
  });

  it('logs a failed departed-owner sweep and sweeps again a second later; dispose waits for one in progress', async () => {
    const log = quietLog();
    let calls = 0;
    let release: () => void = () => {};
    const heartbeat = startHeartbeat({
      name: 'test row',
      beat: async () => {},
      sweepDeparted: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('database gone'));
        return new Promise<void>((resolve) => (release = resolve));
      },
      log,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'test row departed-owner sweep failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    let disposed = false;
    const stopping = heartbeat.dispose().then(() => {
      disposed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(disposed).toBe(false);
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not beat when disposed before the first beat', async () => {
    const beat = vi.fn(async () => {});
    const heartbeat = startHeartbeat({ name: 'test row', beat, log: quietLog() });
    await heartbeat.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beat).not.toHaveBeenCalled();
  });
});
