/** Budget windows follow the operator's time zone: a month (and a day) ends at local midnight. */
import { describe, expect, it } from 'vitest';
import { windowKey } from '../src/budget-windows.js';

describe('budget windows', () => {
  it('puts the last evening of a month in that month in New York, and in the next one in UTC', () => {
    const instant = new Date('2026-12-01T03:30:00Z'); // 22:30 on 30 November in New York
    expect(windowKey('month', instant, 'America/New_York')).toBe('month:2026-11');
    expect(windowKey('month', instant, 'UTC')).toBe('month:2026-12');
    expect(windowKey('day', instant, 'America/New_York')).toBe('day:2026-11-30');
    expect(windowKey('day', instant, 'UTC')).toBe('day:2026-12-01');
  });

  it('starts a new month at local midnight east of UTC', () => {
    expect(windowKey('month', new Date('2026-11-30T22:59:59Z'), 'Europe/Berlin')).toBe('month:2026-11');
    expect(windowKey('month', new Date('2026-11-30T23:00:00Z'), 'Europe/Berlin')).toBe('month:2026-12');
  });

  it('keys a run budget by the run, and has no window for a call outside a run', () => {
    expect(windowKey('run', new Date(), 'UTC', 'r-1')).toBe('run:r-1');
    expect(windowKey('run', new Date(), 'UTC')).toBeUndefined();
  });
});
