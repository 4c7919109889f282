/** `93784` → `1d 2h 3m`; under a minute shows seconds. */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 60) return `${Math.floor(seconds)}s`;
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return [d && `${d}d`, (d || h) && `${h}h`, `${m}m`].filter(Boolean).join(' ');
}

/** Binary units, one decimal: `123456789` → `117.7 MiB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${formatNumber(value)} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** `sha256:0123456789abcdef…` → `0123456789ab`. */
export function shortIdentity(identity: string): string {
  return identity.replace(/^[a-z0-9]+:/, '').slice(0, 12);
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
];

/**
 * An ISO time relative to `now` while it is within a month (`5 minutes ago`, `in 3 days`),
 * otherwise a short date (`12 Mar 2027`); `–` for a missing or unparseable value. `past`:
 * the time cannot be in the future (a creation, a last use), so a server clock slightly ahead
 * of this one shows `just now`, not `in a moment`.
 */
export function formatRelative(iso: string | null | undefined, now = Date.now(), past = false): string {
  if (!iso) return '–';
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '–';
  let value = (past ? Math.min(at, now) - now : at - now) / 1000;
  if (Math.abs(value) < 45) return value < 0 || past ? 'just now' : 'in a moment';
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit);
    value /= size;
  }
  return formatDate(iso);
}

/** `12 Mar 2027`, in the browser's locale and time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The full local date and time, for a `title` next to a relative or short date. */
export function formatDateTime(iso: string | null | undefined): string | undefined {
  return iso ? new Date(iso).toLocaleString() : undefined;
}

/**
 * A moment as a clock in `timeZone` shows it (a schedule's zone, the operator's zone), with the
 * parts `options` asks for; the browser's locale. `Sat 28 Nov 2026, 09:00` by default.
 */
export function formatInZone(at: string | Date, timeZone: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }): string {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(typeof at === 'string' ? new Date(at) : at);
}

/** A calendar month's title, `November 2026` (`month` 1–12). */
export function formatMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Every number the console shows goes through this one format: `1,234`, `0.5`. */
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `1234` → `1,234`; `–` for what is not a finite number. */
export function formatNumber(n: number): string {
  return Number.isFinite(n) ? NUMBER.format(n) : '–';
}

/** `1 step`, `3 steps`, `1,204 tasks` (`plural` for irregular words). */
export function formatCount(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

/** `1,234 tokens`, `1 token`. */
export function formatTokens(n: number): string {
  return formatCount(n, 'token');
}

/** `128000` → `128k`, `1047576` → `1M`, `8192` → `8k`. */
export function compactTokens(n: number): string {
  if (n >= 1_000_000) return `${formatNumber(Math.round(n / 100_000) / 10)}M`;
  if (n >= 1000) return `${formatNumber(Math.round(n / 1000))}k`;
  return formatNumber(n);
}

/** `850 ms`, `3.2 s`, `1 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${formatNumber(Math.round(ms / 100) / 10)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds > 0 ? `${formatNumber(minutes)} min ${seconds} s` : `${formatNumber(minutes)} min`;
}

/** `a, b` / one per line → `['a', 'b']`: trimmed, empties dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * An amount of money in its ISO 4217 currency: `$0.0042`, `€12.50`. Small amounts keep enough
 * digits to tell them from zero (a model call often costs a fraction of a cent); `–` for what is
 * not a finite number. Without a currency the plain number.
 */
export function formatMoney(amount: number, currency: string | null | undefined): string {
  if (!Number.isFinite(amount)) return '–';
  if (!currency) return formatNumber(amount);
  // Under one unit: two significant digits after the leading zeros (`$0.0042`, `$0.50`).
  const digits = amount !== 0 && Math.abs(amount) < 1 ? Math.min(8, Math.max(2, 1 - Math.floor(Math.log10(Math.abs(amount))) + 1)) : 2;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: digits }).format(amount);
  } catch {
    return `${formatNumber(amount)} ${currency}`;
  }
}

/** The calendar day of a moment in `timeZone` as `2026-11-28` (a key, not for display). */
export function dayKeyInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(at);
}

/** A `2026-11-28` day key as a short date, `Nov 28` (`withYear`: `Nov 28, 2026`). */
export function formatDayKey(day: string, withYear = false): string {
  return formatInZone(`${day}T12:00:00Z`, 'UTC', withYear ? { day: 'numeric', month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' });
}
