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
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
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

/** `a, b` / one per line → `['a', 'b']`: trimmed, empties dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}
