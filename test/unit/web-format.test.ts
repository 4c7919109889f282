/**
 * The console's one date format (`web/src/lib/format.ts`, drawn by `<Time>`): relative while
 * recent, a short date after a month; a moment that cannot be in the future never reads as one.
 */
import { describe, expect, it } from 'vitest';
import { dayKeyInZone, formatDayKey, formatMoney, formatRelative } from '../../web/src/lib/format.js';
import { formatSpend } from '../../web/src/lib/chat-models.js';

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

describe('money and days', () => {
  it('keeps a fraction of a cent visible and whole amounts to cents', () => {
    expect(formatMoney(0.0042, 'USD')).toBe('$0.0042');
    expect(formatMoney(0.5, 'USD')).toBe('$0.50');
    expect(formatMoney(0.043000000000000003, 'USD')).toBe('$0.043');
    expect(formatMoney(1234.567, 'USD')).toBe('$1,234.57');
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(3, null)).toBe('3');
    expect(formatMoney(Number.NaN, 'USD')).toBe('–');
  });

  it('says a run’s cost, and unpriced calls as such (never as free)', () => {
    expect(formatSpend({ cost: 0.007, currency: 'USD', unpricedCalls: 0 })).toBe('$0.007');
    expect(formatSpend({ cost: 0.007, currency: 'USD', unpricedCalls: 2 })).toBe('$0.007 + 2 unpriced calls');
    expect(formatSpend({ cost: 0, currency: null, unpricedCalls: 1 })).toBe('unpriced');
    expect(formatSpend({ cost: 0, currency: null, unpricedCalls: 0 })).toBeUndefined();
    expect(formatSpend(undefined)).toBeUndefined();
  });

  it('keys a moment by its calendar day in a zone', () => {
    expect(dayKeyInZone(new Date('2026-11-28T23:30:00Z'), 'UTC')).toBe('2026-11-28');
    expect(dayKeyInZone(new Date('2026-11-28T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-29');
    expect(formatDayKey('2026-11-28')).toMatch(/28/);
  });
});
