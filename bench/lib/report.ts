/** The table `npm run bench` prints, one row per reported figure. */

export type Verdict = 'PASS' | 'MISS' | 'info' | 'ERROR';

export interface Row {
  benchmark: string;
  measured: string;
  baseline: string;
  /** measured / baseline, formatted. */
  ratio: string;
  target: string;
  result: Verdict;
}

/** What each benchmark hands back to bench/run.ts. */
export interface BenchOutcome {
  rows: Row[];
  /** Extra lines printed under the table (samples, breakdowns). */
  notes: string[];
  /** Raw numbers for the BENCH_JSON line. */
  raw: Record<string, unknown>;
}

const COLUMNS: { key: keyof Row; title: string }[] = [
  { key: 'benchmark', title: 'benchmark' },
  { key: 'measured', title: 'measured' },
  { key: 'baseline', title: 'baseline (same run)' },
  { key: 'ratio', title: 'ratio' },
  { key: 'target', title: 'target' },
  { key: 'result', title: 'result' },
];

export function formatTable(rows: readonly Row[]): string {
  const widths = COLUMNS.map(({ key, title }) => Math.max(title.length, ...rows.map((row) => row[key].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...rows.map((row) => line(COLUMNS.map((c) => row[c.key])))].join('\n');
}
