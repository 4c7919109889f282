/** Small numeric helpers shared by the benchmarks. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank `p`th percentile (NaN of no values). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** `target / baseline`, rounded to 3 decimals; null when the baseline is not a positive number. */
export function ratio(target: number, baseline: number): number | null {
  if (!Number.isFinite(target) || !Number.isFinite(baseline) || baseline <= 0) return null;
  return round(target / baseline, 3);
}

export function round(value: number, decimals = 1): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export const fmt = {
  seconds: (ms: number): string => `${(ms / 1000).toFixed(2)} s`,
  mib: (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`,
  rps: (value: number): string => `${Math.round(value).toLocaleString('en-US')} req/s`,
  ratio: (value: number | null): string => (value === null ? 'n/a' : value.toFixed(2)),
  list: (values: readonly number[], unit: (v: number) => string): string => values.map(unit).join(', '),
};
