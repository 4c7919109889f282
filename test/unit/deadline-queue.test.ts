/**
 * The kernel's deadline queue (`kernel/deadline-queue.ts`): many deadlines on one timer, each
 * expiring once at its own time unless cancelled, whatever the mix of timeout values.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeadlineQueue } from '../../kernel/deadline-queue.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const queue = () => new DeadlineQueue({ now: () => Date.now() });

describe('DeadlineQueue', () => {
  it('expires each deadline once, at its time, and never a cancelled one', () => {
    const q = queue();
    const expired: string[] = [];
    const a = q.add(100, () => expired.push('a'));
    vi.advanceTimersByTime(10);
    q.add(100, () => expired.push('b'));
    const c = q.add(100, () => expired.push('c'));
    c.cancel();
    vi.advanceTimersByTime(89);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
    a.cancel(); // after expiry: nothing happens
    vi.advanceTimersByTime(10);
    expect(expired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1000);
    expect(expired).toEqual(['a', 'b']);
  });

  it('keeps one timer for thousands of deadlines in flight', () => {
    const q = queue();
    const deadlines = Array.from({ length: 5000 }, () => q.add(1000, () => undefined));
    expect(vi.getTimerCount()).toBe(1);
    for (const deadline of deadlines) deadline.cancel();
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets a cancelled head not hide the live deadline behind it', () => {
    const q = queue();
    const expired: number[] = [];
    const first = q.add(50, () => expired.push(1));
    vi.advanceTimersByTime(20);
    q.add(50, () => expired.push(2));
    first.cancel();
    vi.advanceTimersByTime(49);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual([2]);
  });

  it('mixes timeout values: a shorter one added later expires first', () => {
    const q = queue();
    const expired: string[] = [];
    q.add(500, () => expired.push('long'));
    q.add(100, () => expired.push('short'));
    q.add(300, () => expired.push('middle'));
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['short']);
    vi.advanceTimersByTime(200);
    expect(expired).toEqual(['short', 'middle']);
    vi.advanceTimersByTime(200);
    expect(expired).toEqual(['short', 'middle', 'long']);
  });

  it('runs a callback that adds a deadline, and expires that one in turn', () => {
    const q = queue();
    const expired: string[] = [];
    q.add(10, () => {
      expired.push('first');
      q.add(10, () => expired.push('second'));
    });
    vi.advanceTimersByTime(10);
    expect(expired).toEqual(['first']);
    vi.advanceTimersByTime(10);
    expect(expired).toEqual(['first', 'second']);
  });

  it('expires nothing once closed', () => {
    const q = queue();
    const expired: string[] = [];
    q.add(10, () => expired.push('x'));
    q.close();
    vi.advanceTimersByTime(100);
    expect(expired).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
