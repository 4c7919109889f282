/** Admitted runs start once the admissions under way are done, in admission order, and never wait past the hold bound. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionsFirst, MAX_HOLD_MS, RELEASE_SLICE } from '../src/services/run/admissions-first.js';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('admissions first', () => {
  afterEach(() => vi.useRealTimers());

  it('lets a run start at once when no admission is in flight', async () => {
    expect(await settled(new AdmissionsFirst().idle())).toBe(true);
  });

  it('holds runs while an admission is in flight and releases them in order when the last one leaves', async () => {
    const gate = new AdmissionsFirst();
    const order: number[] = [];
    gate.enter();
    gate.enter();
    const first = gate.idle().then(() => order.push(1));
    const second = gate.idle().then(() => order.push(2));
    gate.leave();
    expect(await settled(first)).toBe(false);
    gate.leave();
    await Promise.all([first, second]);
    expect(order).toEqual([1, 2]);
    // A refused admission leaves too: nothing stays held.
    gate.enter();
    gate.leave();
    expect(await settled(gate.idle())).toBe(true);
  });

  it('never holds a run longer than the bound, even while admissions keep coming', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const gate = new AdmissionsFirst();
    gate.enter();
    const held = gate.idle();
    expect(await settled(held)).toBe(false);
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(await settled(held)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(held)).toBe(true);
    gate.leave();
  });

  it('releases a crowd a slice per turn of the event loop, in order, with later runs behind it', async () => {
    const gate = new AdmissionsFirst();
    const order: number[] = [];
    gate.enter();
    const crowd = Array.from({ length: RELEASE_SLICE * 2 + 1 }, (_, i) => gate.idle().then(() => order.push(i)));
    gate.leave();
    await Promise.resolve();
    expect(order).toHaveLength(RELEASE_SLICE);
    // A run that asks while the crowd is still starting goes after it.
    const late = gate.idle().then(() => order.push(-1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toHaveLength(RELEASE_SLICE * 2);
    await Promise.all([...crowd, late]);
    expect(order).toEqual([...Array.from({ length: RELEASE_SLICE * 2 + 1 }, (_, i) => i), -1]);
    expect(await settled(gate.idle())).toBe(true);
  });
});
