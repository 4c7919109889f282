/** The cron rules: fields, the AND of day-of-month and weekday, errors naming the field, and wall-clock time across DST. */
import { describe, expect, it } from 'vitest';
import { CronSyntaxError, nextOccurrence, nextOccurrences, parseCron } from '../src/services/cron.js';

const at = (iso: string) => Date.parse(iso);
const isoList = (times: number[]) => times.map((t) => new Date(t).toISOString());

function refusal(expression: string): { field: string; reason: string } {
  try {
    parseCron(expression);
  } catch (error) {
    if (error instanceof CronSyntaxError) return { field: error.field, reason: error.reason };
    throw error;
  }
  throw new Error(`${expression} was accepted`);
}

describe('parseCron', () => {
  it('accepts lists, ranges, steps and names, and normalises spacing', () => {
    const spec = parseCron('  */15  9-17/4 1,15 jan-MAR mon-fri ');
    expect(spec.source).toBe('*/15 9-17/4 1,15 jan-MAR mon-fri');
    expect(spec.minute.flatMap((on, m) => (on ? [m] : []))).toEqual([0, 15, 30, 45]);
    expect(spec.hour.flatMap((on, h) => (on ? [h] : []))).toEqual([9, 13, 17]);
    expect(spec.month.flatMap((on, m) => (on ? [m] : []))).toEqual([1, 2, 3]);
    expect(spec.dayOfWeek.flatMap((on, d) => (on ? [d] : []))).toEqual([1, 2, 3, 4, 5]);
    expect(parseCron('0 0 * * 7').dayOfWeek[0]).toBe(true);
    expect(parseCron('5/20 * * * *').minute.flatMap((on, m) => (on ? [m] : []))).toEqual([5, 25, 45]);
  });

  it('names the field at fault', () => {
    expect(refusal('61 * * * *')).toEqual({ field: 'minute', reason: '61 is outside 0-59' });
    expect(refusal('* 24 * * *').field).toBe('hour');
    expect(refusal('* * 0 * *').field).toBe('dayOfMonth');
    expect(refusal('* * * 13 *').field).toBe('month');
    expect(refusal('* * * * 8').field).toBe('dayOfWeek');
    expect(refusal('* * * * funday').field).toBe('dayOfWeek');
    expect(refusal('*/0 * * * *').field).toBe('minute');
    expect(refusal('* 5-2 * * *').field).toBe('hour');
    expect(refusal('1,,2 * * * *').field).toBe('minute');
    expect(refusal('* * * *').field).toBe('expression');
    expect(refusal('* * * * * *').field).toBe('expression');
    expect(refusal('@daily').field).toBe('expression');
    // Every field must match: February has no 30th.
    expect(refusal('0 0 30 2 *').field).toBe('dayOfMonth');
  });
});

describe('nextOccurrence', () => {
  it('needs day-of-month and weekday together (Friday the 13th), unlike classic cron', () => {
    const spec = parseCron('0 9 13 * 5');
    expect(isoList(nextOccurrences(spec, at('2026-01-01T00:00:00Z'), 'UTC', 3))).toEqual(['2026-02-13T09:00:00.000Z', '2026-03-13T09:00:00.000Z', '2026-11-13T09:00:00.000Z']);
  });

  it('is strictly after the given instant', () => {
    const spec = parseCron('*/5 * * * *');
    expect(new Date(nextOccurrence(spec, at('2026-05-01T10:05:00Z'), 'UTC')!).toISOString()).toBe('2026-05-01T10:10:00.000Z');
    expect(new Date(nextOccurrence(spec, at('2026-05-01T10:04:59.999Z'), 'UTC')!).toISOString()).toBe('2026-05-01T10:05:00.000Z');
  });

  it('follows the wall clock of the zone', () => {
    const spec = parseCron('30 9 * * *');
    expect(new Date(nextOccurrence(spec, at('2026-06-01T00:00:00Z'), 'Europe/Berlin')!).toISOString()).toBe('2026-06-01T07:30:00.000Z');
    expect(new Date(nextOccurrence(spec, at('2026-01-05T00:00:00Z'), 'Asia/Kolkata')!).toISOString()).toBe('2026-01-05T04:00:00.000Z');
  });

  it('skips a time a spring-forward jump removes and runs a repeated time once', () => {
    // New York, 2026-03-08: 02:00 EST → 03:00 EDT; 2026-11-01: 02:00 EDT → 01:00 EST.
    const spring = parseCron('30 2 * * *');
    expect(isoList(nextOccurrences(spring, at('2026-03-07T00:00:00Z'), 'America/New_York', 2))).toEqual([
      '2026-03-07T07:30:00.000Z', // the 7th, 02:30 EST
      '2026-03-09T06:30:00.000Z', // the 9th, 02:30 EDT (the 8th has no 02:30)
    ]);
    const fall = parseCron('30 1 * * *');
    expect(isoList(nextOccurrences(fall, at('2026-10-31T12:00:00Z'), 'America/New_York', 2))).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT, the first of the two
      '2026-11-02T06:30:00.000Z', // 01:30 EST the next day
    ]);
  });
});
