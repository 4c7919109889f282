/**
 * Five-field cron expressions (minute hour day-of-month month weekday) and their occurrences in
 * an IANA time zone.
 *
 * Our own parser rather than cron-parser's: a scheduled job's occurrence must match **every**
 * field, day-of-month and weekday together (`0 9 13 * 5` is Friday the 13th only), where classic
 * cron — and cron-parser — run when either day field matches. Errors name the field.
 *
 * Occurrences are wall-clock times in the zone: a time that a daylight-saving jump skips does not
 * occur that day, and a time that repeats when clocks go back occurs once, at its first instant.
 */

export const CRON_FIELDS = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
export type CronField = (typeof CRON_FIELDS)[number];

/** Why an expression was refused, naming the field (or `expression` for its overall shape). */
export class CronSyntaxError extends Error {
  constructor(
    readonly field: CronField | 'expression',
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** A parsed expression: one lookup table per field. */
export interface CronSpec {
  readonly source: string;
  readonly minute: readonly boolean[];
  readonly hour: readonly boolean[];
  readonly dayOfMonth: readonly boolean[];
  readonly month: readonly boolean[];
  readonly dayOfWeek: readonly boolean[];
}

const RANGES: Record<CronField, { min: number; max: number; names?: readonly string[] }> = {
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  dayOfMonth: { min: 1, max: 31 },
  month: { min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  // 7 is Sunday too.
  dayOfWeek: { min: 0, max: 7, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
};

export const MAX_CRON_LENGTH = 200;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function parseValue(field: CronField, text: string): number {
  const { min, max, names } = RANGES[field];
  let value: number;
  if (/^\d{1,2}$/.test(text)) value = Number(text);
  else {
    const index = names?.indexOf(text.toLowerCase()) ?? -1;
    if (index < 0) throw new CronSyntaxError(field, `"${text}" is not a number${names ? ' or a name' : ''}`);
    value = index + (field === 'month' ? 1 : 0);
  }
  if (value < min || value > max) throw new CronSyntaxError(field, `${value} is outside ${min}-${max}`);
  return value;
}

function parseField(field: CronField, text: string): boolean[] {
  const { min, max } = RANGES[field];
  const set = new Array<boolean>(max + 1).fill(false);
  for (const item of text.split(',')) {
    if (item === '') throw new CronSyntaxError(field, `empty list item in "${text}"`);
    const [range, stepText, extra] = item.split('/');
    if (extra !== undefined) throw new CronSyntaxError(field, `"${item}" has more than one step`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText) || Number(stepText) === 0) throw new CronSyntaxError(field, `step "${stepText}" must be a positive number`);
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*') {
      from = min;
      to = field === 'dayOfWeek' ? 6 : max;
    } else if (range!.includes('-')) {
      const [a, b, more] = range!.split('-');
      if (more !== undefined || a === '' || b === '') throw new CronSyntaxError(field, `"${range}" is not a range`);
      from = parseValue(field, a!);
      to = parseValue(field, b!);
      if (from > to) throw new CronSyntaxError(field, `range ${from}-${to} runs backwards`);
    } else {
      from = parseValue(field, range!);
      // `5/15` means 5, 20, 35, 50: from the value to the end of the field.
      to = stepText !== undefined ? (field === 'dayOfWeek' ? 6 : max) : from;
    }
    for (let v = from; v <= to; v += step) set[v] = true;
  }
  if (field === 'dayOfWeek' && set[7]) {
    set[0] = true;
    set.length = 7;
  }
  return set;
}

/** Parses a 5-field expression; throws {@link CronSyntaxError} naming the field at fault. */
export function parseCron(expression: string): CronSpec {
  if (typeof expression !== 'string' || expression.length > MAX_CRON_LENGTH) throw new CronSyntaxError('expression', `must be a string of at most ${MAX_CRON_LENGTH} characters`);
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '') {
    throw new CronSyntaxError('expression', `needs 5 fields (minute hour day-of-month month weekday), got ${parts[0] === '' ? 0 : parts.length}`);
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parts.map((text, i) => parseField(CRON_FIELDS[i]!, text));
  // Every field must match, so a day-of-month no chosen month has never occurs.
  if (!month!.some((on, m) => on && dayOfMonth!.some((d, day) => d && day <= DAYS_IN_MONTH[m - 1]!))) {
    throw new CronSyntaxError('dayOfMonth', 'no chosen month has any of these days');
  }
  return { source: parts.join(' '), minute: minute!, hour: hour!, dayOfMonth: dayOfMonth!, month: month!, dayOfWeek: dayOfWeek! };
}

// ---- time zones -------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/**
 * The wall clock of `instant` in the zone, as a UTC-based number (a calendar, not an instant):
 * `Date.UTC(y, m, d, h, mi, s)` of what a clock there shows.
 */
export function wallClock(instant: number, timeZone: string): number {
  if (isUtc(timeZone)) return instant;
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) + (instant % 1000);
}

/** The instants whose wall clock in the zone is `wall` (none in a skipped hour, two in a repeated one), earliest first. */
export function instantsOf(wall: number, timeZone: string): number[] {
  if (isUtc(timeZone)) return [wall];
  const DAY = 86_400_000;
  // Offsets change at most once within two days, so the ones a day before and after cover both sides.
  const offsets = new Set([wallClock(wall - DAY, timeZone) - (wall - DAY), wallClock(wall + DAY, timeZone) - (wall + DAY)]);
  const found: number[] = [];
  for (const offset of offsets) {
    const instant = wall - offset;
    if (wallClock(instant, timeZone) === wall) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

/** How many days ahead `next` looks before it gives up (the rarest real pattern, Feb 29 on a weekday, recurs within 28 years). */
const HORIZON_DAYS = 366 * 29;

/** The first occurrence strictly after `after` (ms), or null when none within the horizon. */
export function nextOccurrence(spec: CronSpec, after: number, timeZone: string): number | null {
  const MINUTE = 60_000;
  // Search wall-clock minutes from the one after `after`'s wall clock.
  const startWall = Math.floor(wallClock(after, timeZone) / MINUTE) * MINUTE + MINUTE;
  const start = new Date(startWall);
  let day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  let fromMinuteOfDay = start.getUTCHours() * 60 + start.getUTCMinutes();
  for (let i = 0; i < HORIZON_DAYS; i++, day += 86_400_000, fromMinuteOfDay = 0) {
    const date = new Date(day);
    if (!spec.month[date.getUTCMonth() + 1] || !spec.dayOfMonth[date.getUTCDate()] || !spec.dayOfWeek[date.getUTCDay()]) continue;
    for (let h = Math.floor(fromMinuteOfDay / 60); h < 24; h++) {
      if (!spec.hour[h]) continue;
      for (let m = h === Math.floor(fromMinuteOfDay / 60) ? fromMinuteOfDay % 60 : 0; m < 60; m++) {
        if (!spec.minute[m]) continue;
        const wall = day + (h * 60 + m) * MINUTE;
        const instant = instantsOf(wall, timeZone).find((t) => t > after);
        if (instant !== undefined) return instant;
      }
    }
  }
  return null;
}

/** Up to `count` occurrences after `after`. */
export function nextOccurrences(spec: CronSpec, after: number, timeZone: string, count: number): number[] {
  const out: number[] = [];
  let cursor = after;
  while (out.length < count) {
    const next = nextOccurrence(spec, cursor, timeZone);
    if (next === null) break;
    out.push(next);
    cursor = next;
  }
  return out;
}
