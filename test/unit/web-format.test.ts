/**
 * The console's one date format (`web/src/lib/format.ts`, drawn by `<Time>`): relative while
 * recent, a short date after a month; a moment that cannot be in the future never reads as one.
 */
import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../web/src/lib/format.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const at = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

describe('formatRelative', () => {
  it('reads recent moments relative to now, either way', () => {
    expect(formatRelative(at(-10), NOW)).toBe('just now');
    expect(formatRelative(at(10), NOW)).toBe('in a moment');
    expect(formatRelative(at(-5 * 60), NOW)).toMatch(/5 minutes ago/);
    expect(formatRelative(at(3 * 86_400), NOW)).toMatch(/in 3 days/);
  });

  it('reads a past moment (an end, a creation) as past even at or slightly after the clock it is compared with', () => {
    expect(formatRelative(at(0), NOW, true)).toBe('just now');
    expect(formatRelative(at(20), NOW, true)).toBe('just now');
    expect(formatRelative(at(20 * 60), NOW, true)).toBe('just now');
  });

  it('falls back to a short date after a month, and a dash for nothing', () => {
    expect(formatRelative(at(-90 * 86_400), NOW)).toMatch(/2026/);
    expect(formatRelative(null, NOW)).toBe('–');
    expect(formatRelative('not a date', NOW)).toBe('–');
  });
});
